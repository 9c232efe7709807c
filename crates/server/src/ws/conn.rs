//! One connection: a writer task drains the connection's [`Outbox`] (and the lobby feed when
//! subscribed) into the socket; the reader parses, rate-limits and forwards to tables.

use super::limit::MessageLimiter;
use super::protocol::{self, ClientMsg, PROTOCOL_VERSION};
use crate::clock;
use crate::lobby::RoomInfo;
use crate::state::AppState;
use crate::table::{spawn_table, AiSide, ConnId, Outbox, TableMsg, TableSetup};
use crate::user::UserInfo;
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use platform::clock::TimeControl;
use platform::TableId;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{broadcast, mpsc};

/// Serves one upgraded socket until it closes.
pub async fn run(state: AppState, socket: WebSocket, user: Arc<UserInfo>) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut rx, kill) = Outbox::new();
    let (lobby_tx, mut lobby_ctl) = mpsc::channel::<bool>(4);
    let conn = ConnId::next();
    out.send_json(&json!({"t": "welcome", "protocol": PROTOCOL_VERSION,
        "user": user.to_json(&state.profile), "epoch": state.epoch, "now": clock::now().0}));
    state.sockets.add(user.id, conn, out.clone());

    let writer_state = state.clone();
    let writer = tokio::spawn(async move {
        let mut lobby: Option<broadcast::Receiver<Arc<str>>> = None;
        loop {
            let msg: Arc<str> = tokio::select! {
                m = rx.recv() => match m { Some(m) => m, None => break },
                on = lobby_ctl.recv() => {
                    match on {
                        Some(true) => {
                            lobby = Some(writer_state.lobby.subscribe());
                            lobby_snapshot(&writer_state)
                        }
                        Some(false) => { lobby = None; continue }
                        None => break,
                    }
                }
                m = recv_lobby(&mut lobby) => match m {
                    Ok(m) => m,
                    Err(broadcast::error::RecvError::Lagged(_)) => lobby_snapshot(&writer_state),
                    Err(broadcast::error::RecvError::Closed) => { lobby = None; continue }
                },
                () = kill.notified() => break,
            };
            // Everything already queued goes out with one flush (one write to the socket).
            if sink
                .feed(Message::Text(msg.to_string().into()))
                .await
                .is_err()
            {
                break;
            }
            let mut failed = false;
            while let Ok(more) = rx.try_recv() {
                if sink
                    .feed(Message::Text(more.to_string().into()))
                    .await
                    .is_err()
                {
                    failed = true;
                    break;
                }
            }
            if failed || sink.flush().await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });

    let mut reader = Reader {
        state: state.clone(),
        user,
        out,
        conn,
        joined: BTreeSet::new(),
        limiter: MessageLimiter::new(state.config.ws_messages_per_sec),
        lobby: lobby_tx,
    };
    while let Some(Ok(frame)) = stream.next().await {
        match frame {
            Message::Text(text) => reader.on_text(text.as_str()).await,
            Message::Close(_) => break,
            Message::Binary(_) => reader.bad(None, "binary frames are not used"),
            Message::Ping(_) | Message::Pong(_) => {}
        }
        if reader.out.is_closed() {
            break;
        }
    }
    state.sockets.remove(reader.user.id, conn);
    for table in &reader.joined {
        if let Some(h) = state.tables.get(*table) {
            h.send(TableMsg::Closed { conn }).await;
        }
    }
    writer.abort();
}

