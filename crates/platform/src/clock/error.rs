//! Errors of the clock.

use super::flag::FlagKind;
use thiserror::Error;
use xiangqi::Color;

/// Why a clock operation was refused. A refused operation changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ClockError {
    /// The time control is out of range or contradictory.
    #[error("invalid time control: {0}")]
    InvalidControl(&'static str),
    /// `start` on a clock that has already started.
    #[error("the clock has already started")]
    AlreadyStarted,
    /// The operation needs a running clock.
    #[error("the clock is not running")]
    NotRunning,
    /// `resume` on a clock that is not paused.
    #[error("the clock is not paused")]
    NotPaused,
    /// `set_control` for a player who has already moved.
    #[error("the player has already moved")]
    AlreadyMoved,
    /// The clock was stopped: the game is over.
    #[error("the clock has stopped")]
    Stopped,
    /// The move came after the player's time ran out.
    #[error("{color} ran out of time ({kind:?})")]
    Flagged {
        /// The side whose time ran out.
        color: Color,
        /// The limit exceeded.
        kind: FlagKind,
    },
}
