//! One task per live table: the only writer of its `Table`. It takes one message at a time,
//! routes it to a collaborator ([`super::computer`], [`super::presence`], [`super::finisher`],
//! the coin [`super::desk`]), applies commands, journals games in progress before telling
//! anyone (an acknowledged move survives a crash), and publishes the events: [`publish`] is
//! the only way out. It also keeps the lobby summary current and runs the timer at
//! `next_deadline()`.
//!
//! [`publish`]: TableActor::publish

use super::apply_error::ApplyError;
use super::computer::Computer;
use super::core::{Notice, TableCore};
use super::desk::CoinDesk;
use super::finisher;
use super::history::History;
use super::journal::encode_action;
use super::msg::TableMsg;
use super::presence;
use super::registry::TableHandle;
use super::setup::{Lease, TableSetup};
use super::spectators::SpectatorFeed;
use super::watchers::Watchers;
use crate::live::Live;
use crate::owner::Owner;
use crate::user::COMPUTER;
use kit::clock;
use platform::table::{Action, Command, Event, GameEnd, Table, TableError};
use platform::{Millis, UserId};
use protocol::error_code::ErrorCode;
use protocol::events::EventView;
use protocol::ServerMsg;
use std::time::Duration;
use store::UnfinishedGame;
use tokio::sync::mpsc;

/// Mailbox size of a table task.
const MAILBOX: usize = 1_024;

pub(super) struct TableActor {
    pub(super) core: TableCore,
    pub(super) history: History,
    pub(super) watchers: Watchers,
    pub(super) computer: Option<Computer>,
    pub(super) desk: CoinDesk,
    /// The spectators' delayed feed, at a table with a spectator delay.
    pub(super) spectators: Option<SpectatorFeed>,
    me: mpsc::WeakSender<Box<TableMsg>>,
    pub(super) summary: String,
    /// Whether an event since the last lobby update may have changed the summary (moves and
    /// chat do not, so the summary is not rebuilt for them).
    summary_dirty: bool,
    /// A game that its journal ended while being replayed (the end was not stored before the
    /// server stopped): stored once the replay is over.
    pub(super) replay_end: Option<(GameEnd, Millis)>,
    /// Whom the table answers to (an event's director hears of the game's end).
    pub(super) owner: Owner,
    /// Since when the table has been idle (a room table with nobody at it: [`super::lazy`]).
    pub(super) idle_since: Option<std::time::Instant>,
}

/// Starts the task of a table without registering it; `shown`: the lobby summary (as JSON)
/// the lobby already shows for it, when it wakes from dormant (none is published again).
pub(super) fn start(
    state: &Live,
    setup: TableSetup,
    lease: Lease,
    restore: Option<UnfinishedGame>,
    shown: Option<String>,
) -> Result<TableHandle, TableError> {
    let spectators = SpectatorFeed::new(setup.config.spectator_delay);
    let table = Table::new(setup.id, setup.config)?;
    let (tx, rx) = mpsc::channel(MAILBOX);
    let core = TableCore::new(setup.id, setup.room, table, state.clone(), setup.ai, lease);
    let actor = TableActor {
        core,
        history: History::default(),
        watchers: Watchers::default(),
        computer: setup.ai.map(Computer::new),
        desk: CoinDesk::default(),
        spectators,
        me: tx.downgrade(),
        summary_dirty: shown.is_none(),
        summary: shown.unwrap_or_default(),
        replay_end: None,
        owner: setup.owner,
        idle_since: None,
    };
    tokio::spawn(Box::new(actor).run(rx, restore));
    Ok(TableHandle::new(tx))
}

