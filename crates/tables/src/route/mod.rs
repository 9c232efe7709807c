//! Where each [`ClientMsg`] goes, decided at the edge: table commands and coin commands become
//! the table's own domain commands (`platform::table::Action`, [`table::CoinCmd`]), so the
//! tables never see a wire type. Every message type is routed by name: a new one does not
//! compile until it is routed.

use crate::seek::{KindAsked, SeekAsked};
use crate::table::{self, CoinCmd, WagerKind};
use platform::clock::TimeControl;
use platform::parimutuel::Pick;
use platform::seek::SeekId;
use platform::table::Action;
use platform::{Millis, TableId};
use protocol::amount::{Seen, Stakes};
use protocol::client::{BadMessage, ClientMsg, PickMsg, SeekKindMsg, WagerModeMsg};
use protocol::handicap::handicap;
use xiangqi::Color;

/// What the connection does with a message.
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    /// Answer `pong`.
    Ping {
        /// Echoed.
        n: u64,
    },
    /// Lobby updates on or off.
    Lobby {
        /// On?
        on: bool,
    },
    /// Watch `table`; `since`: the `(epoch, v)` the client has.
    Join {
        /// The table.
        table: TableId,
        /// What the client has already.
        since: Option<(String, u64)>,
    },
    /// Watch a tournament.
    TWatch {
        /// The event.
        tournament: u64,
    },
    /// Stop watching `table`.
    Leave {
        /// The table.
        table: TableId,
    },
    /// A command for a table.
    Table {
        /// The table.
        table: TableId,
        /// What to do.
        action: Action,
    },
    /// A coin command for a table's coin desk.
    Coins {
        /// The table.
        table: TableId,
        /// What to do.
        cmd: CoinCmd,
    },
    /// A hint at `table`.
    Hint {
        /// The table.
        table: TableId,
    },
    /// A seek for the seek desk.
    Seek(SeekAsked),
    /// Accept a seek.
    SeekAccept {
        /// The seek.
        seek: SeekId,
        /// A link seek's key.
        key: Option<String>,
    },
    /// Cancel one's seek.
    SeekCancel {
        /// The seek.
        seek: SeekId,
    },
    /// Decline a challenge to oneself.
    SeekDecline {
        /// The challenge.
        seek: SeekId,
    },
    /// A new game against the computer.
    AiStart {
        /// Its level.
        level: u8,
        /// The human's colour.
        color: Color,
        /// The time control (untimed when not given).
        control: Option<TimeControl>,
        /// Whether the game is rated.
        rated: bool,
    },
    /// Live engine lines of `fen` for this connection.
    Analyse {
        /// The position.
        fen: String,
        /// How many lines.
        multipv: u8,
    },
    /// Stop this connection's live engine lines.
    AnalyseStop,
}

