//! Outages: a game in progress is paused, journaled, when the server stops, and brought back
//! when it starts again.
//!
//! Bringing back a game that was in progress when the server stopped (even by `kill -9`): the
//! game is set up again and its journal replayed through `Table::apply` at the recorded
//! instants, which rebuilds position, offers and clocks exactly — the pauses and resumes of
//! earlier outages included, so none of them is charged to anybody.
//!
//! Then, if the journal itself ends the game (the end was journaled but the server stopped
//! before the result was stored), the end is stored now: rated and settled exactly once.
//! Otherwise the game is paused where this outage began — already, after a graceful stop; at the
//! previous run's last heartbeat after a crash — and resumed now, both journaled, and both
//! players are marked disconnected until their clients join again.

use super::actor::TableActor;
use super::journal::{decode, JournalOp, PAUSE, RESUME};
use crate::user::{UserInfo, COMPUTER};
use kit::clock;
use platform::table::{Action, Handicap};
use platform::Millis;
use std::sync::Arc;
use store::UnfinishedGame;
use xiangqi::Color;

impl TableActor {
    pub(super) async fn restore(&mut self, saved: UnfinishedGame) {
        let g = &saved.game;
        for id in [g.red, g.black] {
            if id == COMPUTER {
                let level = self.core.ai.map_or(1, |a| a.level);
                let computer = UserInfo::computer(level, &self.core.state.profile);
                self.core.users.insert(id, Arc::new(computer));
            } else if let Ok(Some(row)) = self.core.state.db.user(id).await {
                self.core.users.insert(id, Arc::new(row.into()));
            }
        }
        let t0 = Millis(g.started_at);
        self.core.replaying = true;
        self.core.game_id = Some(g.id);
        self.core.casual_next = g.casual;
        let mut setup = vec![
            (g.red, Action::Sit(Color::Red)),
            (g.red, Action::ProposeTimeControl(g.control.clone())),
            (g.black, Action::Sit(Color::Black)),
        ];
        // A handicap game starts again from its stored start, by the same agreement.
        let base = &self.core.table.config().start;
        let handicap = xiangqi::Position::from_fen(&g.start_fen)
            .ok()
            .and_then(|start| Handicap::recognise(base, &start));
        if let Some(h) = handicap {
            setup.push((g.red, Action::ProposeHandicap(h)));
            setup.push((g.black, Action::AcceptHandicap));
        }
        setup.push((g.red, Action::Ready(true)));
        setup.push((g.black, Action::Ready(true)));
        for (user, action) in setup {
            if let Err(e) = self.apply(user, action, t0).await {
                tracing::warn!(game = g.id.0, "restore setup: {e}");
            }
        }
        let mut last = t0;
        for entry in &saved.log {
            let at = Millis(entry.at);
            if let Err(e) = self.replay(entry.user, &entry.action, at).await {
                tracing::error!(
                    game = g.id.0,
                    seq = entry.seq,
                    "journal replay refused {:?}: {e}",
                    entry.action
                );
            }
            last = last.max(at);
        }
        self.core.seq = saved.log.last().map_or(0, |e| e.seq + 1);
        self.core.replaying = false;

        if let Some((end, at)) = self.replay_end.take() {
            // Journaled but not stored: store it now, with its ratings and settlements.
            self.desk.load_stored(&self.core).await;
            self.end_game(end, at).await;
            tracing::info!(
                game = g.id.0,
                table = self.core.id.0,
                "stored the end of a game journaled before the stop"
            );
            return;
        }
        let now = clock::now();
        if !self.core.table.is_playing() {
            tracing::error!(
                game = g.id.0,
                "the journal does not rebuild the game; marking it aborted"
            );
            let (moves, clocks) = self.core.moves_and_clocks().unwrap_or_default();
            let db = &self.core.state.db;
            let fence = Some(self.core.fence());
            let abandoned = db.abandon_game((g.id, fence), now.0, &moves, &clocks).await;
            if let Err(e) = self.core.noting_fence(abandoned) {
                tracing::error!(game = g.id.0, "marking the game aborted: {e}");
                self.core.game_id = None;
                return;
            }
            if let Err(e) = store::recover_coins(&self.core.state.db, Some(g.id)).await {
                tracing::error!(game = g.id.0, "refunding the game's wager and bets: {e}");
            }
            self.core.game_id = None;
            return;
        }
        self.desk.load(&self.core).await;
        self.publish_notices();
        // After a graceful stop the journal ends with its pause; after a crash, the outage began
        // at the last heartbeat (or the last command, if later).
        let beat = self.core.lease.outage_since;
        self.pause_game(beat.max(last).min(now)).await;
        if !self.core.table.is_playing() {
            // Time ran out before the outage began: `pause_game` stored the end.
            if let Ok(events) = self.core.table.resume(now) {
                self.process(events, now).await;
            }
            return;
        }
        self.resume_game(now).await;
        let computer = self.core.ai.map_or(COMPUTER, |a| a.player);
        for user in [g.red, g.black] {
            if user != computer {
                let _ = self.apply(user, Action::Disconnect, now).await;
            }
        }
        tracing::info!(
            game = g.id.0,
            table = self.core.id.0,
            plies = self.core.table.game().map_or(0, |g| g.ply()),
            "restored a game in progress"
        );
    }

    /// Pauses the game in progress at `at` (the server is stopping, or restoring at its last
    /// heartbeat) and journals the pause, so a later restore does not charge the outage.
    pub(super) async fn pause_game(&mut self, at: Millis) {
        let table = &self.core.table;
        if !table.is_playing() || table.is_paused() {
            return;
        }
        let Some(game_id) = self.core.game_id else {
            return;
        };
        let Ok(events) = self.core.table.pause(at) else {
            return;
        };
        self.process(events, at).await;
        if self.core.table.is_playing() {
            self.core.journal_outage(game_id, PAUSE, at).await;
        }
    }

    /// Resumes a paused game at `at` and journals it (before any later command).
    pub(super) async fn resume_game(&mut self, at: Millis) {
        let Some(game_id) = self.core.game_id else {
            return;
        };
        if !self.core.table.is_paused() {
            return;
        }
        self.core.journal_outage(game_id, RESUME, at).await;
        if let Ok(events) = self.core.table.resume(at) {
            self.process(events, at).await;
        }
    }

    /// Replays one journal entry at `at`.
    async fn replay(
        &mut self,
        user: platform::UserId,
        text: &str,
        at: Millis,
    ) -> Result<(), String> {
        let events = match decode(text) {
            Some(JournalOp::Act(action)) => {
                return self
                    .apply(user, action, at)
                    .await
                    .map_err(|e| e.to_string());
            }
            Some(JournalOp::Pause) => self.core.table.pause(at),
            Some(JournalOp::Resume) => self.core.table.resume(at),
            None => return Err("unreadable entry".into()),
        };
        let events = events.map_err(|e| e.to_string())?;
        self.process(events, at).await;
        Ok(())
    }
}
