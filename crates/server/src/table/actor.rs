//! One task per live table: the only writer of its `Table`. It applies commands one at a time,
//! journals games in progress before telling anyone (an acknowledged move survives a crash),
//! numbers the events, pushes them to watching connections, keeps the lobby summary current,
//! runs the timer at `next_deadline()`, and plays the computer's side in games against it.

use super::history::History;
use super::journal::{encode_action, PAUSE, RESUME};
use super::outbox::{ConnId, Outbox};
use super::registry::TableHandle;
use super::wager::WagerSlot;
use super::{ApplyError, LiveRecord, TableMsg};
use crate::clock;
use crate::error_code::{ErrorCode, ErrorMsg};
use crate::lobby::RoomInfo;
use crate::state::AppState;
use crate::store::{FinishedGame, JournalEntry, NewGame, RateRequest, StoreError, UnfinishedGame};
use crate::user::{UserInfo, COMPUTER};
use crate::ws::protocol::CoinCmd;
use platform::ledger::{self, AccountId, Transaction};
use platform::parimutuel::Pool;
use platform::rating::{RatedGame, RatingStatus};
use platform::table::{
    AbortReason, Action, Command, Event, GameEnd, Table, TableConfig, TableError,
};
use platform::{Millis, TableId, UserId};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use xiangqi::Color;

/// Mailbox size of a table task.
const MAILBOX: usize = 1_024;

/// The computer's side at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSide {
    /// The colour it plays.
    pub color: Color,
    /// Its level (1..=10).
    pub level: u8,
}

/// What a table task starts from.
#[derive(Clone, Debug)]
pub struct TableSetup {
    /// Its id.
    pub id: TableId,
    /// Its room.
    pub room: Arc<RoomInfo>,
    /// Its settings.
    pub config: TableConfig,
    /// The computer's side, at tables for games against it.
    pub ai: Option<AiSide>,
}

pub(super) struct Sub {
    pub(super) user: UserId,
    pub(super) out: Outbox,
}

pub(super) struct TableActor {
    pub(super) id: TableId,
    pub(super) room: Arc<RoomInfo>,
    pub(super) table: Table,
    pub(super) state: AppState,
    pub(super) history: History,
    pub(super) subs: HashMap<ConnId, Sub>,
    pub(super) users: HashMap<UserId, Arc<UserInfo>>,
    pub(super) game_id: Option<u64>,
    pub(super) seq: u64,
    pub(super) clocks: Vec<u32>,
    pub(super) last_move_at: Millis,
    pub(super) ai: Option<AiSide>,
    ai_pending: Option<(u32, usize, u64)>,
    hint_busy: Arc<AtomicBool>,
    me: mpsc::WeakSender<TableMsg>,
    summary: String,
    /// Whether an event since the last lobby update may have changed the summary (moves and
    /// chat do not, so the summary is not rebuilt for them).
    summary_dirty: bool,
    pub(super) replaying: bool,
    /// The wager between the two players, while one is open.
    pub(super) wager: Option<WagerSlot>,
    /// The spectators' betting pool of the game in progress.
    pub(super) pool: Option<Pool>,
    /// Settlements made at the end of the game, published after its `game_ended`.
    settled: Option<Settled>,
    /// A game that its journal ended while being replayed (the end was not stored before the
    /// server stopped): stored once the replay is over.
    pub(super) replay_end: Option<(GameEnd, Millis)>,
}

/// What the end of a game settled, to publish.
struct Settled {
    wager: Option<(platform::wager::Wager, UserId)>,
    pool: Option<Pool>,
    result: &'static str,
    /// Users whose balance the settlements changed.
    paid: Vec<UserId>,
}

