//! [`TableMsg`]: what a table task is sent.

use super::caller::Caller;
use super::coin_cmd::CoinCmd;
use super::outbox::ConnId;
use super::setup::AiKey;
use crate::user::UserInfo;
use platform::clock::TimeControl;
use platform::table::Action;
use platform::GameId;
use std::sync::Arc;
use tokio::sync::oneshot;
use xiangqi::{Color, Move};

/// The record so far of a game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRecord {
    /// The moves played.
    pub moves: Vec<Move>,
    /// Each move's clock reading (ms), as in a finished game's record.
    pub clocks: Vec<u32>,
}

/// What a tournament's director asks of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirectorCmd {
    /// Seat the two players of a tournament game and start it.
    Seat {
        /// Red.
        red: platform::UserId,
        /// Black.
        black: platform::UserId,
    },
    /// `user` withdrew from the event: their game here is resigned.
    Resign {
        /// The player.
        user: platform::UserId,
    },
}

/// A message to a table task.
#[derive(Debug)]
pub enum TableMsg {
    /// Watch the table; answered with `table_state` or the missed events.
    Join {
        /// Who asks.
        caller: Caller,
        /// `(epoch, v)` the client already has.
        since: Option<(String, u64)>,
    },
    /// A command from a connection that joined.
    Command {
        /// Who asks.
        caller: Caller,
        /// What to do.
        action: Action,
    },
    /// A wager or betting command from a connection that joined.
    Coins {
        /// Who asks.
        caller: Caller,
        /// What to do.
        cmd: CoinCmd,
    },
    /// Stop watching (a player in a game loses it).
    Leave(Caller),
    /// The connection closed.
    Closed {
        /// The connection.
        conn: ConnId,
    },
    /// The computer's move, computed for the position identified by `key`.
    AiMove {
        /// The position when the search started.
        key: AiKey,
        /// The move (`None`: no legal move).
        mv: Option<Move>,
    },
    /// Suggest a move to the human player of a game against the computer (private `hint`).
    Hint(Caller),
    /// Set up a game against the computer: the caller plays `color`.
    StartAi {
        /// The human.
        caller: Caller,
        /// The human's colour.
        color: Color,
    },
    /// The moves and clock readings so far of game `game_id`, if it is this table's game in
    /// progress (`None` otherwise).
    Record {
        /// The game asked about.
        game_id: GameId,
        /// Where to answer.
        reply: oneshot::Sender<Option<LiveRecord>>,
    },
    /// From a tournament's director.
    Director(DirectorCmd),
    /// Seat a pair formed by the seek desk and start their game with `control`, if both seats
    /// are empty and no game is in progress; answers `Err` (nothing changed) otherwise.
    SeatPair {
        /// Red.
        red: Arc<UserInfo>,
        /// Black.
        black: Arc<UserInfo>,
        /// The time control.
        control: TimeControl,
        /// Rated, or casual (never rated).
        rated: bool,
        /// Where to answer.
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// Stop the task (server shutting down); answers when stopped.
    Stop(oneshot::Sender<()>),
    /// Placement gives the table another live node now (one joined): give it up if nobody is
    /// at it (no game, no seat, no watcher), so that node claims it.
    Release,
    /// The database may name another owner now (a takeover seen by this node's look at the
    /// site): the task checks its epoch and, if it is no longer the stored one, drops the table.
    CheckOwner,
}

impl TableMsg {
    /// Whether the message starts (`Some(true)`: `join`) or stops (`Some(false)`: `leave`) a
    /// connection's watching of the table.
    #[must_use]
    pub fn watching(&self) -> Option<bool> {
        match self {
            TableMsg::Join { .. } => Some(true),
            TableMsg::Leave(_) => Some(false),
            _ => None,
        }
    }
}