async fn recv_lobby(
    lobby: &mut Option<broadcast::Receiver<Arc<str>>>,
) -> Result<Arc<str>, broadcast::error::RecvError> {
    match lobby {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

fn lobby_snapshot(state: &AppState) -> Arc<str> {
    Arc::from(
        json!({"t": "lobby", "rooms": state.lobby.snapshot(), "now": clock::now().0}).to_string(),
    )
}

struct Reader {
    state: AppState,
    user: Arc<UserInfo>,
    out: Outbox,
    conn: ConnId,
    joined: BTreeSet<u64>,
    limiter: MessageLimiter,
    lobby: mpsc::Sender<bool>,
}

impl Reader {
    fn error(&self, id: Option<u64>, table: Option<u64>, code: &str, message: &str) {
        let mut m = json!({"t": "error", "id": id, "code": code, "message": message});
        if let Some(t) = table {
            m["table"] = json!(t);
        }
        self.out.send_json(&m);
    }

    fn bad(&self, id: Option<u64>, why: &str) {
        self.error(id, None, "bad_message", why);
    }

    async fn on_text(&mut self, text: &str) {
        if let Err(wait) = self.limiter.take(Instant::now()) {
            let id = protocol::parse(text).ok().and_then(|e| e.id);
            self.out
                .send_json(&json!({"t": "error", "id": id, "code": "rate_limited",
                "message": "too many messages", "retry_after": wait}));
            return;
        }
        let env = match protocol::parse(text) {
            Ok(e) => e,
            Err(e) => {
                let id = serde_json::from_str::<Value>(text)
                    .ok()
                    .and_then(|v| v.get("id").and_then(Value::as_u64));
                return self.bad(id, &e.0);
            }
        };
        let id = env.id;
        match env.msg.table_action() {
            Err(e) => self.bad(id, &e.0),
            Ok(Some((table, action))) => {
                let msg = TableMsg::Command {
                    conn: self.conn,
                    user: self.user.clone(),
                    out: self.out.clone(),
                    action,
                    id,
                };
                self.to_table(table, msg, id).await;
            }
            Ok(None) => match env.msg.coin_command() {
                Err(e) => self.bad(id, &e.0),
                Ok(Some((table, cmd))) => {
                    let msg = TableMsg::Coins {
                        conn: self.conn,
                        user: self.user.clone(),
                        out: self.out.clone(),
                        cmd,
                        id,
                    };
                    self.to_table(table, msg, id).await;
                }
                Ok(None) => self.other(env.msg, id).await,
            },
        }
    }

    async fn to_table(&self, table: u64, msg: TableMsg, id: Option<u64>) {
        match self.state.tables.get(table) {
            Some(h) if h.send(msg).await => {}
            // Its task has stopped: the server is shutting down.
            Some(_) => self.error(
                id,
                Some(table),
                "unavailable",
                "the server is restarting; try again",
            ),
            None => self.error(id, Some(table), "not_found", "no such table"),
        }
    }

    async fn other(&mut self, msg: ClientMsg, id: Option<u64>) {
        match msg {
            ClientMsg::Ping { n } => {
                self.out
                    .send_json(&json!({"t": "pong", "n": n, "now": clock::now().0}));
            }
            ClientMsg::Lobby { on } => {
                let _ = self.lobby.send(on).await;
                if let Some(id) = id {
                    self.out.send_json(&json!({"t": "ack", "id": id}));
                }
            }
            ClientMsg::Join {
                table,
                epoch,
                since,
            } => {
                let since = epoch.zip(since);
                let msg = TableMsg::Join {
                    conn: self.conn,
                    user: self.user.clone(),
                    out: self.out.clone(),
                    since,
                    id,
                };
                if self.state.tables.get(table).is_some() {
                    self.joined.insert(table);
                }
                self.to_table(table, msg, id).await;
            }
            ClientMsg::Leave { table } => {
                self.joined.remove(&table);
                let msg = TableMsg::Leave {
                    conn: self.conn,
                    user: self.user.clone(),
                    out: self.out.clone(),
                    id,
                };
                self.to_table(table, msg, id).await;
            }
            ClientMsg::Hint { table } => {
                let msg = TableMsg::Hint {
                    user: self.user.clone(),
                    out: self.out.clone(),
                    id,
                };
                self.to_table(table, msg, id).await;
            }
            ClientMsg::AiStart {
                level,
                color,
                control,
            } => self.start_ai(level, color.into(), control, id).await,
            _ => self.bad(id, "unexpected message"),
        }
    }

    async fn start_ai(
        &mut self,
        level: u8,
        color: xiangqi::Color,
        control: Option<TimeControl>,
        id: Option<u64>,
    ) {
        if !(1..=engine::level::MAX_LEVEL).contains(&level) {
            return self.bad(id, "level must be 1..=10");
        }
        let control = control.unwrap_or_else(TimeControl::untimed);
        if let Err(e) = control.validate() {
            return self.error(id, None, "invalid_time_control", &e.to_string());
        }
        let tables = &self.state.tables;
        let table = tables.next_ai_id(0);
        if !tables.claim_ai_game(self.user.id, table, self.state.config.ai_games_per_user) {
            return self.error(
                id,
                None,
                "too_many_ai_games",
                "finish a game against the computer first",
            );
        }
        let setup = ai_setup(&self.state, table, control, !color, level);
        let handle = match spawn_table(&self.state, setup, None) {
            Ok(h) => h,
            Err(e) => {
                tables.release_ai_game(table);
                return self.error(id, None, "internal", &e.to_string());
            }
        };
        self.joined.insert(table);
        handle
            .send(TableMsg::StartAi {
                human: self.user.clone(),
                color,
                out: self.out.clone(),
                conn: self.conn,
                id,
            })
            .await;
    }
}

/// The setup of a table for a game against the computer playing `ai_color` at `level`.
#[must_use]
pub fn ai_setup(
    state: &AppState,
    table: u64,
    control: TimeControl,
    ai_color: xiangqi::Color,
    level: u8,
) -> TableSetup {
    let mut config = state.config.table_config(control);
    config.first_move_deadline = None;
    config.undo_allowed = true;
    config.max_undos = 1_000;
    TableSetup {
        id: TableId(table),
        room: Arc::new(RoomInfo {
            id: "ai".into(),
            name: "Computer".into(),
            min_coins: 0,
        }),
        config,
        ai: Some(AiSide {
            color: ai_color,
            level,
        }),
    }
}
