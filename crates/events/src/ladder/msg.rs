//! [`LadderMsg`]: what a ladder's director is sent, and [`Refusal`]: why it refused a command
//! (a refused command changes nothing).

use super::view::LadderView;
use platform::ladder::{ChallengeId, LadderError};
use platform::table::GameEnd;
use platform::{TableId, UserId};
use tokio::sync::oneshot;

/// Why a director refused a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The ladder's rules refused it (out of reach, cooldown, …).
    #[error(transparent)]
    Ladder(#[from] LadderError),
    /// The command could not be journaled: nothing changed.
    #[error("not stored: {0}")]
    NotStored(String),
    /// The director on another node refused it, for this reason.
    #[error("{0}")]
    Remote(String),
}

/// A message to a ladder's director.
#[derive(Debug)]
pub enum LadderMsg {
    /// `user` (rated `rating`) joins.
    Join {
        /// The player.
        user: UserId,
        /// Their name (shown on the ladder).
        name: String,
        /// Their rating now.
        rating: u32,
        /// Their place, or why not.
        reply: oneshot::Sender<Result<u32, Refusal>>,
    },
    /// `user` leaves.
    Leave {
        /// The player.
        user: UserId,
        /// Where to answer.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// `challenger` (rated `rating`) challenges `defender`.
    Challenge {
        /// Who challenges.
        challenger: UserId,
        /// Who is challenged.
        defender: UserId,
        /// The challenger's rating now.
        rating: u32,
        /// The challenge and the table of its game, or why not.
        reply: oneshot::Sender<Result<(ChallengeId, TableId), Refusal>>,
    },
    /// The game at ladder table `table` ended (from the table's task).
    GameEnded {
        /// The table.
        table: TableId,
        /// How.
        end: GameEnd,
    },
    /// The ladder as it stands.
    View(oneshot::Sender<LadderView>),
}
