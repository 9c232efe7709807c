//! A challenge's game: an ordinary table with the ladder's rules — its time control, no undo,
//! no abort, and the challenge's play-by time as each side's first-move deadline — where the
//! director seats both players (the challenger has Red, the first move). Table ids say which
//! ladder and challenge a table plays: `9·10¹² + ladder·10⁹ + challenge`. A game's end
//! becomes the challenge's outcome (`outcome.rs`).

use super::actor::Director;
use super::table_ids::table_of;
use platform::ladder::Challenge;
use platform::{Millis, TableId, UserId};
use std::sync::Arc;
use store::UnfinishedGame;
use tables::lobby::RoomInfo;
use tables::table::{spawn_table, DirectorCmd, TableMsg, TableSetup};

impl Director {
    /// The setup of a challenge's table.
    fn setup(&self, table: TableId) -> TableSetup {
        let mut config = self.state.live.config.table_config(self.control.clone());
        config.undo_allowed = false;
        config.max_undos = 0;
        config.first_move_deadline = Some(Millis::from_secs(self.spec.play_within_secs));
        config.rating_pool = self.spec.rating.pool().cloned();
        TableSetup {
            id: table,
            room: Arc::new(RoomInfo {
                id: self.spec.room.clone(),
                name: self.spec.name.clone(),
                min_coins: 0,
                min_behaviour: 0,
            }),
            config,
            ai: None,
            owner: tables::Owner::Event(Arc::new(super::board::Board {
                events: self.state.clone(),
            })),
        }
    }

    /// Opens the table of challenge `c`: its game brought back from its journal (`restore`), or
    /// a new game with both players seated (the challenger Red).
    pub(super) async fn open_game(&self, c: &Challenge, restore: Option<UnfinishedGame>) {
        let table = table_of(self.spec.id, c.id);
        let fresh = restore.is_none();
        let lease = match self.state.node.claim(&self.state.db, table).await {
            Ok(Some(lease)) => lease,
            Ok(None) => {
                let id = self.spec.id;
                tracing::error!(ladder = id, table = table.0, "another node holds the table");
                return;
            }
            Err(e) => {
                tracing::error!(ladder = self.spec.id, table = table.0, "cannot claim: {e}");
                return;
            }
        };
        match spawn_table(&self.state, self.setup(table), lease, restore) {
            Ok(h) => {
                let seat = TableMsg::Director(DirectorCmd::Seat {
                    red: c.challenger,
                    black: c.defender,
                });
                if fresh && !h.send(seat).await {
                    tracing::error!(ladder = self.spec.id, table = table.0, "table gone");
                }
            }
            Err(e) => tracing::error!(ladder = self.spec.id, table = table.0, "cannot open: {e}"),
        }
    }

    /// The game of a challenge that ended without it (a player left the ladder) is resigned
    /// for them at its table, so the opponent does not play on for nothing.
    pub(super) async fn resign_for(&self, c: &Challenge, user: UserId) {
        let table = table_of(self.spec.id, c.id);
        if let Some(h) = self.state.tables.get(table) {
            let _ = h
                .send(TableMsg::Director(DirectorCmd::Resign { user }))
                .await;
        }
    }
}
