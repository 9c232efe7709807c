//! What nodes tell each other over the broker, typed in this one place (JSON): a private
//! message for a user's connections ([`UserNote`], on `<prefix>.u.<user>`) and table summaries
//! ([`LobbyNote`], on `<prefix>.lobby`); a remote table's traffic: a client's message for the
//! table's owner ([`TableRequest`], answered with [`TableReply`]), what the table sends back to
//! that connection ([`ConnNote`], on `<prefix>.n.<node>`), its numbered events once for every
//! node ([`EvNote`], on `<prefix>.t.<table>.ev`), and a table's new owner
//! ([`OwnerNote`], on `<prefix>.own`). Every note names the node that sent it (or is for), so a
//! node skips its own. Server messages travel as the JSON the sending node wrote (`RawValue`), never
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

/// A room's open-seek list as the site's seek desk published it (`lobby_seeks`).
#[derive(Debug, Serialize, Deserialize)]
pub struct SeeksNote {
    /// The room.
    pub room: String,
    /// The list's number.
    pub v: u64,
    /// `[Seek]`.
    pub seeks: Arc<RawValue>,
}

/// What a [`LobbyNote`] says (externally tagged: `RawValue` cannot sit in a buffered enum).
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LobbyNews {
    /// One table's summary changed.
    Table(TableNote),
    /// One table is gone.
    Gone(TableId),
    /// The node's seek desk published a room's list.
    Seeks(SeeksNote),
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

/// A client's table message sent by the node it is connected to (`node`) to the table's owner,
/// as a request on `<prefix>.t.<table>.cmd` (answered with a [`TableReply`]).
#[derive(Debug, Serialize, Deserialize)]
pub struct TableRequest<'a> {
    /// The node the client is connected to.
    pub node: &'a str,
    /// The connection there.
    pub conn: u64,
    /// Its user.
    pub user: UserId,
    /// The client's message as it sent it (`{"t": "join", …}`), parsed again by the owner;
    /// `None`: the connection closed.
    #[serde(borrow, default)]
    pub msg: Option<&'a RawValue>,
}

/// What a table's owner answers a [`TableRequest`] (what the table says goes to the connection
/// as [`ConnNote`]s, before the reply is sent).
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableReply {
    /// Handed to the table, which is on `node`.
    Taken {
        /// The table's owner.
        node: String,
    },
    /// The table is no longer here (it was dropped or moved): ask again.
    Gone,
}

/// A server message, or the close signal, for one connection of the node it is published to
/// (on `<prefix>.n.<node>`), from a table that lives on another node.
#[derive(Debug, Serialize, Deserialize)]
pub struct ConnNote<'a> {
    /// The connection on the receiving node.
    pub conn: u64,
    /// The message (`{"t": …}`), if it is one.
    #[serde(borrow, default, skip_serializing_if = "Option::is_none")]
    pub msg: Option<&'a RawValue>,
    /// The close code, if the connection is to close.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close: Option<u16>,
    /// The numbered events the table sent this connection since the previous note, which its
    /// node's relay delivers (`super::relay`): the last one's number per table. The note waits
    /// until the relay passed them, so an `ack` never overtakes its command's events.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after: Vec<(TableId, u64)>,
}

/// One numbered table event, published once by the table's owner on `<prefix>.t.<table>.ev`
/// for the relays of every other node (`super::relay`).
#[derive(Debug, Serialize, Deserialize)]
pub struct EvNote<'a> {
    /// The feed's epoch as clients see it: the owner's run, or its spectators' delayed feed's
    /// (`<epoch>.spectators`).
    pub feed: &'a str,
    /// The event's number in that feed.
    pub v: u64,
    /// The `ev` message as the table's own watchers got it.
    #[serde(borrow)]
    pub msg: &'a RawValue,
}

/// `table` has a new owner, `node` (published on `<prefix>.own` by the node that claimed it
/// from another): connections elsewhere that watched it join again.
#[derive(Debug, Serialize, Deserialize)]
pub struct OwnerNote {
    /// The table.
    pub table: TableId,
    /// Its owner now.
    pub node: String,
}

