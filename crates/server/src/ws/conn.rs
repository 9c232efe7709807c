//! One connection: a writer task ([`super::writer`]) drains the connection's [`Outbox`] into the
//! socket; the reader parses, rate-limits and forwards to tables. Either side ends the
//! connection through the outbox's close signal, so a close frame always says why
//! ([`super::close`]).

use super::close;
use super::limit::MessageLimiter;
use super::writer::{self, Feeds, CLOSE_TIMEOUT};
use crate::http::tournament_reply::{await_director, stored_live};
use crate::state::AppState;
use axum::extract::ws::{Message, WebSocket};
use cluster::remote_directors;
use cluster::remote_tables;
use futures_util::StreamExt;
use kit::clock;
use platform::TableId;
use protocol::error_code::{ErrorCode, ErrorMsg};
use protocol::{ServerMsg, PROTOCOL_VERSION};
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Instant;
use tables::analysis::LiveSession;
use tables::route::Route;
use tables::seek::{Asker, DeskMsg};
use tables::table::{open_computer_table, AiRequest, Caller, Close, ConnId, Outbox, TableMsg};
use tables::table_route::{table_msg, Routed};
use tables::user::UserInfo;
use tokio::sync::mpsc;

/// Serves one upgraded socket until it closes; `session` is the hash of the session token it
/// was opened with (logging that session out closes it).
pub async fn run(state: AppState, socket: WebSocket, user: Arc<UserInfo>, session: String) {
    let _counted = kit::metrics::ConnectionGauge::open();
    let (sink, mut stream) = socket.split();
    let (out, rx, mut closing) = Outbox::new();
    let (lobby_tx, lobby_ctl) = mpsc::channel::<bool>(4);
    let conn = ConnId::next();
    out.send_msg(&ServerMsg::Welcome {
        protocol: PROTOCOL_VERSION,
        user: user.view(&state.profile),
        epoch: &state.epoch,
        now: clock::now().0,
    });
    state.sockets.add(user.id, conn, &session, out.clone());
    let feeds = Feeds {
        rx,
        lobby_ctl,
        closing: closing.clone(),
        out: out.clone(),
    };
    let mut writer = tokio::spawn(writer::run(state.clone(), sink, feeds));

    let mut reader = Reader {
        state: state.clone(),
        user,
        out,
        conn,
        joined: BTreeSet::new(),
        limiter: MessageLimiter::new(state.config.ws_messages_per_sec),
        lobby: lobby_tx,
        live: LiveSession::default(),
        sought: false,
    };
    // Whether the server closes first (then the client's answering close frame is awaited).
    let server_first = loop {
        let frame = tokio::select! {
            biased;
            _ = closing.wait_for(Option::is_some) => break true,
            f = stream.next() => f,
        };
        match frame {
            // Boxed while it runs: awaited inline, the largest command's future would be part
            // of every connection task's state for the connection's whole life.
            Some(Ok(Message::Text(text))) => Box::pin(reader.on_text(text.as_str())).await,
            Some(Ok(Message::Binary(_))) => reader.bad(None, "binary frames are not used"),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            Some(Ok(Message::Close(_))) => {
                reader.out.close(Close::NORMAL);
                break false;
            }
            Some(Err(e)) => {
                reader
                    .out
                    .close(close::for_read_error(&e).unwrap_or(Close::GONE));
                break false;
            }
            None => {
                reader.out.close(Close::GONE);
                break false;
            }
        }
    };
    state.sockets.remove(reader.user.id, conn);
    cluster::seek_desk::closed(&state, reader.user.id, conn, reader.sought).await;
    for table in &reader.joined {
        match state.tables.get(*table) {
            Some(h) => {
                h.send(TableMsg::Closed { conn }).await;
            }
            // Held here dormant: nobody watches it.
            None if !state.broker.is_local() && !state.tables.holds(*table) => {
                remote_tables::closed(&state, *table, conn, reader.user.id).await;
            }
            None => {}
        }
    }
    if !state.broker.is_local() {
        state.remote.relays.drop_conn(conn);
        remote_directors::closed(&state, conn).await;
    }
    drop(reader);
    // The writer sends the close frame (or the answer to the client's).
    if tokio::time::timeout(CLOSE_TIMEOUT, &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
    if server_first {
        let reply = async {
            while let Some(Ok(m)) = stream.next().await {
                if let Message::Close(_) = m {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(CLOSE_TIMEOUT, reply).await;
    }
}

pub(super) struct Reader {
    pub(super) state: AppState,
    pub(super) user: Arc<UserInfo>,
    pub(super) out: Outbox,
    pub(super) conn: ConnId,
    pub(super) joined: BTreeSet<TableId>,
    pub(super) limiter: MessageLimiter,
    pub(super) lobby: mpsc::Sender<bool>,
    /// This connection's live engine lines (stopped when it closes).
    pub(super) live: LiveSession,
    /// It sent the seek desk something (the desk's node is told when it closes).
    pub(super) sought: bool,
}

impl Reader {
    /// This connection as the sender of request `id` to a table.
    pub(super) fn caller(&self, id: Option<u64>) -> Caller {
        Caller {
            conn: self.conn,
            user: self.user.clone(),
            out: self.out.clone(),
            id,
        }
    }

    pub(super) fn error(
        &self,
        id: Option<u64>,
        table: Option<TableId>,
        code: ErrorCode,
        message: &str,
    ) {
        let mut m = ErrorMsg::new(id, code, message);
        if let Some(t) = table {
            m = m.at(t);
        }
        self.out.send_error(&m);
    }

    pub(super) fn bad(&self, id: Option<u64>, why: &str) {
        self.error(id, None, ErrorCode::BadMessage, why);
    }

    async fn on_text(&mut self, text: &str) {
        if let Err(wait) = self.limiter.take(Instant::now()) {
            let id = protocol::parse(text).ok().and_then(|e| e.id);
            self.out.send_error(
                &ErrorMsg::new(id, ErrorCode::RateLimited, "too many messages").retry_after(wait),
            );
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
        let route = match tables::route::route(env.msg) {
            Ok(r) => r,
            Err(e) => return self.bad(id, &e.0),
        };
        let route = match table_msg(route, self.caller(id)) {
            Routed::Table(table, msg) => return self.send_table(table, msg, id, text).await,
            Routed::Other(other) => other,
        };
        match route {
            Route::Ping { n } => {
                self.out.send_msg(&ServerMsg::Pong {
                    n,
                    now: clock::now().0,
                });
                self.ack(id);
            }
            Route::Lobby { on } => {
                let _ = self.lobby.send(on).await;
                self.ack(id);
            }
            Route::TWatch { tournament } => {
                let msg = events::tournament::DirectorMsg::Watch {
                    conn: self.conn,
                    out: self.out.clone(),
                };
                match self.state.tournaments.get(tournament) {
                    Some(h) if h.send(msg) => self.ack(id),
                    None if !self.state.broker.is_local() => {
                        let me = (self.conn, self.user.id, &self.out);
                        let watched = remote_directors::watch(&self.state, tournament, me, id);
                        if let Err(why) = watched.await {
                            self.error(id, None, ErrorCode::NotFound, why);
                        }
                    }
                    _ if stored_live(&self.state, tournament).await.unwrap_or(false) => {
                        // Stored a moment ago (from the command line): watch it once it is
                        // picked up, within a second.
                        let (state, conn, out) = (self.state.clone(), self.conn, self.out.clone());
                        tokio::spawn(async move {
                            let _ = await_director(&state, tournament).await;
                            if let Some(h) = state.tournaments.get(tournament) {
                                h.send(events::tournament::DirectorMsg::Watch { conn, out });
                            }
                        });
                        self.ack(id);
                    }
                    _ => self.error(id, None, ErrorCode::NotFound, "no such running tournament"),
                }
            }
            Route::AiStart {
                level,
                color,
                control,
                rated,
            } => {
                let req = AiRequest {
                    level,
                    color,
                    control,
                    rated,
                };
                self.start_ai(req, id).await;
            }
            Route::Seek(asked) => {
                let asker = self.asker(id);
                self.send_to_desk(DeskMsg::Seek { asker, asked }, id, text)
                    .await;
            }
            Route::SeekAccept { seek, key } => {
                let asker = self.asker(id);
                self.send_to_desk(DeskMsg::Accept { asker, seek, key }, id, text)
                    .await;
            }
            Route::SeekCancel { seek } => {
                let asker = self.asker(id);
                self.send_to_desk(DeskMsg::Cancel { asker, seek }, id, text)
                    .await;
            }
            Route::SeekDecline { seek } => {
                let asker = self.asker(id);
                self.send_to_desk(DeskMsg::Decline { asker, seek }, id, text)
                    .await;
            }
            Route::Analyse { fen, multipv } => {
                let (budget, limits) = (&self.state.lines, &self.state.config.limits);
                match self.live.start(budget, limits, &self.out, &fen, multipv) {
                    Ok(()) => self.ack(id),
                    Err((code, why)) => self.error(id, None, code, &why),
                }
            }
            Route::AnalyseStop => {
                self.live.stop();
                self.ack(id);
            }
            // Sent to their table above.
            Route::Join { .. }
            | Route::Leave { .. }
            | Route::Table { .. }
            | Route::Coins { .. }
            | Route::Hint { .. } => {}
        }
    }

    /// This connection as the sender of request `id` to the seek desk.
    fn asker(&self, id: Option<u64>) -> Asker {
        Asker {
            user: self.user.clone(),
            out: self.out.clone(),
            id,
        }
    }

    /// Hands `msg` (the client's `text`) to the site's seek desk: here, or on its node.
    async fn send_to_desk(&mut self, msg: DeskMsg, id: Option<u64>, text: &str) {
        self.sought = true;
        let me = (self.conn, self.user.id, text);
        if !cluster::seek_desk::send(&self.state, msg, me).await {
            self.error(
                id,
                None,
                ErrorCode::Unavailable,
                "the server is restarting; try again",
            );
        }
    }

    pub(super) fn ack(&self, id: Option<u64>) {
        if let Some(id) = id {
            self.out.send_msg(&ServerMsg::Ack { id });
        }
    }

    /// Hands `msg` (the client's `text`) to `table`: here, or at its owner on another node.
    async fn send_table(&mut self, table: TableId, msg: TableMsg, id: Option<u64>, text: &str) {
        let watch = msg.watching();
        if watch == Some(false) {
            self.joined.remove(&table);
        }
        let local = tables::table::wake(&self.state, table);
        if local.is_some() && watch == Some(true) {
            self.joined.insert(table);
        }
        match local {
            None if !self.state.broker.is_local() => {
                let since = match &msg {
                    TableMsg::Join { since, .. } => since.clone(),
                    _ => None,
                };
                self.send_remote(table, (watch, since), id, text).await;
            }
            Some(h) if h.send(msg).await => {}
            // Its task has stopped: the server is shutting down.
            Some(_) => self.error(
                id,
                Some(table),
                ErrorCode::Unavailable,
                "the server is restarting; try again",
            ),
            None => self.error(id, Some(table), ErrorCode::NotFound, "no such table"),
        }
    }

    async fn start_ai(&mut self, req: AiRequest, id: Option<u64>) {
        let color = req.color;
        match open_computer_table(&self.state, &self.user, req).await {
            Ok((table, handle)) => {
                self.joined.insert(table);
                handle
                    .send(TableMsg::StartAi {
                        caller: self.caller(id),
                        color,
                    })
                    .await;
            }
            Err((code, why)) => self.error(id, None, code, &why),
        }
    }
}
