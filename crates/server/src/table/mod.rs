//! Live tables: one task per table ([`actor`]) owns a `platform::table::Table`, applies commands
//! one at a time, numbers and keeps its events ([`history`]), journals games in progress, and
//! pushes events to the connections that watch it. Connections never change game state: they
//! send a [`TableMsg`] through a [`TableHandle`].

mod actor;
mod betting;
mod coins;
mod computer_game;
mod history;
mod journal;
mod keyed;
mod outbox;
mod registry;
mod restore;
mod settle;
mod view;
mod wager;

pub use actor::{spawn_table, AiSide, TableSetup};
pub use coins::recover_coins;
pub use computer_game::{ai_setup, open_computer_table};
pub use history::{History, HISTORY_LEN};
pub use journal::{decode, decode_action, encode_action, JournalOp};
pub use outbox::{Close, ConnId, Outbox, OUTBOX_CAPACITY};
pub use registry::{Registry, TableHandle, FIRST_AI_TABLE};

use crate::error_code::ErrorCode;
use crate::store::StoreError;
use crate::user::UserInfo;
use crate::ws::protocol::CoinCmd;
use platform::table::{Action, TableError};
use std::sync::Arc;
use tokio::sync::oneshot;
use xiangqi::{Color, Move};

/// Why a table did not carry out a command; either way nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// The table refused it (not your turn, illegal move, …).
    #[error(transparent)]
    Table(#[from] TableError),
    /// It could not be stored (the journal write failed), so it was undone.
    #[error("the command could not be stored; nothing changed, try again")]
    Unstored(StoreError),
}

impl ApplyError {
    /// The protocol's error code.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            ApplyError::Table(e) => e.into(),
            ApplyError::Unstored(_) => ErrorCode::NotStored,
        }
    }
}

/// The record so far of a game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRecord {
    /// The moves played.
    pub moves: Vec<Move>,
    /// Each move's clock reading (ms), as in a finished game's record.
    pub clocks: Vec<u32>,
}

/// A message to a table task.
#[derive(Debug)]
pub enum TableMsg {
    /// Watch the table; answered with `table_state` or the missed events.
    Join {
        /// The connection.
        conn: ConnId,
        /// Its user.
        user: Arc<UserInfo>,
        /// Where to send.
        out: Outbox,
        /// `(epoch, v)` the client already has.
        since: Option<(String, u64)>,
        /// Request id to acknowledge.
        id: Option<u64>,
    },
    /// A command from a connection that joined.
    Command {
        /// The connection.
        conn: ConnId,
        /// Its user.
        user: Arc<UserInfo>,
        /// Where to answer.
        out: Outbox,
        /// What to do.
        action: Action,
        /// Request id to acknowledge.
        id: Option<u64>,
    },
    /// A wager or betting command from a connection that joined.
    Coins {
        /// The connection.
        conn: ConnId,
        /// Its user.
        user: Arc<UserInfo>,
        /// Where to answer.
        out: Outbox,
        /// What to do.
        cmd: CoinCmd,
        /// Request id to acknowledge.
        id: Option<u64>,
    },
    /// Stop watching (a player in a game loses it).
    Leave {
        /// The connection.
        conn: ConnId,
        /// Its user.
        user: Arc<UserInfo>,
        /// Where to answer.
        out: Outbox,
        /// Request id to acknowledge.
        id: Option<u64>,
    },
    /// The connection closed.
    Closed {
        /// The connection.
        conn: ConnId,
    },
    /// The computer's move, computed for the position identified by `key`.
    AiMove {
        /// `(game number, plies played, position hash)` when the search started.
        key: (u32, usize, u64),
        /// The move (`None`: no legal move).
        mv: Option<Move>,
    },
    /// Suggest a move to the human player of a game against the computer (private `hint`).
    Hint {
        /// Who asks.
        user: Arc<UserInfo>,
        /// Where to answer.
        out: Outbox,
        /// Request id to acknowledge.
        id: Option<u64>,
    },
    /// Set up a game against the computer: `human` plays `color`.
    StartAi {
        /// The human.
        human: Arc<UserInfo>,
        /// The human's colour.
        color: Color,
        /// Where to answer.
        out: Outbox,
        /// The connection.
        conn: ConnId,
        /// Request id.
        id: Option<u64>,
    },
    /// The moves and clock readings so far of game `game_id`, if it is this table's game in
    /// progress (`None` otherwise).
    Record {
        /// The game asked about.
        game_id: u64,
        /// Where to answer.
        reply: oneshot::Sender<Option<LiveRecord>>,
    },
    /// Stop the task (server shutting down); answers when stopped.
    Stop(oneshot::Sender<()>),
}
