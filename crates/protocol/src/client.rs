//! `ClientMsg`: what a client may send over the WebSocket (docs/protocol.md §3), parsed with
//! serde (tag `"t"`). The server's `route` turns it into what the server does.

use crate::amount::{Amount, Seen, Stakes};
use platform::clock::TimeControl;
use platform::{GameId, TableId};
use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// A colour on the wire.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Red.
    Red,
    /// Black.
    Black,
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::Red => Color::Red,
            Side::Black => Color::Black,
        }
    }
}

/// A message with its optional request id.
#[derive(Debug, Deserialize, Serialize, PartialEq)]
pub struct Envelope {
    /// Request id, echoed in `ack` / `error`.
    #[serde(default)]
    pub id: Option<u64>,
    /// The message.
    #[serde(flatten)]
    pub msg: ClientMsg,
}

/// Client → server messages (serialised too, by the test and load client).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(tag = "t", rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum ClientMsg {
    /// Lag measurement.
    Ping {
        #[serde(default)]
        n: u64,
    },
    /// Lobby updates on or off.
    Lobby { on: bool },
    /// Watch a table (and resync).
    Join {
        table: TableId,
        #[serde(default)]
        epoch: Option<String>,
        #[serde(default)]
        since: Option<u64>,
    },
    /// Stop watching (a player in a game loses).
    Leave { table: TableId },
    /// Watch a tournament: `t_state`, then its numbered `t_ev`.
    TWatch { tournament: u64 },
    /// Take a seat.
    Sit { table: TableId, color: Side },
    /// Leave one's seat.
    Stand { table: TableId },
    /// Ready or not.
    Ready { table: TableId, ready: bool },
    /// Propose a time control.
    Propose {
        table: TableId,
        control: TimeControl,
    },
    /// Accept the proposal.
    AcceptControl { table: TableId },
    /// Decline the proposal.
    DeclineControl { table: TableId },
    /// Propose a handicap (让子) for the next games.
    HandicapPropose {
        table: TableId,
        giver: Side,
        kind: HandicapKindMsg,
        #[serde(default)]
        fen: Option<String>,
    },
    /// Accept the handicap proposal.
    HandicapAccept { table: TableId },
    /// Decline the proposal, withdraw one's own, or drop the agreed handicap.
    HandicapDecline { table: TableId },
    /// Make a move.
    Move {
        table: TableId,
        mv: String,
        #[serde(default)]
        lag: Option<u64>,
    },
    /// Decline the other player's request to play again (they are ready, one is not).
    RematchDecline { table: TableId },
    /// Offer a draw.
    DrawOffer { table: TableId },
    /// Accept a draw.
    DrawAccept { table: TableId },
    /// Decline a draw.
    DrawDecline { table: TableId },
    /// Ask to take back.
    UndoRequest { table: TableId },
    /// Grant the take-back.
    UndoAccept { table: TableId },
    /// Refuse the take-back.
    UndoDecline { table: TableId },
    /// Resign.
    Resign { table: TableId },
    /// Berserk at an arena's table, before one's first move (half the time, no increment).
    Berserk { table: TableId },
    /// Abort before both moved.
    Abort { table: TableId },
    /// Table chat.
    Chat { table: TableId, text: String },
    /// Ask the computer for a move suggestion (the human player of a game against it, on turn).
    Hint { table: TableId },
    /// A new game against the computer.
    AiStart {
        level: u8,
        color: Side,
        #[serde(default)]
        control: Option<TimeControl>,
        #[serde(default)]
        rated: bool,
    },
    /// Seek a game: quick pairing, an open seek, a challenge to `to`, or one by link.
    Seek {
        room: String,
        control: TimeControl,
        #[serde(default)]
        rated: bool,
        #[serde(default)]
        color: Option<Side>,
        kind: SeekKindMsg,
        #[serde(default)]
        to: Option<String>,
        /// The id this seek had before a reconnect: kept if it still waits.
        #[serde(default)]
        again: Option<u64>,
    },
    /// Accept a seek (open, quick, a challenge to oneself, a link).
    SeekAccept {
        seek: u64,
        #[serde(default)]
        key: Option<String>,
    },
    /// Cancel one's seek.
    SeekCancel { seek: u64 },
    /// Decline a challenge to oneself.
    SeekDecline { seek: u64 },
    /// Propose a wager, or change the stakes of the one under negotiation.
    WagerPropose {
        table: TableId,
        stakes: Stakes,
        #[serde(default)]
        mode: WagerModeMsg,
    },
    /// Confirm the stakes shown (`version`, `stakes`: what was shown).
    WagerConfirm {
        table: TableId,
        #[serde(flatten)]
        seen: Seen,
    },
    /// Agree to the confirmed wager (both agreed: the stakes go to escrow).
    WagerAgree {
        table: TableId,
        key: String,
        #[serde(flatten)]
        seen: Seen,
    },
    /// Withdraw or decline a wager under negotiation.
    WagerCancel { table: TableId },
    /// Add to one's stake of an escrowed wager.
    WagerTopup {
        table: TableId,
        amount: Amount,
        key: String,
    },
    /// A spectator's bet on the game in progress (`game_id`: the game it is meant for).
    Bet {
        table: TableId,
        pick: PickMsg,
        amount: Amount,
        key: String,
        #[serde(default)]
        game_id: Option<GameId>,
    },
    /// Live engine lines of a position (replaces this connection's previous one).
    Analyse {
        fen: String,
        #[serde(default = "one")]
        multipv: u8,
    },
    /// Stop this connection's live engine lines.
    AnalyseStop,
}

fn one() -> u8 {
    1
}

/// How a seek may be taken, on the wire.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SeekKindMsg {
    /// 快速开始: paired by rating window.
    Quick,
    /// Listed for anyone to accept.
    Open,
    /// To the player named `to`.
    Challenge,
    /// Unlisted; whoever has the link accepts.
    Link,
}

/// A wager's mode on the wire.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum WagerModeMsg {
    /// The winner takes the stakes.
    #[default]
    Ordinary,
    /// Paid coaching: the player staking 0 is the coach.
    Coaching,
}

/// A spectator's pick on the wire.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PickMsg {
    /// Red wins.
    Red,
    /// Black wins.
    Black,
    /// A draw.
    Draw,
}

/// A handicap's kind as `handicap_propose` names it.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum HandicapKindMsg {
    /// 让单马.
    Horse,
    /// 让双马.
    TwoHorses,
    /// 让单车.
    Chariot,
    /// 让先.
    FirstMove,
    /// Any start position: `fen` says which.
    Position,
}

/// Why a message was not understood.
#[derive(Debug, PartialEq, Eq)]
pub struct BadMessage(pub String);

/// Parses one text frame.
///
/// # Errors
/// [`BadMessage`] with serde's explanation.
pub fn parse(text: &str) -> Result<Envelope, BadMessage> {
    serde_json::from_str(text).map_err(|e| BadMessage(e.to_string()))
}
