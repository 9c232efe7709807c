//! `ServerMsg` as it renders on the wire: samples of each kind, and every type of `ServerMsg::TYPES`
//! rendered by some variant.

use super::events::{DirectorEvent, EventView, TournamentEventView};
use super::server::ServerMsg;
use platform::seek::SeekId;
use platform::{GameId, TableId};
use serde_json::{json, Value};

#[test]
fn messages_render_as_the_protocol_says() {
    let v = EventView::Paused;
    let samples = [
        (ServerMsg::Ack { id: 3 }, json!({"t": "ack", "id": 3})),
        (
            ServerMsg::Ev {
                table: TableId(1),
                v: 2,
                now: 5,
                e: &v,
            },
            json!({"t": "ev", "table": 1, "v": 2, "now": 5, "e": {"type": "paused"}}),
        ),
        (
            ServerMsg::MyBet {
                table: TableId(1),
                game_id: GameId(2),
                pick: "red",
                amount: 5,
                payout: None,
            },
            json!({"t": "my_bet", "table": 1, "game_id": 2, "pick": "red", "amount": 5,
                "payout": null}),
        ),
    ];
    for (msg, want) in samples {
        let got: Value = serde_json::from_str(&msg.to_text()).unwrap();
        assert_eq!(got, want);
        assert!(ServerMsg::TYPES.contains(&got["t"].as_str().unwrap()));
    }
}

/// One message of every kind: each `t` is in [`ServerMsg::TYPES`], and every type but
/// `error` (rendered by `ErrorMsg`) is one of them.
#[test]
fn types_list_every_message() {
    use super::views::{ByColor, SummaryView, TableStateView};
    use platform::clock::TimeControl;
    let e = EventView::Resumed;
    let summary = SummaryView {
        id: TableId(1),
        room: "r".into(),
        status: "waiting",
        seats: ByColor {
            red: None,
            black: None,
        },
        spectators: 0,
        control: TimeControl::untimed(),
        game_id: None,
        handicap: None,
    };
    let seek = super::views::SeekView {
        id: SeekId(1),
        room: "r".into(),
        user: super::views::SeekUserView {
            id: platform::UserId(1),
            name: "a".into(),
            rating: 1500,
            guest: false,
        },
        control: TimeControl::untimed(),
        rated: true,
        color: None,
        kind: "quick",
        to: None,
        since: 0,
        key: None,
    };
    let state = TableStateView {
        id: TableId(1),
        room: "r".into(),
        summary: summary.clone(),
        control: TimeControl::untimed(),
        proposal: None,
        handicap: None,
        handicap_proposal: None,
        spectators: Vec::new(),
        game: None,
        wager: None,
        pool: None,
        first_move_secs: Some(30),
        rules: super::repetition::RulesView::of(&platform::table::TableConfig::default()),
        spectator_delay: None,
        berserk: false,
    };
    let tournament =
        serde_json::value::RawValue::from_string(r#"{"id":1,"name":"cup"}"#.into()).unwrap();
    let all = [
        ServerMsg::Welcome {
            protocol: 1,
            user: crate::user::UserView {
                id: platform::UserId(1),
                name: "u".into(),
                guest: true,
                coins: None,
                rating: 1500,
                games: 0,
                provisional: true,
                title: crate::user::TitleView {
                    zh: "无称号",
                    en: "untitled",
                    honorary: None,
                    awarded: None,
                },
                computer: None,
            },
            epoch: "e",
            now: 0,
        },
        ServerMsg::Pong { n: 1, now: 0 },
        ServerMsg::Ack { id: 1 },
        ServerMsg::Lobby {
            rooms: Vec::new(),
            now: 0,
        },
        ServerMsg::LobbyTable {
            table: &super::views::LobbySummary::Here(summary.clone()),
        },
        ServerMsg::TableState {
            table: TableId(1),
            epoch: "e",
            v: 0,
            now: 0,
            state,
        },
        ServerMsg::Ev {
            table: TableId(1),
            v: 1,
            now: 0,
            e: &e,
        },
        ServerMsg::TState {
            tournament: 1,
            v: 0,
            state: &tournament,
        },
        ServerMsg::TEv {
            tournament: 1,
            v: 1,
            now: 0,
            e: &TournamentEventView::Director(DirectorEvent::Cancelled),
        },
        ServerMsg::Balance { coins: 0 },
        ServerMsg::MyBet {
            table: TableId(1),
            game_id: GameId(1),
            pick: "draw",
            amount: 1,
            payout: None,
        },
        ServerMsg::Hint {
            table: TableId(1),
            ply: 0,
            mv: "h2e2".into(),
        },
        ServerMsg::LobbySeeks {
            room: "r",
            v: 1,
            seeks: &serde_json::value::to_raw_value(&[0u8; 0]).expect("json"),
        },
        ServerMsg::SeekWaiting {
            seek: &seek,
            window: Some(100),
        },
        ServerMsg::SeekPaired {
            seek: SeekId(1),
            table: TableId(1),
            color: "red",
        },
        ServerMsg::SeekGone {
            seek: SeekId(1),
            reason: "expired",
            by: None,
        },
        ServerMsg::Challenge { seek: &seek },
        ServerMsg::LadderNotice {
            ladder: 1,
            notice: &super::ladder::LadderNotice::Moved { from: 3, to: 2 },
        },
        ServerMsg::LeagueNotice {
            league: 1,
            notice: &super::league::LeagueNotice::Agreed { m: 1, at: 5 },
        },
        ServerMsg::TeamNotice {
            team: platform::TeamId(2),
            notice: &super::team::TeamNotice::Joined {
                user: platform::UserId(7),
            },
        },
        ServerMsg::ConductNotice {
            game_id: platform::GameId(3),
            conduct: "no_show",
            score: 90,
            ban_until: None,
        },
        ServerMsg::AnalysisLines {
            fen: xiangqi::START_FEN,
            depth: 3,
            lines: vec![super::server::LineView {
                cp: Some(20),
                mate: None,
                pv: vec!["h2e2".into()],
            }],
            done: false,
        },
    ];
    let mut seen: Vec<String> = all
        .iter()
        .map(|m| serde_json::from_str::<Value>(&m.to_text()).unwrap()["t"].to_string())
        .map(|t| t.trim_matches('"').to_owned())
        .collect();
    seen.push("error".into());
    seen.sort();
    let mut types: Vec<String> = ServerMsg::TYPES.iter().map(|t| (*t).to_owned()).collect();
    types.sort();
    assert_eq!(seen, types);
}
