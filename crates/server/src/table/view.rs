//! The wire form of a table: `TableSummary`, `TableState`, `GameState` and the events, as in
//! docs/protocol.md. Everything here only reads the table.

use super::actor::TableActor;
use platform::table::{AbortReason, Event, GameEnd};
use platform::{Millis, UserId};
use serde_json::{json, Value};
use xiangqi::{Color, Position};

/// Spectators listed in a `TableState` (the count is always exact).
const SPECTATORS_LISTED: usize = 50;

fn color_name(c: Color) -> &'static str {
    c.name()
}

/// The legal moves of the side to move, in ICCS.
fn legal(pos: &Position, over: bool) -> Vec<String> {
    if over {
        return Vec::new();
    }
    pos.legal_moves().iter().map(ToString::to_string).collect()
}

/// `GameEnd` on the wire.
pub(super) fn end_json(end: &GameEnd) -> Value {
    match end {
        GameEnd::Finished { outcome, plies } => json!({"kind": "finished",
            "result": outcome.result.as_str(), "reason": outcome.reason.as_str(), "plies": plies}),
        GameEnd::Aborted { reason, plies } => {
            let (why, by) = match reason {
                AbortReason::Requested(c) => ("requested", c),
                AbortReason::NoFirstMove(c) => ("no_first_move", c),
            };
            json!({"kind": "aborted", "reason": why, "by": color_name(*by), "plies": plies})
        }
    }
}

impl TableActor {
    pub(super) fn user_json(&self, id: UserId) -> Value {
        match self.users.get(&id) {
            Some(u) => u.to_json(&self.state.profile),
            None => json!({"id": id.0, "name": format!("user {}", id.0), "guest": true}),
        }
    }

    fn status(&self) -> &'static str {
        match self.table.game() {
            Some(g) if g.is_playing() => "playing",
            Some(_) => "finished",
            None => "waiting",
        }
    }

    /// `TableSummary`.
    pub(super) fn summary_json(&self) -> Value {
        let seat = |c: Color| match self.table.seat(c) {
            Some(s) => json!({"user": self.user_json(s.user), "ready": s.ready,
                "away": s.away_since.is_some()}),
            None => Value::Null,
        };
        json!({
            "id": self.id.0,
            "room": self.room.id,
            "status": self.status(),
            "seats": {"red": seat(Color::Red), "black": seat(Color::Black)},
            "spectators": self.table.spectators().count(),
            "control": self.table.time_control(),
            "game_id": self.game_id,
        })
    }

    /// `GameState`, or null.
    pub(super) fn game_json(&self, now: Millis) -> Value {
        let Some(g) = self.table.game() else {
            return Value::Null;
        };
        json!({
            "game_id": self.game_id,
            "number": g.number(),
            "red": self.user_json(g.player(Color::Red)),
            "black": self.user_json(g.player(Color::Black)),
            "start_fen": self.table.config().start.fen(),
            "fen": g.position().fen(),
            "moves": g.moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "turn": color_name(g.turn()),
            "ply": g.ply(),
            "clock": g.clock().snapshot(now),
            "control": g.clock().control(),
            "legal": legal(g.position(), !g.is_playing()),
            "draw_offer": g.draw_offer().map(color_name),
            "undo_request": g.undo_request().map(|r| json!({"by": color_name(r.by), "plies": r.plies})),
            "end": g.end().as_ref().map(end_json),
            "ai_level": self.ai.map(|a| a.level),
        })
    }

    /// The `table_state` message.
    pub(super) fn state_msg(&self, now: Millis) -> Value {
        let spectators: Vec<Value> = self
            .table
            .spectators()
            .take(SPECTATORS_LISTED)
            .map(|u| self.user_json(u))
            .collect();
        let state = json!({
            "id": self.id.0,
            "room": self.room.id,
            "summary": self.summary_json(),
            "control": self.table.time_control(),
            "proposal": self.table.proposal().map(|p| json!({"by": color_name(p.by), "control": p.control})),
            "spectators": spectators,
            "game": self.game_json(now),
            "wager": self.wager_json(),
            "pool": self.pool_json(),
        });
        json!({"t": "table_state", "table": self.id.0, "epoch": self.state.epoch,
            "v": self.history.v(), "now": now.0, "state": state})
    }

    /// An event's `e` object.
    pub(super) fn event_json(&self, ev: &Event, now: Millis) -> Value {
        let game = self.table.game();
        let fen = || game.map(|g| g.position().fen());
        let legal_now = || game.map_or_else(Vec::new, |g| legal(g.position(), !g.is_playing()));
        match ev {
            Event::Joined(u) => json!({"type": "joined", "user": self.user_json(*u)}),
            Event::Left(u) => json!({"type": "left", "user": self.user_json(*u)}),
            Event::Sat { user, color } => {
                json!({"type": "sat", "user": self.user_json(*user), "color": color_name(*color)})
            }
            Event::Stood { user, color } => {
                json!({"type": "stood", "user_id": user.0, "color": color_name(*color)})
            }
            Event::Ready { color, ready } => {
                json!({"type": "ready", "color": color_name(*color), "ready": ready})
            }
            Event::TimeControlProposed { by, control } => {
                json!({"type": "control_proposed", "by": color_name(*by), "control": control})
            }
            Event::TimeControlDeclined { by } => {
                json!({"type": "control_declined", "by": color_name(*by)})
            }
            Event::TimeControlSet(control) => json!({"type": "control_set", "control": control}),
            Event::GameStarted { .. } => {
                json!({"type": "game_started", "game": self.game_json(now)})
            }
            Event::Moved {
                color,
                mv,
                ply,
                clock,
            } => json!({"type": "moved", "color": color_name(*color), "mv": mv.to_string(),
                "ply": ply, "clock": clock, "fen": fen(), "legal": legal_now()}),
            Event::DrawOffered { by } => json!({"type": "draw_offered", "by": color_name(*by)}),
            Event::DrawDeclined { by } => json!({"type": "draw_declined", "by": color_name(*by)}),
            Event::UndoRequested { by, plies } => {
                json!({"type": "undo_requested", "by": color_name(*by), "plies": plies})
            }
            Event::UndoDeclined { by } => json!({"type": "undo_declined", "by": color_name(*by)}),
            Event::Undone { plies, ply, clock } => json!({"type": "undone", "plies": plies,
                "ply": ply, "clock": clock, "fen": fen(),
                "moves": game.map(|g| g.moves().iter().map(ToString::to_string).collect::<Vec<_>>()),
                "legal": legal_now()}),
            Event::Disconnected { color, deadline } => {
                json!({"type": "disconnected", "color": color_name(*color), "deadline": deadline.0})
            }
            Event::Reconnected { color } => {
                json!({"type": "reconnected", "color": color_name(*color)})
            }
            Event::Chat { user, text } => {
                let name = self.users.get(user).map(|u| u.name.clone());
                json!({"type": "chat", "user_id": user.0, "name": name, "text": text})
            }
            Event::GameEnded(end) => {
                json!({"type": "game_ended", "end": end_json(end), "game_id": self.game_id})
            }
            Event::Paused => json!({"type": "paused"}),
            Event::Resumed => json!({"type": "resumed"}),
        }
    }
}