impl TableActor {
    /// The task. Every handler's future is boxed while it runs: awaited inline, the largest
    /// of them would be part of this future's own state for the table's whole life (≈ 50 KiB
    /// per idle table, measured with heaptrack; docs/performance.md). The actor itself is
    /// boxed too: an `async fn` keeps its arguments and their moved copies apart, so a `self`
    /// by value (≈ 3.6 KiB) was held twice.
    async fn run(
        mut self: Box<Self>,
        mut rx: mpsc::Receiver<Box<TableMsg>>,
        restore: Option<UnfinishedGame>,
    ) {
        if let Some(g) = restore {
            Box::pin(self.restore(g)).await;
            self.release_delayed(clock::now());
        }
        Box::pin(self.after_change()).await;
        self.note_idle();
        let mut idle_floor = Duration::from_millis(5);
        while !self.core.is_fenced() {
            let wait = self
                .wake_at(clock::now())
                .map(|d| Duration::from_millis(d.0.saturating_sub(clock::now().0)).max(idle_floor));
            let wait = self.sleep_wait(wait);
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { break };
                    if !Box::pin(self.handle(*msg)).await {
                        break;
                    }
                }
                () = clock::sleep_or_forever(wait) => {
                    let now = clock::now();
                    let events = self.core.table.tick(now);
                    // A tick that settles nothing must not spin.
                    idle_floor = if events.is_empty() { Duration::from_millis(100) } else { Duration::from_millis(5) };
                    Box::pin(self.process(events, now)).await;
                    self.release_delayed(now);
                    if self.try_sleep(&rx) {
                        // Dormant: the registry holds the lease, the lobby shows it empty.
                        break;
                    }
                }
            }
            Box::pin(self.after_change()).await;
            self.note_idle();
            if self.computer.is_some() && self.watchers.is_empty() && !self.core.table.is_playing()
            {
                break;
            }
        }
        self.core.state.tables.playing.set(self.core.id, None);
        if self.core.is_fenced() {
            self.drop_fenced();
        } else if self.computer.is_some() {
            let tables = &self.core.state.tables;
            tables.release_ai_game(self.core.id);
            tables.remove(self.core.id);
            self.core.state.lobby.remove(self.core.id);
            if !self.core.table.is_playing() {
                // Its id is never handed out again: its owner row goes with it.
                let dropped = Box::pin(self.core.state.db.drop_table_owner(self.core.fence()));
                if let Err(e) = dropped.await {
                    tracing::warn!(table = self.core.id.0, "forgetting the table's owner: {e}");
                }
            }
        }
    }

    /// Routes one message; `false` stops the task.
    async fn handle(&mut self, msg: TableMsg) -> bool {
        let now = clock::now();
        let id = self.core.id;
        match msg {
            TableMsg::Join { caller, since } => self.join(caller, since, now).await,
            TableMsg::Command { caller, action } => self.command(caller, action, now).await,
            TableMsg::Coins { caller, cmd } => self.coins(caller, cmd).await,
            TableMsg::Leave(caller) => {
                self.watchers.remove(caller.conn);
                let result = match self.apply(caller.user.id, Action::Leave, now).await {
                    Err(ApplyError::Table(TableError::NotAtTable)) => Ok(()),
                    r => r,
                };
                caller.reply(id, result);
            }
            TableMsg::Closed { conn } => {
                if let Some(user) = self.watchers.remove(conn) {
                    if !self.watchers.has_user(user) {
                        let action = presence::gone(&self.core.table, user);
                        let _ = self.apply(user, action, now).await;
                    }
                }
            }
            TableMsg::AiMove { key, mv } => {
                let table = &self.core.table;
                let action = self
                    .computer
                    .as_mut()
                    .and_then(|c| c.on_move(table, key, mv));
                let player = self.computer.as_ref().map_or(COMPUTER, Computer::player);
                if let Some(action) = action {
                    if let Err(e) = self.apply(player, action, now).await {
                        tracing::warn!(table = id.0, "computer move refused: {e}");
                    }
                }
            }
            TableMsg::Hint(caller) => match &self.computer {
                Some(c) => c.hint(&self.core, caller),
                None => caller.refuse(
                    id,
                    ErrorCode::HintNotAllowed,
                    "hints are only given in games against the computer",
                ),
            },
            TableMsg::StartAi { caller, color } => self.start_ai(caller, color, now).await,
            TableMsg::Director(cmd) => self.director(cmd, now).await,
            TableMsg::SeatPair {
                red,
                black,
                control,
                rated,
                reply,
            } => {
                let _ = reply.send(self.seat_pair(red, black, control, rated, now).await);
            }
            TableMsg::Record { game_id, reply } => {
                let _ = reply.send(self.live_record(game_id));
            }
            TableMsg::CheckOwner => {
                if !self.check_owner().await {
                    return false;
                }
            }
            TableMsg::Release => return !self.release().await,
            TableMsg::Stop(done) => {
                // The outage starts now: journaled, so the next run charges it to nobody.
                self.pause_game(now).await;
                let _ = done.send(());
                return false;
            }
        }
        true
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
        let core = &mut self.core;
        let journal = if core.table.is_playing() {
            encode_action(&action).zip(core.game_id)
        } else {
            None
        };
        // What to go back to if storing fails: a command of the game, or one that may start it.
        let undo = !core.replaying && (journal.is_some() || !core.table.is_playing());
        let before = undo.then(|| core.table.clone());
        let events = core.table.apply(Command::new(user, action), now)?;
        let started = events
            .iter()
            .any(|e| matches!(e, Event::GameStarted { .. }));
        if let (true, Some(before)) = (started, &before) {
            match finisher::store_new_game(core, now).await {
                Ok(id) => core.game_id = Some(id),
                Err(e) => {
                    core.table = before.clone();
                    return Err(ApplyError::Unstored(e));
                }
            }
        }
        if let Some((text, game_id)) = journal {
            if let Some(before) = before {
                if let Err(e) = self.core.journal(game_id, user, text, now).await {
                    self.core.table = before;
                    return Err(ApplyError::Unstored(e));
                }
            }
            self.core.seq += 1;
        }
        self.process(events, now).await;
        Ok(())
    }

    /// Records, stores and publishes `events`.
    pub(super) async fn process(&mut self, events: Vec<Event>, now: Millis) {
        // Who plays is known before anyone hears that a game started or ended.
        self.core.note_players();
        for ev in events {
            if !matches!(ev, Event::Moved { .. } | Event::Chat { .. }) {
                self.summary_dirty = true;
            }
            self.core.record(&ev, now);
            if let Some(feed) = self.spectators.as_mut() {
                feed.note(&ev, now, &self.core.table);
            }
            if let Event::GameEnded(end) = &ev {
                let end = *end;
                if self.core.replaying {
                    // Stored (rated, settled) when the replay is over: see `restore`.
                    self.replay_end = Some((end, now));
                    continue;
                }
                self.end_game(end, now).await;
                continue;
            }
            let e = self.core.event_view(&ev, now);
            self.publish(e, now);
            if self.core.replaying {
                continue;
            }
            let (desk, core) = (&mut self.desk, &self.core);
            match &ev {
                Event::GameStarted { .. } => {
                    desk.wager_on_game_started(core).await;
                    desk.pool_on_game_started(core);
                }
                Event::Moved { ply, .. } => desk.pool_on_ply(core, *ply).await,
                Event::Berserked { color, .. } => core.report_berserk(&self.owner, *color),
                Event::Stood { user, .. } | Event::Left(user) => {
                    desk.wager_on_player_gone(core, *user).await;
                }
                _ => {}
            }
            self.publish_notices();
        }
    }

    /// Numbers `event`, keeps it in the history and sends it to every watching connection (to
    /// spectators on their delayed feed, if any): the only way an event leaves the table.
    pub(super) fn publish(&mut self, event: EventView, now: Millis) {
        if self.core.replaying || self.core.is_fenced() {
            return;
        }
        let table = self.core.id;
        let carries_position = matches!(event, EventView::Moved { .. } | EventView::Undone { .. });
        let msg = self.history.push(now, carries_position, |v| {
            ServerMsg::Ev {
                table,
                v,
                now: now.0,
                e: &event,
            }
            .to_text()
        });
        self.watchers.send_all(&msg, false);
        let site = &self.core.state.site;
        site.offer_event(table, false, self.history.v(), &msg);
        self.publish_delayed(event, now);
    }

    /// Sends what the coin desk has to say: events to everyone, private messages to each
    /// connection of their user.
    pub(super) fn publish_notices(&mut self) {
        for notice in self.desk.take_notices() {
            match notice {
                Notice::Event(e) => self.publish(e, clock::now()),
                Notice::To(user, msg) => self.watchers.send_to(user, &msg),
                Notice::Balances(applied) => crate::coins::announce(&self.core.state, &applied),
            }
        }
    }

    /// After every message: keep the lobby summary current and let the computer play.
    async fn after_change(&mut self) {
        self.regroup(clock::now());
        if self.computer.is_none() {
            if !std::mem::take(&mut self.summary_dirty) {
                return;
            }
            let summary = self.core.summary();
            let text = serde_json::to_string(&summary).unwrap_or_default();
            if text != self.summary {
                self.summary = text;
                let core = &self.core;
                core.state.lobby.update(core.id, &core.room.id, summary);
            }
            return;
        }
        let now = clock::now();
        let (player, answers) = self
            .computer
            .as_ref()
            .map(|c| (c.player(), c.answers(&self.core.table)))
            .unwrap_or((COMPUTER, Vec::new()));
        for action in answers {
            let _ = self.apply(player, action, now).await;
        }
        if let Some(c) = self.computer.as_mut() {
            c.think(&self.core, now, &self.me);
        }
    }
}
