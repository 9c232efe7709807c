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
use super::journal::{decode, JournalOp};
use crate::clock;
use crate::store::UnfinishedGame;
use crate::user::{UserInfo, COMPUTER};
use platform::table::Action;
use platform::Millis;
use std::sync::Arc;
use xiangqi::Color;

impl TableActor {
    pub(super) async fn restore(&mut self, saved: UnfinishedGame) {
        let g = &saved.game;
        for id in [g.red, g.black] {
            if id == COMPUTER {
                let level = self.ai.map_or(1, |a| a.level);
                let computer = UserInfo::computer(level, &self.state.profile);
                self.users.insert(id, Arc::new(computer));
            } else if let Ok(Some(row)) = self.state.db.user(id).await {
                self.users.insert(id, Arc::new(row.into()));
            }
        }
        let t0 = Millis(g.started_at);
        self.replaying = true;
        self.game_id = Some(g.id);
        let setup = [
            (g.red, Action::Sit(Color::Red)),
            (g.red, Action::ProposeTimeControl(g.control.clone())),
            (g.black, Action::Sit(Color::Black)),
            (g.red, Action::Ready(true)),
            (g.black, Action::Ready(true)),
        ];
        for (user, action) in setup {
            if let Err(e) = self.apply(user, action, t0).await {
                tracing::warn!(game = g.id, "restore setup: {e}");
            }
        }
        let mut last = t0;
        for entry in &saved.log {
            let at = Millis(entry.at);
            if let Err(e) = self.replay(entry.user, &entry.action, at).await {
                tracing::error!(
                    game = g.id,
                    seq = entry.seq,
                    "journal replay refused {:?}: {e}",
                    entry.action
                );
            }
            last = last.max(at);
        }
        self.seq = saved.log.last().map_or(0, |e| e.seq + 1);
        self.replaying = false;

        if let Some((end, at)) = self.replay_end.take() {
            // Journaled but not stored: store it now, with its ratings and settlements.
            self.load_stored_coins().await;
            self.end_game(end, at).await;
            tracing::info!(
                game = g.id,
                table = self.id.0,
                "stored the end of a game journaled before the stop"
            );
            return;
        }
        let now = clock::now();
        if !self.table.is_playing() {
            tracing::error!(
                game = g.id,
                "the journal does not rebuild the game; marking it aborted"
            );
            let moves = self
                .table
                .game()
                .map(|g| g.moves().to_vec())
                .unwrap_or_default();
            let mut clocks = self.clocks.clone();
            clocks.resize(moves.len(), u32::MAX);
            let _ = self
                .state
                .db
                .abandon_game(g.id, now.0, &moves, &clocks)
                .await;
            if let Err(e) = super::coins::recover_coins(&self.state.db, Some(g.id)).await {
                tracing::error!(game = g.id, "refunding the game's wager and bets: {e}");
            }
            self.game_id = None;
            return;
        }
        self.load_coins().await;
        // After a graceful stop the journal ends with its pause; after a crash, the outage began
        // at the last heartbeat (or the last command, if later).
        let beat = Millis(self.state.previous_beat);
        self.pause_game(beat.max(last).min(now)).await;
        if !self.table.is_playing() {
            // Time ran out before the outage began: `pause_game` stored the end.
            if let Ok(events) = self.table.resume(now) {
                self.process(events, now).await;
            }
            return;
        }
        self.resume_game(now).await;
        for user in [g.red, g.black] {
            if user != COMPUTER {
                let _ = self.apply(user, Action::Disconnect, now).await;
            }
        }
        tracing::info!(
            game = g.id,
            table = self.id.0,
            plies = self.table.game().map_or(0, |g| g.ply()),
            "restored a game in progress"
        );
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
            Some(JournalOp::Pause) => self.table.pause(at),
            Some(JournalOp::Resume) => self.table.resume(at),
            None => return Err("unreadable entry".into()),
        };
        let events = events.map_err(|e| e.to_string())?;
        self.process(events, at).await;
        Ok(())
    }
}
