//! [`DirectorMsg`]: what a director is sent, and [`Refusal`]: why it refused a command (a
//! refused command changes nothing).

use super::system::Command;
use super::view::TournamentView;
use platform::table::GameEnd;
use platform::tournament::TournamentError;
use platform::{TableId, UserId};
use tables::table::{ConnId, Outbox};
use tokio::sync::oneshot;

/// Why a director refused a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The system's core refused it (`already registered`, `late entry is closed`, …).
    #[error(transparent)]
    Core(#[from] TournamentError),
    /// The event was cancelled.
    #[error("the event is cancelled")]
    Cancelled,
    /// The event has started (it can no longer be cancelled).
    #[error("the event has started")]
    Started,
    /// The player cannot pay the entry fee.
    #[error("not enough coins for the entry fee")]
    NotEnoughCoins,
    /// The command could not be journaled: nothing changed.
    #[error("not stored: {0}")]
    NotStored(String),
    /// The director on another node refused it, for this reason.
    #[error("{0}")]
    Remote(String),
}

/// The answer to a command.
pub type Reply = oneshot::Sender<Result<(), Refusal>>;

/// A message to a director.
#[derive(Debug)]
pub enum DirectorMsg {
    /// Register `user` with `rating`.
    Join {
        /// The player.
        user: UserId,
        /// Their rating now (orders the pairing numbers).
        rating: u32,
        /// Where to answer.
        reply: Reply,
    },
    /// Withdraw `user`.
    Withdraw {
        /// The player.
        user: UserId,
        /// Where to answer.
        reply: Reply,
    },
    /// Start now (pair round 1), before `starts_at`.
    Start(Reply),
    /// Cancel the event (only before it starts).
    Cancel(Reply),
    /// An organiser's command to the core (forbidden pair, manual pairing, foul, correction),
    /// journaled like the others.
    Organise {
        /// The command.
        cmd: Command,
        /// Where to answer.
        reply: Reply,
    },
    /// The game at tournament table `table` ended (from the table's task).
    GameEnded {
        /// The table.
        table: TableId,
        /// How.
        end: GameEnd,
    },
    /// `user` berserked at tournament table `table` (from the table's task).
    Berserked {
        /// The table.
        table: TableId,
        /// The player.
        user: UserId,
    },
    /// The event as it stands.
    View(oneshot::Sender<TournamentView>),
    /// A connection watches the event: it gets `t_state`, then every numbered `t_ev`.
    Watch {
        /// The connection.
        conn: ConnId,
        /// Its outbox.
        out: Outbox,
    },
    /// A connection stops watching.
    Unwatch {
        /// The connection.
        conn: ConnId,
    },
    /// Stop the task (server shutting down).
    Stop(oneshot::Sender<()>),
}
