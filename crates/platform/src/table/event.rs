//! Events: what happened at a table, in order, for clients and storage.

use super::handicap::Handicap;
use crate::clock::{ClockSnapshot, TimeControl};
use crate::ids::{Millis, UserId};
use xiangqi::{Color, Move, Outcome};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// Played to a result; the outcome carries its [`xiangqi::EndReason`].
    Finished {
        /// Result and reason.
        outcome: Outcome,
        /// Moves (plies) played.
        plies: usize,
    },
    /// Called off before both sides moved: no result, unrated.
    Aborted {
        /// Why.
        reason: AbortReason,
        /// Moves (plies) played.
        plies: usize,
    },
}

impl GameEnd {
    /// The outcome, unless aborted.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            GameEnd::Finished { outcome, .. } => Some(*outcome),
            GameEnd::Aborted { .. } => None,
        }
    }

    /// Moves (plies) played.
    #[must_use]
    pub fn plies(&self) -> usize {
        match self {
            GameEnd::Finished { plies, .. } | GameEnd::Aborted { plies, .. } => *plies,
        }
    }
}

/// Why a game was aborted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbortReason {
    /// A player asked for it.
    Requested(Color),
    /// This side did not make its first move in time.
    NoFirstMove(Color),
}

/// Something that happened at a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A spectator arrived.
    Joined(UserId),
    /// A user left the table.
    Left(UserId),
    /// A user took a seat.
    Sat {
        /// Who.
        user: UserId,
        /// Which seat.
        color: Color,
    },
    /// A user left a seat (to watch, to leave, or vacated after a disconnection).
    Stood {
        /// Who.
        user: UserId,
        /// Which seat.
        color: Color,
    },
    /// A seated player became ready or not.
    Ready {
        /// The seat.
        color: Color,
        /// Ready now?
        ready: bool,
    },
    /// A player declined the other's request to play (the other's seat is not ready any
    /// more; a `Ready` event follows).
    RematchDeclined {
        /// Who declined.
        by: Color,
    },
    /// A time control was proposed.
    TimeControlProposed {
        /// Proposer's seat.
        by: Color,
        /// The proposal.
        control: TimeControl,
    },
    /// The proposal was declined or withdrawn.
    TimeControlDeclined {
        /// Who declined (or withdrew).
        by: Color,
    },
    /// The table's time control changed (agreed, or set by a player sitting alone).
    TimeControlSet(TimeControl),
    /// A handicap was proposed.
    HandicapProposed {
        /// Proposer's seat.
        by: Color,
        /// The proposal.
        handicap: Handicap,
    },
    /// The handicap proposal was declined or withdrawn.
    HandicapDeclined {
        /// Who declined (or withdrew).
        by: Color,
    },
    /// The handicap of the next games changed: agreed, or dropped (`None`: even games).
    HandicapSet(Option<Handicap>),
    /// A game started; the clock of the side to move runs.
    GameStarted {
        /// The table's game number (1, 2, …).
        number: u32,
        /// Red player.
        red: UserId,
        /// Black player.
        black: UserId,
        /// Its time control.
        control: TimeControl,
    },
    /// A move was made.
    Moved {
        /// The side that moved.
        color: Color,
        /// The move.
        mv: Move,
        /// Moves (plies) played, this one included.
        ply: usize,
        /// The clocks after the move.
        clock: ClockSnapshot,
    },
    /// A draw was offered.
    DrawOffered {
        /// By whom.
        by: Color,
    },
    /// A draw offer was declined.
    DrawDeclined {
        /// By whom.
        by: Color,
    },
    /// An undo was requested.
    UndoRequested {
        /// By whom.
        by: Color,
        /// How many moves would be taken back.
        plies: usize,
    },
    /// An undo request was declined or withdrawn.
    UndoDeclined {
        /// By whom.
        by: Color,
    },
    /// Moves were taken back and the clocks restored.
    Undone {
        /// How many moves.
        plies: usize,
        /// Moves played now.
        ply: usize,
        /// The clocks after the undo.
        clock: ClockSnapshot,
    },
    /// A seated player's connection dropped.
    Disconnected {
        /// The seat.
        color: Color,
        /// When leaving will count.
        deadline: Millis,
    },
    /// A seated player's connection is back.
    Reconnected {
        /// The seat.
        color: Color,
    },
    /// A chat message.
    Chat {
        /// Sender.
        user: UserId,
        /// The text, trimmed.
        text: String,
    },
    /// The game ended.
    GameEnded(GameEnd),
    /// A player berserked: their side of the clock is now on `control`.
    Berserked {
        /// The side.
        color: Color,
        /// Their control from now on.
        control: TimeControl,
        /// The clocks now.
        clock: ClockSnapshot,
    },
    /// The game clock was paused (server going down).
    Paused,
    /// The game clock was resumed.
    Resumed,
}
