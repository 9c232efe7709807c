//! `ClientMsg`: what a client may send over the WebSocket (docs/protocol.md §3), parsed with
//! serde (tag `"t"`), and its translation into table commands.

pub use super::amount::{Amount, Seen, Stakes};
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
    /// Propose a wager, or change the stakes of the one under negotiation.
    WagerPropose {
        table: u64,
        stakes: Stakes,
        #[serde(default)]
        mode: WagerModeMsg,
    },
    /// Confirm the stakes shown (`version`, `stakes`: what was shown).
    WagerConfirm {
        table: u64,
        #[serde(flatten)]
        seen: Seen,
    },
    /// Agree to the confirmed wager (both agreed: the stakes go to escrow).
    WagerAgree {
        table: u64,
        key: String,
        #[serde(flatten)]
        seen: Seen,
    },
    /// Withdraw or decline a wager under negotiation.
    WagerCancel { table: u64 },
    /// Add to one's stake of an escrowed wager.
    WagerTopup {
        table: u64,
        amount: Amount,
        key: String,
    },
    /// A spectator's bet on the game in progress (`game_id`: the game it is meant for).
    Bet {
        table: u64,
        pick: PickMsg,
        amount: Amount,
        key: String,
        #[serde(default)]
        game_id: Option<u64>,
    },
}

/// A wager's mode on the wire.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum WagerModeMsg {
    /// The winner takes the stakes.
    #[default]
    Ordinary,
    /// Paid coaching: the player staking 0 is the coach.
    Coaching,
}

/// A spectator's pick on the wire.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PickMsg {
    /// Red wins.
    Red,
    /// Black wins.
    Black,
    /// A draw.
    Draw,
}

/// A coin command for a table: wagers between its players, bets of its spectators.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CoinCmd {
    Propose {
        stakes: Stakes,
        mode: WagerModeMsg,
    },
    Confirm {
        seen: Seen,
    },
    Agree {
        key: String,
        seen: Seen,
    },
    Cancel,
    TopUp {
        amount: Amount,
        key: String,
    },
    Bet {
        pick: PickMsg,
        amount: Amount,
        key: String,
        game_id: Option<u64>,
    },
}

/// Whether `key` is a valid client idempotency key: 8–64 characters of `[A-Za-z0-9_-]`.
#[must_use]
pub fn valid_key(key: &str) -> bool {
    (8..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Why a message was not understood.
#[derive(Debug, PartialEq, Eq)]
pub struct BadMessage(pub String);

impl ClientMsg {
    /// The table command this message asks for, if it is one: `(table, action)`.
    ///
    /// # Errors
    /// [`BadMessage`] for an unreadable move, or chat text with a control character.
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
            M::Chat { table, text } => {
                if text.chars().any(char::is_control) {
                    return Err(BadMessage(
                        "chat text cannot contain control characters".into(),
                    ));
                }
                (*table, Action::Chat(text.clone()))
            }
            M::Ping { .. }
            | M::Lobby { .. }
            | M::Join { .. }
            | M::Leave { .. }
            | M::Hint { .. }
            | M::AiStart { .. }
            | M::WagerPropose { .. }
            | M::WagerConfirm { .. }
            | M::WagerAgree { .. }
            | M::WagerCancel { .. }
            | M::WagerTopup { .. }
            | M::Bet { .. } => return Ok(None),
        }))
    }

    /// The coin command this message asks for, if it is one: `(table, command)`.
    ///
    /// # Errors
    /// [`BadMessage`] for a malformed idempotency key.
    pub fn coin_command(&self) -> Result<Option<(u64, CoinCmd)>, BadMessage> {
        use ClientMsg as M;
        let key = |k: &String| {
            if valid_key(k) {
                Ok(k.clone())
            } else {
                Err(BadMessage(
                    "key must be 8 to 64 characters of A-Z a-z 0-9 _ -".into(),
                ))
            }
        };
        Ok(Some(match self {
            M::WagerPropose {
                table,
                stakes,
                mode,
            } => (
                *table,
                CoinCmd::Propose {
                    stakes: *stakes,
                    mode: *mode,
                },
            ),
            M::WagerConfirm { table, seen } => (*table, CoinCmd::Confirm { seen: *seen }),
            M::WagerAgree {
                table,
                key: k,
                seen,
            } => (
                *table,
                CoinCmd::Agree {
                    key: key(k)?,
                    seen: *seen,
                },
            ),
            M::WagerCancel { table } => (*table, CoinCmd::Cancel),
            M::WagerTopup {
                table,
                amount,
                key: k,
            } => (
                *table,
                CoinCmd::TopUp {
                    amount: *amount,
                    key: key(k)?,
                },
            ),
            M::Bet {
                table,
                pick,
                amount,
                key: k,
                game_id,
            } => (
                *table,
                CoinCmd::Bet {
                    pick: *pick,
                    amount: *amount,
                    key: key(k)?,
                    game_id: *game_id,
                },
            ),
            _ => return Ok(None),
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

    #[test]
    fn parses_coin_commands_and_checks_keys() {
        let e = parse(
            r#"{"t":"wager_propose","table":2,"stakes":{"red":5,"black":7},"mode":"coaching"}"#,
        )
        .unwrap();
        assert_eq!(
            e.msg.coin_command().unwrap(),
            Some((
                2,
                CoinCmd::Propose {
                    stakes: Stakes {
                        red: Amount::of(5),
                        black: Amount::of(7)
                    },
                    mode: WagerModeMsg::Coaching
                }
            ))
        );
        let e =
            parse(r#"{"t":"bet","table":2,"pick":"draw","amount":5,"key":"abcd-1234"}"#).unwrap();
        assert!(matches!(
            e.msg.coin_command().unwrap(),
            Some((
                2,
                CoinCmd::Bet {
                    pick: PickMsg::Draw,
                    amount: Amount(Some(5)),
                    game_id: None,
                    ..
                }
            ))
        ));
        let e = parse(
            r#"{"t":"wager_agree","table":2,"key":"abcd-1234","version":3,"stakes":{"red":1.5,"black":2}}"#,
        )
        .unwrap();
        assert_eq!(
            e.msg.coin_command().unwrap(),
            Some((
                2,
                CoinCmd::Agree {
                    key: "abcd-1234".into(),
                    seen: Seen {
                        version: Some(3),
                        stakes: Some(Stakes {
                            red: Amount(None),
                            black: Amount::of(2)
                        })
                    }
                }
            ))
        );
        let e = parse(r#"{"t":"wager_topup","table":2,"amount":5,"key":"short"}"#).unwrap();
        assert!(e.msg.coin_command().is_err());
        let e = parse(r#"{"t":"wager_agree","table":2,"key":"bad key!!"}"#).unwrap();
        assert!(e.msg.coin_command().is_err());
        assert!(
            parse(r#"{"t":"bet","table":2,"pick":"blue","amount":5,"key":"abcdefgh"}"#).is_err()
        );
    }
}