/// Whether `key` is a valid client idempotency key: 8–64 characters of `[A-Za-z0-9_-]`.
#[must_use]
pub fn valid_key(key: &str) -> bool {
    (8..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn key(k: String) -> Result<String, BadMessage> {
    if valid_key(&k) {
        Ok(k)
    } else {
        Err(BadMessage(
            "key must be 8 to 64 characters of A-Z a-z 0-9 _ -".into(),
        ))
    }
}

/// Where `msg` goes.
///
/// # Errors
/// [`BadMessage`] for an unreadable move, chat text with a control character, or a
/// malformed idempotency key.
pub fn route(msg: ClientMsg) -> Result<Route, BadMessage> {
    use ClientMsg as M;
    let at = |table: TableId, action: Action| Ok(Route::Table { table, action });
    let coins = |table: TableId, cmd: CoinCmd| Ok(Route::Coins { table, cmd });
    match msg {
        M::Ping { n } => Ok(Route::Ping { n }),
        M::Lobby { on } => Ok(Route::Lobby { on }),
        M::Join {
            table,
            epoch,
            since,
        } => Ok(Route::Join {
            table,
            since: epoch.zip(since),
        }),
        M::Leave { table } => Ok(Route::Leave { table }),
        M::TWatch { tournament } => Ok(Route::TWatch { tournament }),
        M::Hint { table } => Ok(Route::Hint { table }),
        M::AiStart {
            level,
            color,
            control,
            rated,
        } => Ok(Route::AiStart {
            level,
            color: color.into(),
            control,
            rated,
        }),
        M::Analyse { fen, multipv } => Ok(Route::Analyse { fen, multipv }),
        M::AnalyseStop => Ok(Route::AnalyseStop),
        M::Seek {
            room,
            control,
            rated,
            color,
            kind,
            to,
            again,
        } => {
            let kind = match (kind, to) {
                (SeekKindMsg::Quick, _) => KindAsked::Quick,
                (SeekKindMsg::Open, _) => KindAsked::Open,
                (SeekKindMsg::Link, _) => KindAsked::Link,
                (SeekKindMsg::Challenge, Some(name)) if !name.trim().is_empty() => {
                    KindAsked::Challenge(name.trim().to_owned())
                }
                (SeekKindMsg::Challenge, _) => {
                    return Err(BadMessage("a challenge needs `to`: a player's name".into()))
                }
            };
            Ok(Route::Seek(SeekAsked {
                room,
                control,
                rated,
                color: color.map(Into::into),
                kind,
                again: again.map(SeekId),
            }))
        }
        M::SeekAccept { seek, key } => Ok(Route::SeekAccept {
            seek: SeekId(seek),
            key,
        }),
        M::SeekCancel { seek } => Ok(Route::SeekCancel { seek: SeekId(seek) }),
        M::SeekDecline { seek } => Ok(Route::SeekDecline { seek: SeekId(seek) }),
        M::Sit { table, color } => at(table, Action::Sit(color.into())),
        M::Stand { table } => at(table, Action::Stand),
        M::Ready { table, ready } => at(table, Action::Ready(ready)),
        M::Propose { table, control } => at(table, Action::ProposeTimeControl(control)),
        M::AcceptControl { table } => at(table, Action::AcceptTimeControl),
        M::DeclineControl { table } => at(table, Action::DeclineTimeControl),
        M::HandicapPropose {
            table,
            giver,
            kind,
            fen,
        } => at(table, Action::ProposeHandicap(handicap(giver, kind, fen)?)),
        M::HandicapAccept { table } => at(table, Action::AcceptHandicap),
        M::HandicapDecline { table } => at(table, Action::DeclineHandicap),
        M::Move { table, mv, lag } => {
            let mv = mv
                .parse()
                .map_err(|_| BadMessage(format!("unreadable move {mv:?}")))?;
            let lag = Millis(lag.unwrap_or(0).min(10_000));
            at(table, Action::Move { mv, lag })
        }
        M::DrawOffer { table } => at(table, Action::OfferDraw),
        M::DrawAccept { table } => at(table, Action::AcceptDraw),
        M::DrawDecline { table } => at(table, Action::DeclineDraw),
        M::RematchDecline { table } => at(table, Action::DeclineRematch),
        M::UndoRequest { table } => at(table, Action::RequestUndo),
        M::UndoAccept { table } => at(table, Action::AcceptUndo),
        M::UndoDecline { table } => at(table, Action::DeclineUndo),
        M::Resign { table } => at(table, Action::Resign),
        M::Berserk { table } => at(table, Action::Berserk),
        M::Abort { table } => at(table, Action::Abort),
        M::Chat { table, text } => {
            if text.chars().any(char::is_control) {
                return Err(BadMessage(
                    "chat text cannot contain control characters".into(),
                ));
            }
            at(table, Action::Chat(text))
        }
        M::WagerPropose {
            table,
            stakes,
            mode,
        } => coins(
            table,
            CoinCmd::Propose {
                stakes: stakes.into(),
                kind: mode.into(),
            },
        ),
        M::WagerConfirm { table, seen } => coins(table, CoinCmd::Confirm { seen: seen.into() }),
        M::WagerAgree {
            table,
            key: k,
            seen,
        } => coins(
            table,
            CoinCmd::Agree {
                key: key(k)?,
                seen: seen.into(),
            },
        ),
        M::WagerCancel { table } => coins(table, CoinCmd::Cancel),
        M::WagerTopup {
            table,
            amount,
            key: k,
        } => coins(
            table,
            CoinCmd::TopUp {
                amount: amount.0,
                key: key(k)?,
            },
        ),
        M::Bet {
            table,
            pick,
            amount,
            key: k,
            game_id,
        } => coins(
            table,
            CoinCmd::Bet {
                pick: pick_of(pick),
                amount: amount.0,
                key: key(k)?,
                game_id,
            },
        ),
    }
}

impl From<WagerModeMsg> for WagerKind {
    fn from(m: WagerModeMsg) -> WagerKind {
        match m {
            WagerModeMsg::Ordinary => WagerKind::Ordinary,
            WagerModeMsg::Coaching => WagerKind::Coaching,
        }
    }
}

/// The pick a bet names.
fn pick_of(p: PickMsg) -> Pick {
    match p {
        PickMsg::Red => Pick::RedWins,
        PickMsg::Black => Pick::BlackWins,
        PickMsg::Draw => Pick::Draw,
    }
}

impl From<Stakes> for table::Stakes {
    fn from(s: Stakes) -> table::Stakes {
        table::Stakes {
            red: s.red.0,
            black: s.black.0,
        }
    }
}

impl From<Seen> for table::Seen {
    fn from(s: Seen) -> table::Seen {
        table::Seen {
            version: s.version,
            stakes: s.stakes.map(Into::into),
        }
    }
}

#[cfg(test)]
mod route_tests;
