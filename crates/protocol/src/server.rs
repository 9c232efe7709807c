//! `ServerMsg`: everything the server sends over the WebSocket (docs/protocol.md §4), tagged
//! by `"t"`, except `error`, which [`crate::error_code::ErrorMsg`] renders for HTTP's twin
//! codes in one place.

use super::events::{EventView, TournamentEventView};
use super::views::{LobbySummary, RoomView, SeekView, TableStateView};
use crate::user::UserView;
use platform::seek::SeekId;
use platform::{GameId, TableId};
use serde::Serialize;
use serde_json::value::RawValue;
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
        /// `Tournament` (docs/protocol.md §4.4), rendered by its director.
        state: &'a RawValue,
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
        /// `[Seek]`, as the desk's node wrote it.
        seeks: &'a RawValue,
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
        /// connection closed), `no_free_table`, `declined` (by `by`, the challenged player).
        reason: &'static str,
        /// Who declined a challenge (`declined` only).
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<&'a str>,
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
    /// Private: a league's notice to this user (a captain or a player of a match).
    LeagueNotice {
        /// The league.
        league: u32,
        /// What happened (`LeagueNotice`, tagged by `kind`).
        notice: &'a super::league::LeagueNotice,
    },
    /// Private: a team's notice to this user (one of its players, or the one who left).
    TeamNotice {
        /// The team.
        team: platform::TeamId,
        /// What happened (`TeamNotice`, tagged by `kind`).
        notice: &'a super::team::TeamNotice,
    },
    /// Private: one's behaviour score (品行) was lowered by how one ended game `game_id`
    /// (docs/behaviour.md): the reason, the score now, and the ban it brought, if any.
    ConductNotice {
        /// The game.
        game_id: GameId,
        /// Why: the conduct recorded (`no_show`: the first move not made in time, `left`).
        conduct: &'static str,
        /// The behaviour score now (0–100).
        score: u8,
        /// The end of the automatic ban it brought (ms since the epoch), if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        ban_until: Option<u64>,
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
    /// Private: the engine's lines of the position of this connection's `analyse`.
    AnalysisLines {
        /// The position searched.
        fen: &'a str,
        /// The depth the lines were searched to.
        depth: i32,
        /// `[Line]`, best first.
        lines: Vec<LineView>,
        /// The last message of this search (its depth or time cap reached).
        done: bool,
    },
}

/// One engine line of `analysis_lines`, from Red's point of view.
#[derive(Debug, Serialize)]
pub struct LineView {
    /// Centipawns (`null` for a mate).
    pub cp: Option<i32>,
    /// Moves to mate: positive when Red mates (`null` when not a mate).
    pub mate: Option<i32>,
    /// The moves (ICCS), the line's move first.
    pub pv: Vec<String>,
}

impl ServerMsg<'_> {
    /// Every message type `t` the server sends, `error` included.
    pub const TYPES: [&'static str; 23] = [
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
        "league_notice",
        "team_notice",
        "conduct_notice",
        "analysis_lines",
    ];

    /// The message's JSON text.
    #[must_use]
    pub fn to_text(&self) -> Arc<str> {
        Arc::from(serde_json::to_string(self).unwrap_or_default())
    }
}
