//! `ClientMsg`: what a client may send over the WebSocket (docs/protocol.md §3), parsed with
//! serde (tag `"t"`), and its translation into table commands.

use platform::clock::TimeControl;
use platform::table::Action;
use platform::Millis;
use serde::Deserialize;
use xiangqi::Color;

/// The protocol version this server speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// A colour on the wire.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
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
#[derive(Debug, Deserialize)]
pub struct Envelope {
    /// Request id, echoed in `ack` / `error`.
    #[serde(default)]
    pub id: Option<u64>,
    /// The message.
    #[serde(flatten)]
    pub msg: ClientMsg,
}

/// Client → server messages.
#[derive(Debug, Deserialize)]
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
        table: u64,
        #[serde(default)]
        epoch: Option<String>,
        #[serde(default)]
        since: Option<u64>,
    },
    /// Stop watching (a player in a game loses).
    Leave { table: u64 },
    /// Take a seat.
    Sit { table: u64, color: Side },
    /// Leave one's seat.
    Stand { table: u64 },
    /// Ready or not.
    Ready { table: u64, ready: bool },
    /// Propose a time control.
    Propose { table: u64, control: TimeControl },
    /// Accept the proposal.
    AcceptControl { table: u64 },
    /// Decline the proposal.
    DeclineControl { table: u64 },
    /// Make a move.
    Move {
        table: u64,
        mv: String,
        #[serde(default)]
        lag: Option<u64>,
    },
    /// Offer a draw.
    DrawOffer { table: u64 },
    /// Accept a draw.
    DrawAccept { table: u64 },
    /// Decline a draw.
    DrawDecline { table: u64 },
    /// Ask to take back.
    UndoRequest { table: u64 },
    /// Grant the take-back.
    UndoAccept { table: u64 },
    /// Refuse the take-back.
    UndoDecline { table: u64 },
    /// Resign.
    Resign { table: u64 },
    /// Abort before both moved.
    Abort { table: u64 },
    /// Table chat.
    Chat { table: u64, text: String },
    /// Ask the computer for a move suggestion (the human player of a game against it, on turn).
    Hint { table: u64 },
    /// A new game against the computer.
    AiStart {
        level: u8,
        color: Side,
        #[serde(default)]
        control: Option<TimeControl>,
    },
}

/// Why a message was not understood.
#[derive(Debug, PartialEq, Eq)]
pub struct BadMessage(pub String);

impl ClientMsg {
    /// The table command this message asks for, if it is one: `(table, action)`.
    ///
    /// # Errors
    /// [`BadMessage`] for an unreadable move.
    pub fn table_action(&self) -> Result<Option<(u64, Action)>, BadMessage> {
        use ClientMsg as M;
        Ok(Some(match self {
            M::Sit { table, color } => (*table, Action::Sit((*color).into())),
            M::Stand { table } => (*table, Action::Stand),
            M::Ready { table, ready } => (*table, Action::Ready(*ready)),
            M::Propose { table, control } => (*table, Action::ProposeTimeControl(control.clone())),
            M::AcceptControl { table } => (*table, Action::AcceptTimeControl),
            M::DeclineControl { table } => (*table, Action::DeclineTimeControl),
            M::Move { table, mv, lag } => {
                let mv = mv
                    .parse()
                    .map_err(|_| BadMessage(format!("unreadable move {mv:?}")))?;
                let lag = Millis(lag.unwrap_or(0).min(10_000));
                (*table, Action::Move { mv, lag })
            }
            M::DrawOffer { table } => (*table, Action::OfferDraw),
            M::DrawAccept { table } => (*table, Action::AcceptDraw),
            M::DrawDecline { table } => (*table, Action::DeclineDraw),
            M::UndoRequest { table } => (*table, Action::RequestUndo),
            M::UndoAccept { table } => (*table, Action::AcceptUndo),
            M::UndoDecline { table } => (*table, Action::DeclineUndo),
            M::Resign { table } => (*table, Action::Resign),
            M::Abort { table } => (*table, Action::Abort),
            M::Chat { table, text } => (*table, Action::Chat(text.clone())),
            M::Ping { .. }
            | M::Lobby { .. }
            | M::Join { .. }
            | M::Leave { .. }
            | M::Hint { .. }
            | M::AiStart { .. } => return Ok(None),
        }))
    }
}

/// Parses one text frame.
///
/// # Errors
/// [`BadMessage`] with serde's explanation.
pub fn parse(text: &str) -> Result<Envelope, BadMessage> {
    serde_json::from_str(text).map_err(|e| BadMessage(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_messages_and_refuses_garbage() {
        let e = parse(r#"{"t":"move","table":3,"mv":"h2e2","id":9}"#).unwrap();
        assert_eq!(e.id, Some(9));
        let (table, action) = e.msg.table_action().unwrap().unwrap();
        assert_eq!(table, 3);
        assert_eq!(
            action,
            Action::Move {
                mv: "h2e2".parse().unwrap(),
                lag: Millis(0)
            }
        );
        let e = parse(r#"{"t":"sit","table":1,"color":"black"}"#).unwrap();
        assert_eq!(
            e.msg.table_action().unwrap().unwrap().1,
            Action::Sit(Color::Black)
        );
        assert!(parse(r#"{"t":"fly","table":1}"#).is_err());
        assert!(parse(r#"{"t":"sit","table":1,"color":"green"}"#).is_err());
        assert!(parse("not json").is_err());
        let bad_move = parse(r#"{"t":"move","table":3,"mv":"zz99"}"#).unwrap();
        assert!(bad_move.msg.table_action().is_err());
    }
}
