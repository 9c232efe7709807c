//! [`LeagueMsg`]: what a league's director is sent, and [`Refusal`]: why it refused a command
//! (a refused command changes nothing).

use platform::league::{League, LeagueCommand, LeagueError, LeagueEvent};
use platform::table::GameEnd;
use platform::{TableId, UserId};
use tokio::sync::oneshot;

/// Why a director refused a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The league's rules refused it.
    #[error(transparent)]
    League(#[from] LeagueError),
    /// The command could not be journaled: nothing changed.
    #[error("not stored: {0}")]
    NotStored(String),
    /// The league's rules refused it at the director's node (another node): why, in words.
    #[error("{0}")]
    Remote(String),
}

/// A message to a league's director.
#[derive(Debug)]
pub enum LeagueMsg {
    /// Apply `cmd` now (journaled first).
    Command {
        /// The command.
        cmd: LeagueCommand,
        /// Its events, or why not.
        reply: oneshot::Sender<Result<Vec<LeagueEvent>, Refusal>>,
    },
    /// The game at league table `table` ended (from the table's task).
    GameEnded {
        /// The table.
        table: TableId,
        /// How.
        end: GameEnd,
        /// The users at the table when it ended (a board both players missed is lost by both).
        present: Vec<UserId>,
    },
    /// The league as it stands, with its name.
    View(oneshot::Sender<(String, League)>),
}
