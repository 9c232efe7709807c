//! What nodes tell each other over the broker, typed in this one place (JSON): a private
//! message for a user's connections ([`UserNote`], on `<prefix>.u.<user>`) and table summaries
//! ([`LobbyNote`], on `<prefix>.lobby`). Every note names the node that sent it, so a node
//! skips its own. Server messages travel as the JSON the sending node wrote (`RawValue`), never
//! parsed on the way.

use platform::{TableId, UserId};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::sync::Arc;

/// A private message for `user`'s connections on every other node; `M` is how the message's
/// JSON is held (`&RawValue` both ways: borrowed from the text sent, or from the bytes
/// received).
#[derive(Debug, Serialize, Deserialize)]
pub struct UserNote<'a> {
    /// The node that sent it (its own connections already have it).
    pub node: &'a str,
    /// For whom.
    pub user: UserId,
    /// The server message (`{"t": …}`).
    #[serde(borrow)]
    pub msg: &'a RawValue,
}

/// Table summaries from `node`.
#[derive(Debug, Serialize, Deserialize)]
pub struct LobbyNote {
    /// The node whose tables these are.
    pub node: String,
    /// What it says.
    pub news: LobbyNews,
}

/// One table of a node, as the lobby shows it.
#[derive(Debug, Serialize, Deserialize)]
pub struct TableNote {
    /// The table.
    pub table: TableId,
    /// Its room.
    pub room: String,
    /// Its `TableSummary`.
    pub summary: Arc<RawValue>,
}

/// What a [`LobbyNote`] says (externally tagged: `RawValue` cannot sit in a buffered enum).
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LobbyNews {
    /// One table's summary changed.
    Table(TableNote),
    /// One table is gone.
    Gone(TableId),
    /// Part `part` of `parts` of the node's full snapshot number `seq`: all its tables, sent
    /// every beat; once every part of one snapshot arrived it replaces what was known.
    Snapshot {
        /// The snapshot's number (rises with each).
        seq: u64,
        /// This part (from 0).
        part: u32,
        /// How many parts.
        parts: u32,
        /// The tables of this part.
        tables: Vec<TableNote>,
    },
}
