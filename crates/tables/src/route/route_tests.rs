//! Where client messages are routed: samples of each kind, and what is refused at the edge.

use super::*;
use crate::table::{self, CoinCmd, WagerKind};
use platform::parimutuel::Pick;
use platform::table::Action;
use platform::{Millis, TableId};
use protocol::client::BadMessage;
use protocol::parse;
use xiangqi::Color;

fn routed(text: &str) -> Result<Route, BadMessage> {
    route(parse(text).unwrap().msg)
}

#[test]
fn parses_messages_and_refuses_garbage() {
    let e = parse(r#"{"t":"move","table":3,"mv":"h2e2","id":9}"#).unwrap();
    assert_eq!(e.id, Some(9));
    assert_eq!(
        route(e.msg).unwrap(),
        Route::Table {
            table: TableId(3),
            action: Action::Move {
                mv: "h2e2".parse().unwrap(),
                lag: Millis(0)
            }
        }
    );
    assert_eq!(
        routed(r#"{"t":"sit","table":1,"color":"black"}"#).unwrap(),
        Route::Table {
            table: TableId(1),
            action: Action::Sit(Color::Black)
        }
    );
    assert!(parse(r#"{"t":"fly","table":1}"#).is_err());
    assert!(parse(r#"{"t":"sit","table":1,"color":"green"}"#).is_err());
    assert!(parse("not json").is_err());
    assert!(routed(r#"{"t":"move","table":3,"mv":"zz99"}"#).is_err());
}

#[test]
fn parses_coin_commands_and_checks_keys() {
    assert_eq!(
        routed(r#"{"t":"wager_propose","table":2,"stakes":{"red":5,"black":7},"mode":"coaching"}"#)
            .unwrap(),
        Route::Coins {
            table: TableId(2),
            cmd: CoinCmd::Propose {
                stakes: table::Stakes {
                    red: Some(5),
                    black: Some(7)
                },
                kind: WagerKind::Coaching
            }
        }
    );
    assert!(matches!(
        routed(r#"{"t":"bet","table":2,"pick":"draw","amount":5,"key":"abcd-1234"}"#).unwrap(),
        Route::Coins {
            table: TableId(2),
            cmd: CoinCmd::Bet {
                pick: Pick::Draw,
                amount: Some(5),
                game_id: None,
                ..
            }
        }
    ));
    assert_eq!(
        routed(
            r#"{"t":"wager_agree","table":2,"key":"abcd-1234","version":3,"stakes":{"red":1.5,"black":2}}"#
        )
        .unwrap(),
        Route::Coins {
            table: TableId(2),
            cmd: CoinCmd::Agree {
                key: "abcd-1234".into(),
                seen: table::Seen {
                    version: Some(3),
                    stakes: Some(table::Stakes {
                        red: None,
                        black: Some(2)
                    })
                }
            }
        }
    );
    assert!(routed(r#"{"t":"wager_topup","table":2,"amount":5,"key":"short"}"#).is_err());
    assert!(routed(r#"{"t":"wager_agree","table":2,"key":"bad key!!"}"#).is_err());
    assert!(parse(r#"{"t":"bet","table":2,"pick":"blue","amount":5,"key":"abcdefgh"}"#).is_err());
}

#[test]
fn analyse_takes_one_line_by_default() {
    assert_eq!(
        routed(r#"{"t":"analyse","fen":"9/9/9/9/9/9/9/9/9/9 w"}"#).unwrap(),
        Route::Analyse {
            fen: "9/9/9/9/9/9/9/9/9/9 w".into(),
            multipv: 1
        }
    );
    assert_eq!(
        routed(r#"{"t":"analyse_stop"}"#).unwrap(),
        Route::AnalyseStop
    );
    // The FEN is checked where the search starts (`bad_fen`), multipv's type here.
    assert!(parse(r#"{"t":"analyse","fen":"x","multipv":-1}"#).is_err());
}