/// A request for an event's, a ladder's or a league's director, sent by a node that does not
/// run it as a request on `<prefix>.d.<lease id>` to the node that does (answered with a
/// [`DirectorReply`]).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub enum DirectorRequest {
    /// A director's command as its director wrote it (`events::crossing`): carried, not read
    /// (JSON text in a string: a raw value cannot sit in an internally tagged enum).
    Command {
        /// The command.
        cmd: String,
    },
    /// Connection `conn` of `node` (of `user`) watches `event`; its request `id` is
    /// acknowledged after the event's state, through its stand-in.
    TWatch {
        /// The event.
        event: u64,
        /// The connection's node.
        node: String,
        /// The connection there.
        conn: u64,
        /// Its user.
        user: UserId,
        /// The client's request id.
        id: Option<u64>,
    },
    /// Connection `conn` of `node` closed while it watched `event`: its stand-in there goes.
    TUnwatch {
        /// The event.
        event: u64,
        /// The connection's node.
        node: String,
        /// The connection there.
        conn: u64,
    },
}

/// What the node running a director answers a [`DirectorRequest`].
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "r", rename_all = "snake_case")]
pub enum DirectorReply {
    /// The director's answer to a command, as it wrote it: carried, not read (JSON text).
    Answer {
        /// The answer.
        answer: String,
    },
    /// A watcher was added (on `node`).
    Done {
        /// The node that runs the director.
        node: String,
    },
    /// Refused (nothing changed), why in words.
    Refused {
        /// Why.
        why: String,
    },
    /// No director of it runs here (it moved or stopped): ask again.
    Gone,
}

/// A client's seek message (`seek`, `seek_accept`, `seek_cancel`, `seek_decline`) sent by the
/// node it is connected to (`node`) to the node that runs the site's seek desk, as a request on
/// `<prefix>.seeks` (answered with a [`DeskReply`]); what the desk answers reaches the
/// connection through its stand-in there.
#[derive(Debug, Serialize, Deserialize)]
pub struct SeekRequest<'a> {
    /// The node the client is connected to.
    pub node: &'a str,
    /// The connection there.
    pub conn: u64,
    /// Its user.
    pub user: UserId,
    /// The client's message as it sent it, parsed again by the desk's node; `None`: the
    /// connection closed (its stand-in at the desk's node goes).
    #[serde(borrow, default)]
    pub msg: Option<&'a RawValue>,
    /// With `msg: None`: it was the user's last connection on `node` (their seeks go).
    #[serde(default)]
    pub last: bool,
}

/// What the desk's node answers a [`SeekRequest`].
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeskReply {
    /// Handed to the desk.
    Taken,
    /// The desk does not run here (any more): ask again.
    Gone,
}

pub use tables::site::SeatRequest;

/// What a node answers a [`SeatRequest`].
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatReply {
    /// Both are seated and their game started.
    Seated,
    /// Not seated (the table is busy now, gone from this node, or a player is unknown).
    Refused {
        /// Why, for the logs.
        why: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directors_command_and_its_answer_cross_unread_and_whole() {
        let cmd = r#"{"d":"tournament","id":4,"cmd":{"c":"join","user":7,"rating":1500}}"#;
        let req = DirectorRequest::Command { cmd: cmd.into() };
        let text = serde_json::to_string(&req).expect("written");
        match serde_json::from_str::<DirectorRequest>(&text).expect("read") {
            DirectorRequest::Command { cmd: back } => assert_eq!(back, cmd),
            other => panic!("{other:?}"),
        }
        let reply = DirectorReply::Answer {
            answer: r#"{"Ok":null}"#.into(),
        };
        let text = serde_json::to_string(&reply).expect("written");
        match serde_json::from_str::<DirectorReply>(&text).expect("read") {
            DirectorReply::Answer { answer } => assert_eq!(answer, r#"{"Ok":null}"#),
            other => panic!("{other:?}"),
        }
    }
}