/// Starts the task of a table, registers it, and returns its handle. `restore` is an unfinished
/// game to bring back (after a restart).
///
/// # Errors
/// The table's configuration is refused by `platform`.
pub fn spawn_table(
    state: &AppState,
    setup: TableSetup,
    restore: Option<UnfinishedGame>,
) -> Result<TableHandle, TableError> {
    let table = Table::new(setup.id, setup.config)?;
    let (tx, rx) = mpsc::channel(MAILBOX);
    let actor = TableActor {
        id: setup.id,
        room: setup.room,
        table,
        state: state.clone(),
        history: History::default(),
        subs: HashMap::new(),
        users: HashMap::new(),
        game_id: None,
        seq: 0,
        clocks: Vec::new(),
        last_move_at: Millis::ZERO,
        ai: setup.ai,
        ai_pending: None,
        hint_busy: Arc::new(AtomicBool::new(false)),
        me: tx.downgrade(),
        summary: String::new(),
        summary_dirty: true,
        replaying: false,
        wager: None,
        pool: None,
        settled: None,
        replay_end: None,
    };
    let handle = TableHandle::new(tx);
    state.tables.insert(setup.id.0, handle.clone());
    tokio::spawn(actor.run(rx, restore));
    Ok(handle)
}

impl TableActor {
    async fn run(mut self, mut rx: mpsc::Receiver<TableMsg>, restore: Option<UnfinishedGame>) {
        if let Some(g) = restore {
            self.restore(g).await;
        }
        self.after_change().await;
        let mut idle_floor = Duration::from_millis(5);
        loop {
            let wait = self
                .table
                .next_deadline()
                .map(|d| Duration::from_millis(d.0.saturating_sub(clock::now().0)).max(idle_floor));
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { break };
                    if !self.handle(msg).await {
                        break;
                    }
                }
                () = sleep_or_forever(wait) => {
                    let now = clock::now();
                    let events = self.table.tick(now);
                    // A tick that settles nothing must not spin.
                    idle_floor = if events.is_empty() { Duration::from_millis(100) } else { Duration::from_millis(5) };
                    self.process(events, now).await;
                }
            }
            self.after_change().await;
            if self.ai.is_some() && self.subs.is_empty() && !self.table.is_playing() {
                break;
            }
        }
        if self.ai.is_some() {
            self.state.tables.release_ai_game(self.id.0);
            self.state.tables.remove(self.id.0);
            self.state.lobby.remove(self.id.0);
        }
    }

    /// Handles one message; `false` stops the task.
    async fn handle(&mut self, msg: TableMsg) -> bool {
        let now = clock::now();
        match msg {
            TableMsg::Join {
                conn,
                user,
                out,
                since,
                id,
            } => self.join(conn, user, out, since, id, now).await,
            TableMsg::Command {
                conn,
                user,
                out,
                action,
                id,
            } => {
                if !self.subs.contains_key(&conn) {
                    reply(&out, id, self.id, Err(TableError::NotAtTable.into()));
                    return true;
                }
                if let Action::Sit(_) = action {
                    if !self.admits(&user, &out, id).await {
                        return true;
                    }
                }
                self.users.insert(user.id, user.clone());
                let result = self.apply(user.id, action, now).await;
                reply(&out, id, self.id, result);
            }
            TableMsg::Coins {
                conn,
                user,
                out,
                cmd,
                id,
            } => {
                if !self.subs.contains_key(&conn) {
                    reply(&out, id, self.id, Err(TableError::NotAtTable.into()));
                    return true;
                }
                self.users.insert(user.id, user.clone());
                let result = match cmd {
                    CoinCmd::Bet {
                        pick,
                        amount,
                        key,
                        game_id,
                    } => self.bet(&user, pick, amount, &key, game_id).await,
                    other => self.wager_cmd(&user, other).await,
                };
                match result {
                    Ok(()) => reply(&out, id, self.id, Ok(())),
                    Err(r) => {
                        out.send_error(&ErrorMsg::new(id, r.code, &r.message).at(self.id.0));
                    }
                }
            }
            TableMsg::Leave {
                conn,
                user,
                out,
                id,
            } => {
                self.subs.remove(&conn);
                let result = match self.apply(user.id, Action::Leave, now).await {
                    Err(ApplyError::Table(TableError::NotAtTable)) => Ok(()),
                    r => r,
                };
                reply(&out, id, self.id, result);
            }
            TableMsg::Closed { conn } => {
                if let Some(sub) = self.subs.remove(&conn) {
                    self.gone(sub.user, now).await;
                }
            }
            TableMsg::AiMove { key, mv } => {
                if self.ai_pending == Some(key) {
                    self.ai_pending = None;
                }
                if let Some(mv) = mv.filter(|_| self.ai_key() == Some(key)) {
                    let action = Action::Move {
                        mv,
                        lag: Millis::ZERO,
                    };
                    if let Err(e) = self.apply(COMPUTER, action, now).await {
                        tracing::warn!(table = self.id.0, "computer move refused: {e}");
                    }
                }
            }
            TableMsg::Hint { user, out, id } => self.hint(user.id, out, id),
            TableMsg::StartAi {
                human,
                color,
                out,
                conn,
                id,
            } => self.start_ai(human, color, out, conn, id, now).await,
            TableMsg::Record { game_id, reply } => {
                let record = self
                    .table
                    .game()
                    .filter(|g| g.is_playing() && self.game_id == Some(game_id))
                    .map(|g| {
                        let moves = g.moves().to_vec();
                        let mut clocks = self.clocks.clone();
                        clocks.resize(moves.len(), u32::MAX);
                        LiveRecord { moves, clocks }
                    });
                let _ = reply.send(record);
            }
            TableMsg::Stop(done) => {
                // The outage starts now: journaled, so the next run charges it to nobody.
                self.pause_game(now).await;
                let _ = done.send(());
                return false;
            }
        }
        true
    }

    async fn join(
        &mut self,
        conn: ConnId,
        user: Arc<UserInfo>,
        out: Outbox,
        since: Option<(String, u64)>,
        id: Option<u64>,
        now: Millis,
    ) {
        // Whoever is already at the table (a player coming back) is never turned away.
        if !self.table.is_present(user.id) && !self.admits(&user, &out, id).await {
            return;
        }
        self.users.insert(user.id, user.clone());
        if !self.table.is_present(user.id) {
            if let Err(e) = self.apply(user.id, Action::Join, now).await {
                reply(&out, id, self.id, Err(e));
                return;
            }
        }
        self.subs.insert(
            conn,
            Sub {
                user: user.id,
                out: out.clone(),
            },
        );
        let missed = since
            .filter(|(epoch, _)| *epoch == self.state.epoch)
            .and_then(|(_, v)| self.history.since(v));
        match missed {
            Some(events) => {
                for e in events {
                    out.send(e);
                }
            }
            None => {
                out.send_json(&self.state_msg(now));
            }
        }
        self.send_my_bet(user.id);
        if let Some(c) = self.table.seat_of(user.id) {
            if self.table.seat(c).is_some_and(|s| s.away_since.is_some()) {
                let _ = self.apply(user.id, Action::Reconnect, now).await;
            }
        }
        reply(&out, id, self.id, Ok(()));
    }

    /// Whether `user`'s balance now meets the room's `min_coins`; if not, answers
    /// `not_enough_coins` on `out`.
    async fn admits(&self, user: &UserInfo, out: &Outbox, id: Option<u64>) -> bool {
        let needed = self.room.min_coins;
        if needed <= 0 || user.id == COMPUTER {
            return true;
        }
        let (code, message) = match crate::coins::balance(&self.state, user.id).await {
            Ok(have) if have.get() >= needed => return true,
            Ok(have) => (
                ErrorCode::NotEnoughCoins,
                format!("this room needs {needed} coins; you have {have}"),
            ),
            Err(e) => {
                tracing::error!(table = self.id.0, "balance: {e}");
                (ErrorCode::Internal, "something went wrong".to_owned())
            }
        };
        out.send_error(&ErrorMsg::new(id, code, &message).at(self.id.0));
        false
    }

    /// The last connection of `user` to this table closed.
    async fn gone(&mut self, user: UserId, now: Millis) {
        if self.subs.values().any(|s| s.user == user) {
            return;
        }
        if self.table.seat_of(user).is_some() {
            let _ = self.apply(user, Action::Disconnect, now).await;
        } else {
            let _ = self.apply(user, Action::Leave, now).await;
        }
    }

    async fn start_ai(
        &mut self,
        human: Arc<UserInfo>,
        color: Color,
        out: Outbox,
        conn: ConnId,
        id: Option<u64>,
        now: Millis,
    ) {
        let Some(ai) = self.ai else { return };
        let computer = Arc::new(UserInfo::computer(ai.level, &self.state.profile));
        self.users.insert(human.id, human.clone());
        self.users.insert(COMPUTER, computer);
        self.subs.insert(
            conn,
            Sub {
                user: human.id,
                out: out.clone(),
            },
        );
        let steps = [
            (human.id, Action::Sit(color)),
            (COMPUTER, Action::Sit(!color)),
            (human.id, Action::Ready(true)),
            (COMPUTER, Action::Ready(true)),
        ];
        for (user, action) in steps {
            if let Err(e) = self.apply(user, action, now).await {
                reply(&out, id, self.id, Err(e));
                return;
            }
        }
        out.send_json(&self.state_msg(now));
        reply(&out, id, self.id, Ok(()));
    }

    /// Answers `hint`: the engine's move for the human player of a game against the computer, on
    /// their turn, searched off the event loop at [`crate::ai::HINT_LEVEL`]; one at a time.
    fn hint(&mut self, user: UserId, out: Outbox, id: Option<u64>) {
        let table = self.id.0;
        let refuse = move |out: &Outbox, why: &str| {
            out.send_error(&ErrorMsg::new(id, ErrorCode::HintNotAllowed, why).at(table));
        };
        let Some(ai) = self.ai else {
            return refuse(&out, "hints are only given in games against the computer");
        };
        let Some(game) = self.table.game().filter(|g| g.is_playing()) else {
            return refuse(&out, "no game in progress");
        };
        if game.player(!ai.color) != user {
            return refuse(&out, "only the player may ask for a hint");
        }
        if game.turn() == ai.color {
            return refuse(&out, "not your turn");
        }
        if self.hint_busy.swap(true, Ordering::AcqRel) {
            return refuse(&out, "a hint is already being searched");
        }
        let ply = game.ply();
        let start = self.table.config().start.clone();
        let moves = game.moves().to_vec();
        let pool = self.state.engine.clone();
        let busy = self.hint_busy.clone();
        tokio::spawn(async move {
            let mv = pool
                .best_move(start, moves, crate::ai::HINT_LEVEL, crate::ai::HINT_THINK)
                .await;
            busy.store(false, Ordering::Release);
            match mv {
                Some(mv) => {
                    out.send_json(&json!({"t": "hint", "table": table, "ply": ply,
                        "mv": mv.to_string()}));
                    if let Some(id) = id {
                        out.send_json(&json!({"t": "ack", "id": id}));
                    }
                }
                None => refuse(&out, "no move to suggest"),
            }
        });
    }

    /// Applies a command; journals it if it acts on the game in progress; processes its events.
    /// A command whose journal entry cannot be stored is undone (the table is as it was) and
    /// refused with [`ApplyError::Unstored`]: an `ack` means stored.
    pub(super) async fn apply(
        &mut self,
        user: UserId,
        action: Action,
        now: Millis,
    ) -> Result<(), ApplyError> {
        let journal = if self.table.is_playing() {
            encode_action(&action).zip(self.game_id)
        } else {
            None
        };
        // What to go back to if storing fails: a command of the game, or one that may start it.
        let undo = !self.replaying && (journal.is_some() || !self.table.is_playing());
        let before = undo.then(|| self.table.clone());
        let events = self.table.apply(Command::new(user, action), now)?;
        let started = events
            .iter()
            .any(|e| matches!(e, Event::GameStarted { .. }));
        if let (true, Some(before)) = (started, &before) {
            match self.store_new_game(now).await {
                Ok(id) => self.game_id = Some(id),
                Err(e) => {
                    self.table = before.clone();
                    return Err(ApplyError::Unstored(e));
                }
            }
        }
        if let Some((text, game_id)) = journal {
            if let Some(before) = before {
                if let Err(e) = self.journal(game_id, user, text, now).await {
                    self.table = before;
                    return Err(ApplyError::Unstored(e));
                }
            }
            self.seq += 1;
        }
        self.process(events, now).await;
        Ok(())
    }

    /// Appends one entry to the journal of game `game_id` at the next sequence number (which
    /// the caller advances once it is stored).
    pub(super) async fn journal(
        &self,
        game_id: u64,
        user: UserId,
        action: String,
        at: Millis,
    ) -> Result<(), StoreError> {
        let entry = JournalEntry {
            game_id,
            seq: self.seq,
            at: at.0,
            user,
            action,
        };
        self.state.journal.append(entry).await.inspect_err(|e| {
            tracing::error!(table = self.id.0, game_id, "journal: {e}");
        })
    }

    /// Pauses the game in progress at `at` (the server is stopping, or restoring at its last
    /// heartbeat) and journals the pause, so a later restore does not charge the outage.
    pub(super) async fn pause_game(&mut self, at: Millis) {
        if !self.table.is_playing() || self.table.is_paused() {
            return;
        }
        let Some(game_id) = self.game_id else { return };
        let Ok(events) = self.table.pause(at) else {
            return;
        };
        self.process(events, at).await;
        if self.table.is_playing()
            && self
                .journal(game_id, COMPUTER, PAUSE.into(), at)
                .await
                .is_ok()
        {
            self.seq += 1;
        }
    }

    /// Resumes a paused game at `at` and journals it (before any later command).
    pub(super) async fn resume_game(&mut self, at: Millis) {
        let Some(game_id) = self.game_id else { return };
        if !self.table.is_paused() {
            return;
        }
        if self
            .journal(game_id, COMPUTER, RESUME.into(), at)
            .await
            .is_ok()
        {
            self.seq += 1;
        }
        if let Ok(events) = self.table.resume(at) {
            self.process(events, at).await;
        }
    }

    /// Records, stores and publishes `events`.
    pub(super) async fn process(&mut self, events: Vec<Event>, now: Millis) {
        for ev in events {
            if !matches!(ev, Event::Moved { .. } | Event::Chat { .. }) {
                self.summary_dirty = true;
            }
            match &ev {
                Event::GameStarted { .. } => self.on_game_started(now).await,
                Event::Moved { color, clock, .. } => {
                    let reading = match clock.player(*color).game_time {
                        Some(t) => t.0,
                        None => now.saturating_sub(self.last_move_at).0,
                    };
                    self.clocks.push(u32::try_from(reading).unwrap_or(u32::MAX));
                    self.last_move_at = now;
                }
                Event::Undone { ply, .. } => {
                    self.clocks.truncate(*ply);
                    self.last_move_at = now;
                }
                _ => {}
            }
            if let Event::GameEnded(end) = &ev {
                let end = *end;
                if self.replaying {
                    // Stored (rated, settled) when the replay is over: see `restore`.
                    self.replay_end = Some((end, now));
                    continue;
                }
                self.end_game(end, now).await;
            } else {
                self.publish(self.event_json(&ev, now), now);
            }
            if !self.replaying {
                match &ev {
                    Event::GameStarted { .. } => {
                        self.wager_on_game_started().await;
                        self.pool_on_game_started();
                    }
                    Event::Moved { ply, .. } => self.pool_on_ply(*ply).await,
                    Event::Stood { user, .. } | Event::Left(user) => {
                        self.wager_on_player_gone(*user).await;
                    }
                    _ => {}
                }
            }
        }
    }

    /// The game ended at `now`: stores its end (result, ratings, reward, settlements) and
    /// publishes `game_ended`, `rated` and the settlements.
    pub(super) async fn end_game(&mut self, end: GameEnd, now: Millis) {
        if self.ai.is_some() {
            self.state.tables.release_ai_game(self.id.0);
        }
        let rated = self.on_game_ended(end, now).await;
        self.publish(self.event_json(&Event::GameEnded(end), now), now);
        if let Some(r) = rated {
            self.publish(r, now);
        }
        self.publish_settled();
        self.game_id = None;
    }

    /// Publishes what the end of the game settled: `wager_settled` and the wager gone,
    /// `pool_settled` and each bettor's payout.
    fn publish_settled(&mut self) {
        let Some(s) = self.settled.take() else { return };
        if let Some((w, red)) = s.wager {
            self.keep_wager(w, red);
        }
        if let Some(p) = s.pool {
            self.publish_pool_settled(p, s.result);
        }
        for user in s.paid {
            let state = self.state.clone();
            tokio::spawn(async move {
                match crate::coins::balance(&state, user).await {
                    Ok(coins) => crate::coins::push_balance(&state, user, coins),
                    Err(e) => tracing::warn!("balance: {e}"),
                }
            });
        }
    }

    pub(super) fn publish(&mut self, event: Value, now: Millis) {
        if self.replaying {
            return;
        }
        let table = self.id.0;
        let msg = self.history.push(|v| {
            Arc::from(
                json!({"t": "ev", "table": table, "v": v, "now": now.0, "e": event}).to_string(),
            )
        });
        self.subs.retain(|_, s| {
            s.out.send(msg.clone());
            !s.out.is_closed()
        });
    }

    async fn on_game_started(&mut self, now: Millis) {
        self.clocks.clear();
        self.seq = 0;
        self.last_move_at = now;
        if let (Some(ai), Some(game)) = (self.ai, self.table.game()) {
            // Counted already when asked for over a connection; a restored game is counted here.
            let human = game.player(!ai.color);
            self.state
                .tables
                .claim_ai_game(human, self.id.0, usize::MAX);
        }
    }

    /// Stores the game that just started; its id is the game's id from now on.
    async fn store_new_game(&self, now: Millis) -> Result<u64, StoreError> {
        let game = self
            .table
            .game()
            .ok_or_else(|| StoreError::Corrupt("no game started".into()))?;
        let fen = self.table.config().start.fen();
        let new = NewGame {
            table: self.id,
            room: &self.room.id,
            red: game.player(Color::Red),
            black: game.player(Color::Black),
            control: game.clock().control(),
            start_fen: &fen,
            ai_level: self.ai.map(|a| a.level),
            started_at: now.0,
        };
        self.state.db.create_game(&new).await.inspect_err(|e| {
            tracing::error!(table = self.id.0, "cannot store the new game: {e}");
        })
    }

    /// Stores the end of the game with the rating changes; returns the `rated` event.
    async fn on_game_ended(&mut self, end: GameEnd, now: Millis) -> Option<Value> {
        if self.replaying {
            return None;
        }
        let game_id = self.game_id?;
        let game = self.table.game()?;
        let (red_id, black_id) = (game.player(Color::Red), game.player(Color::Black));
        let moves = game.moves().to_vec();
        let mut clocks = self.clocks.clone();
        clocks.resize(moves.len(), u32::MAX);
        let (status, result, reason) = match end {
            GameEnd::Finished { outcome, .. } => (
                "finished",
                outcome.result.as_str(),
                Some(outcome.reason.as_str().to_owned()),
            ),
            GameEnd::Aborted { reason, .. } => (
                "aborted",
                "*",
                Some(match reason {
                    AbortReason::Requested(_) => "requested".to_owned(),
                    AbortReason::NoFirstMove(_) => "no_first_move".to_owned(),
                }),
            ),
        };
        let rate = match (end.outcome(), self.ai) {
            (Some(outcome), None) => Some(RateRequest {
                profile: self.state.profile,
                red: red_id,
                black: black_id,
                game: RatedGame {
                    result: outcome.result,
                    reason: outcome.reason,
                    plies: u32::try_from(end.plies()).unwrap_or(u32::MAX),
                },
            }),
            _ => None,
        };
        let mut finished = FinishedGame {
            id: game_id,
            status,
            result,
            reason,
            moves,
            clocks,
            ended_at: now.0,
            rate,
            reward: self.reward(game_id, end, red_id, black_id),
            coins: Vec::new(),
        };
        let wager = self.wager_settlement(&end, game_id);
        let pool = self.pool_settlement(&end);
        self.wager = None;
        self.pool = None;
        finished.coins = wager
            .iter()
            .map(|w| w.0.clone())
            .chain(pool.iter().filter_map(|p| p.0.clone()))
            .collect();
        let mut paid: Vec<UserId> = finished
            .coins
            .iter()
            .filter_map(|w| w.ledger.as_ref())
            .flat_map(|tx| tx.entries.iter())
            .filter_map(|e| match e.account {
                AccountId::User(u) => Some(UserId(u.0)),
                _ => None,
            })
            .collect();
        paid.sort_unstable();
        paid.dedup();
        self.settled = Some(Settled {
            wager: wager.as_ref().map(|w| (w.1.clone(), w.2)),
            pool: pool.as_ref().map(|p| p.1.clone()),
            result,
            paid,
        });
        // The ratings are read and written inside the result transaction, with the settlements.
        let stored = match self.state.db.finish_game(&finished).await {
            Ok(o) => o,
            Err(e) => {
                tracing::error!(
                    table = self.id.0,
                    game_id,
                    "cannot store the game's end with its settlements: {e}"
                );
                // Store the game first, then each settlement on its own; announce only those
                // that were stored (see table/settle.rs).
                match super::settle::finish_apart(&self.state.db, self.id.0, &mut finished).await {
                    Ok((o, parts)) => {
                        if let Some(s) = self.settled.as_mut() {
                            if !parts.wager {
                                s.wager = None;
                            }
                            if !parts.pool {
                                s.pool = None;
                            }
                        }
                        o
                    }
                    Err(e) => {
                        tracing::error!(
                            table = self.id.0,
                            game_id,
                            "cannot store the game's end: {e}"
                        );
                        self.settled = None;
                        return None;
                    }
                }
            }
        };
        if let Some(reward) = &finished.reward {
            self.announce_reward(reward).await;
        }
        let outcome = stored?;
        let change = outcome.change;
        let mut event = json!({"type": "rated", "game_id": game_id, "rated": change.is_rated(),
            "red": outcome.lines.red, "black": outcome.lines.black});
        match change.status {
            RatingStatus::Rated { scored_as } => {
                event["scored_as"] = json!(scored_as.as_str());
                for (uid, r) in [(red_id, change.red), (black_id, change.black)] {
                    if let Some(u) = self.users.get_mut(&uid) {
                        Arc::make_mut(u).rating = r;
                    }
                }
            }
            RatingStatus::Unrated(_) => {
                event["why"] = serde_json::to_value(change.status).unwrap_or(Value::Null);
            }
        }
        Some(event)
    }

    /// The winner's reward for game `game_id`, if the economy pays one: only between two
    /// registered players, never against the computer (`platform::reward` decides the rest).
    fn reward(
        &self,
        game_id: u64,
        end: GameEnd,
        red: UserId,
        black: UserId,
    ) -> Option<Transaction> {
        let policy = self
            .state
            .config
            .economy
            .reward_policy(&self.state.profile)?;
        let outcome = end.outcome()?;
        let registered = |u: UserId| self.users.get(&u).is_some_and(|i| i.is_rated_player());
        if self.ai.is_some() || !registered(red) || !registered(black) {
            return None;
        }
        let game = RatedGame {
            result: outcome.result,
            reason: outcome.reason,
            plies: u32::try_from(end.plies()).unwrap_or(u32::MAX),
        };
        let (r, b) = (red, black);
        policy
            .reward(ledger::GameId(game_id), r, b, &game)
            .unwrap_or_else(|e| {
                tracing::warn!(table = self.id.0, game_id, "reward: {e}");
                None
            })
    }

    /// Tells the rewarded winner their new balance (the reward committed with the result).
    async fn announce_reward(&self, reward: &Transaction) {
        for e in &reward.entries {
            if let AccountId::User(u) = e.account {
                let user = UserId(u.0);
                match crate::coins::balance(&self.state, user).await {
                    Ok(coins) => crate::coins::push_balance(&self.state, user, coins),
                    Err(e) => tracing::warn!(table = self.id.0, "balance: {e}"),
                }
            }
        }
    }

    /// After every message: keep the lobby summary current and let the computer play.
    async fn after_change(&mut self) {
        if self.ai.is_none() {
            if !std::mem::take(&mut self.summary_dirty) {
                return;
            }
            let summary = self.summary_json();
            let text = summary.to_string();
            if text != self.summary {
                self.summary = text;
                self.state.lobby.update(self.id.0, &self.room.id, summary);
            }
            return;
        }
        self.computer_turn().await;
    }

    /// `(game number, plies, position hash)` while the computer is on move.
    fn ai_key(&self) -> Option<(u32, usize, u64)> {
        let ai = self.ai?;
        let g = self.table.game().filter(|g| g.is_playing())?;
        (g.turn() == ai.color).then(|| (g.number(), g.ply(), g.position().hash()))
    }

    async fn computer_turn(&mut self) {
        let Some(ai) = self.ai else { return };
        let now = clock::now();
        let pending = self
            .table
            .game()
            .filter(|g| g.is_playing())
            .map(|g| (g.undo_request().map(|r| r.by), g.draw_offer()));
        if let Some((undo_by, draw_by)) = pending {
            if undo_by == Some(!ai.color) {
                let _ = self.apply(COMPUTER, Action::AcceptUndo, now).await;
            }
            if draw_by == Some(!ai.color) {
                let _ = self.apply(COMPUTER, Action::DeclineDraw, now).await;
            }
        }
        let Some(key) = self.ai_key() else { return };
        if self.ai_pending == Some(key) {
            return;
        }
        let Some(game) = self.table.game() else {
            return;
        };
        self.ai_pending = Some(key);
        let start = self.table.config().start.clone();
        let moves = game.moves().to_vec();
        let left = game.clock().snapshot(now).player(ai.color).game_time;
        let think = crate::ai::think_time(left);
        let pool = self.state.engine.clone();
        let me = self.me.clone();
        tokio::spawn(async move {
            let mv = pool.best_move(start, moves, ai.level, think).await;
            if let Some(me) = me.upgrade() {
                let _ = me.send(TableMsg::AiMove { key, mv }).await;
            }
        });
    }
}

/// Answers a command: `ack`, or `error` with the table's refusal.
fn reply(out: &Outbox, id: Option<u64>, table: TableId, result: Result<(), ApplyError>) {
    match result {
        Ok(()) => {
            if let Some(id) = id {
                out.send_json(&json!({"t": "ack", "id": id}));
            }
        }
        Err(e) => {
            let text = e.to_string();
            let mut msg = ErrorMsg::new(id, e.code(), &text).at(table.0);
            if let ApplyError::Table(TableError::ChatFlood { retry_after }) = e {
                msg = msg.retry_after(retry_after.0);
            }
            out.send_error(&msg);
        }
    }
}

async fn sleep_or_forever(wait: Option<Duration>) {
    match wait {
        Some(d) => tokio::time::sleep(d).await,
        None => std::future::pending().await,
    }
}
