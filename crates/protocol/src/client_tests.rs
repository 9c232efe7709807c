//! `ClientMsg` is written by the test and load client and read by the server: what one writes
//! the other reads back the same, and the frames have the shape docs/protocol.md §3 shows.

use crate::amount::{Amount, Seen, Stakes};
use crate::client::{parse, ClientMsg, Envelope, PickMsg, SeekKindMsg, Side, WagerModeMsg};
use platform::clock::TimeControl;
use platform::{GameId, TableId};

fn sample() -> Vec<ClientMsg> {
    let table = TableId(7);
    let stakes = Stakes {
        red: Amount::of(10),
        black: Amount::of(20),
    };
    vec![
        ClientMsg::Ping { n: 3 },
        ClientMsg::Join {
            table,
            epoch: Some("e1".into()),
            since: Some(4),
        },
        ClientMsg::Sit {
            table,
            color: Side::Black,
        },
        ClientMsg::Propose {
            table,
            control: TimeControl::preset("blitz").expect("a preset"),
        },
        ClientMsg::Move {
            table,
            mv: "h2e2".into(),
            lag: None,
        },
        ClientMsg::Seek {
            room: "r".into(),
            control: TimeControl::untimed(),
            rated: true,
            color: Some(Side::Red),
            kind: SeekKindMsg::Challenge,
            to: Some("someone".into()),
            again: None,
        },
        ClientMsg::WagerAgree {
            table,
            key: "k".into(),
            seen: Seen {
                version: Some(2),
                stakes: Some(stakes),
            },
        },
        ClientMsg::WagerPropose {
            table,
            stakes,
            mode: WagerModeMsg::Coaching,
        },
        ClientMsg::Bet {
            table,
            pick: PickMsg::Draw,
            amount: Amount::of(5),
            key: "b".into(),
            game_id: Some(GameId(9)),
        },
        ClientMsg::Analyse {
            fen: "startpos".into(),
            multipv: 3,
        },
        ClientMsg::AnalyseStop,
    ]
}

#[test]
fn every_message_the_client_writes_the_server_reads_back_the_same() {
    for (i, msg) in sample().into_iter().enumerate() {
        let sent = Envelope {
            id: Some(i as u64),
            msg,
        };
        let text = serde_json::to_string(&sent).expect("serialises");
        assert_eq!(parse(&text), Ok(sent), "{text}");
    }
}

#[test]
fn a_written_frame_has_the_documented_shape() {
    let v = serde_json::to_value(Envelope {
        id: Some(3),
        msg: ClientMsg::Move {
            table: TableId(7),
            mv: "h2e2".into(),
            lag: None,
        },
    })
    .expect("serialises");
    assert_eq!(
        v,
        serde_json::json!({"id": 3, "t": "move", "table": 7, "mv": "h2e2", "lag": null})
    );
}
