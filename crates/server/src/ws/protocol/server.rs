//! `ServerMsg`: everything the server sends over the WebSocket (docs/protocol.md §4), tagged
//! by `"t"`, except `error`, which [`crate::error_code::ErrorMsg`] renders for HTTP's twin
//! codes in one place.

use super::events::{EventView, TournamentEventView};
use super::views::{LobbySummary, RoomView, SeekView, TableStateView};
use crate::user::UserView;
use platform::seek::SeekId;
use platform::{GameId, TableId};
use serde::Serialize;
use std::sync::Arc;

/// Server → client messages.
#[derive(Debug, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
// Built, serialized once and dropped: boxing the large variants would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum ServerMsg<'a> {
    /// The first message of a connection.
    Welcome {
        /// The protocol version.
        protocol: u32,
        /// The connection's user (`User`).
        user: UserView,
        /// The server's run (events are numbered within it).
        epoch: &'a str,
        /// The server's clock (ms).
        now: u64,
    },
    /// The answer to `ping`.
    Pong {
        /// Echoed.
        n: u64,
        /// The server's clock (ms).
        now: u64,
    },
    /// A request with an `id` was accepted.
    Ack {
        /// The request.
        id: u64,
    },
    /// The lobby: every room with its tables.
    Lobby {
        /// `[Room]`.
        rooms: Vec<RoomView>,
        /// The server's clock (ms).
        now: u64,
    },
    /// A table's summary changed.
    LobbyTable {
        /// `TableSummary`.
        table: &'a LobbySummary,
    },
    /// A table's full state.
    TableState {
        /// The table.
        table: TableId,
        /// The server's run.
        epoch: &'a str,
        /// The last event number included.
        v: u64,
        /// The server's clock (ms).
        now: u64,
        /// `TableState`.
        state: TableStateView,
    },
    /// One numbered table event.
    Ev {
        /// The table.
        table: TableId,
        /// The event's number.
        v: u64,
        /// The server's clock (ms).
        now: u64,
        /// The event (`Event`, tagged by `type`).
        e: &'a EventView,
    },
    /// A tournament's full state (after `t_watch`).
    TState {
        /// The event.
        tournament: u64,
        /// The last event number included.
        v: u64,
        /// `Tournament` (docs/protocol.md §4.4).
        state: &'a crate::tournament::TournamentView,
    },
    /// A numbered tournament event.
    TEv {
        /// The event.
        tournament: u64,
        /// The event's number.
        v: u64,
        /// The server's clock (ms).
        now: u64,
        /// What happened (tagged by `t`: `registered`, `withdrew`, `round_paired`,
        /// `result_recorded`, `round_complete`, `finished`, `cancelled`).
        e: &'a TournamentEventView<'a>,
    },
    /// The user's balance changed.
    Balance {
        /// The new balance.
        coins: i64,
    },
    /// The bettor's own bet.
    MyBet {
        /// The table.
        table: TableId,
        /// The game bet on.
        game_id: GameId,
        /// `red`, `black` or `draw`.
        pick: &'static str,
        /// The amount staked.
        amount: i64,
        /// Coins returned once settled (`null` before).
        payout: Option<i64>,
    },
    /// The room's open and quick seeks changed (the whole list; `v` counts the desk's lists).
    LobbySeeks {
        /// The room.
        room: &'a str,
        /// The list's number (grows with every list the desk publishes).
        v: u64,
        /// `[Seek]`.
        seeks: &'a [SeekView],
    },
    /// Private: one's seek waits (sent again whenever its rating window widens).
    SeekWaiting {
        /// `Seek`.
        seek: &'a SeekView,
        /// The rating window on either side now (`null`: any rating; always `null` but for
        /// quick seeks).
        window: Option<u32>,
    },
    /// Private, to both players: a pair formed and both are seated at `table`, the game started.
    SeekPaired {
        /// The seek that was taken.
        seek: SeekId,
        /// The table to join.
        table: TableId,
        /// One's colour.
        color: &'static str,
    },
    /// Private: one's seek is gone without a game (`reason`).
    SeekGone {
        /// The seek.
        seek: SeekId,
        /// `cancelled`, `expired`, `paired` (another of one's seeks paired), `left` (the last
        /// connection closed), `no_free_table`.
        reason: &'static str,
    },
    /// Private: a challenge to this user.
    Challenge {
        /// `Seek`.
        seek: &'a SeekView,
    },
    /// Private: a ladder's notice to this user.
    LadderNotice {
        /// The ladder.
        ladder: u32,
        /// What happened (`LadderNotice`, tagged by `kind`).
        notice: &'a super::ladder::LadderNotice,
    },
    /// A suggested move (private).
    Hint {
        /// The table.
        table: TableId,
        /// The plies played in the position it is for.
        ply: usize,
        /// The move.
        mv: String,
    },
}

impl ServerMsg<'_> {
    /// Every message type `t` the server sends, `error` included.
    pub const TYPES: [&'static str; 19] = [
        "t_state",
        "t_ev",
        "welcome",
        "pong",
        "ack",
        "error",
        "lobby",
        "lobby_table",
        "table_state",
        "ev",
        "balance",
        "my_bet",
        "hint",
        "lobby_seeks",
        "seek_waiting",
        "seek_paired",
        "seek_gone",
        "challenge",
        "ladder_notice",
    ];

    /// The message's JSON text.
    #[must_use]
    pub fn to_text(&self) -> Arc<str> {
        Arc::from(serde_json::to_string(self).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ws::protocol::events::DirectorEvent;
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
        use super::super::views::{ByColor, SummaryView, TableStateView};
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
        };
        let seek = super::super::views::SeekView {
            id: SeekId(1),
            room: "r".into(),
            user: super::super::views::SeekUserView {
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
            spectators: Vec::new(),
            game: None,
            wager: None,
            pool: None,
            first_move_secs: Some(30),
            rules: super::super::repetition::RulesView::of(&platform::table::TableConfig::default()),
        };
        let tournament = crate::tournament::TournamentView {
            id: 1,
            name: "cup".into(),
            status: "upcoming".into(),
            starts_at: 0,
            spec: crate::tournament::Spec::default(),
            tiebreaks: Vec::new(),
            players: Vec::new(),
            rounds: Vec::new(),
            standings: Vec::new(),
            bracket: None,
        };
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
                table: &super::super::views::LobbySummary::Here(summary.clone()),
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
                seeks: &[],
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
            },
            ServerMsg::Challenge { seek: &seek },
            ServerMsg::LadderNotice {
                ladder: 1,
                notice: &super::super::ladder::LadderNotice::Moved { from: 3, to: 2 },
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
}
