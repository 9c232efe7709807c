//! Bringing back a game that was in progress when the server stopped (even by `kill -9`): the
//! game is set up again and its journal replayed through `Table::apply` at the recorded
//! instants, which rebuilds position, offers and clocks exactly. The table is then paused at the
//! server's last heartbeat and resumed now, so the downtime is charged to nobody, and both
//! players are marked disconnected until their clients join again.

use super::actor::TableActor;
use super::journal::decode_action;
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
            let Some(action) = decode_action(&entry.action) else {
                tracing::warn!(game = g.id, "unreadable journal entry {:?}", entry.action);
                continue;
            };
            if let Err(e) = self.apply(entry.user, action, Millis(entry.at)).await {
                tracing::warn!(
                    game = g.id,
                    "journal replay refused {:?}: {e}",
                    entry.action
                );
            }
            last = last.max(Millis(entry.at));
        }
        self.replaying = false;
        let now = clock::now();
        if !self.table.is_playing() {
            tracing::warn!(game = g.id, "journal ends the game; marking it aborted");
            let _ = self.state.db.abandon_game(g.id, now.0).await;
            if let Err(e) = super::coins::recover_coins(&self.state.db, Some(g.id)).await {
                tracing::error!(game = g.id, "refunding the game's wager and bets: {e}");
            }
            self.game_id = None;
            return;
        }
        let beat = Millis(self.state.previous_beat);
        let paused_at = beat.max(last).min(now);
        if let Ok(events) = self.table.pause(paused_at) {
            self.process(events, now).await;
        }
        if let Ok(events) = self.table.resume(now) {
            self.process(events, now).await;
        }
        self.load_coins().await;
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
}
