//! A board's game: an ordinary table with the league's rules — the site's time control, no
//! undo, no abort, the league's rating (the site's or its pool's), and the league's no-show
//! time as each side's first-move deadline — where the director seats both players. A game's
//! end becomes the board's result: a side that did not make its first move forfeits
//! (`outcome.rs`).

use super::actor::Director;
use super::table_ids::table_of;
use platform::clock::TimeControl;
use platform::league::MatchId;
use platform::{TableId, UserId};
use std::sync::Arc;
use store::UnfinishedGame;
use tables::lobby::RoomInfo;
use tables::table::{spawn_table, DirectorCmd, TableMsg, TableSetup};

/// The room league tables belong to.
pub const LEAGUE_ROOM: &str = "league";

impl Director {
    /// The setup of a board's table.
    fn setup(&self, table: TableId) -> TableSetup {
        let control = TimeControl::preset(&self.league.config.time_control)
            .unwrap_or_else(|| TimeControl::preset("rapid").unwrap_or_default());
        let mut config = self.state.live.config.table_config(control);
        config.undo_allowed = false;
        config.max_undos = 0;
        config.first_move_deadline = Some(self.league.config.no_show);
        config.rating_pool = self.league.config.rating.pool().cloned();
        TableSetup {
            id: table,
            room: Arc::new(RoomInfo {
                id: LEAGUE_ROOM.into(),
                name: self.name.clone(),
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

    /// Opens the tables of match `m`'s boards that are to be played.
    pub(super) async fn open_boards(&self, m: MatchId) {
        let Some(x) = self.league.get(m) else {
            return;
        };
        for (i, b) in x.boards.iter().enumerate() {
            if let (Some(red), Some(black), None) = (b.red, b.black, b.result) {
                let board = u8::try_from(i).unwrap_or(u8::MAX);
                self.open_board(m, board, red, black, None).await;
            }
        }
    }

    /// Opens board `board`'s table: its game brought back from its journal (`restore`), or a
    /// new game with both players seated.
    pub(super) async fn open_board(
        &self,
        m: MatchId,
        board: u8,
        red: UserId,
        black: UserId,
        restore: Option<UnfinishedGame>,
    ) {
        let table = table_of(self.id, m, board);
        let fresh = restore.is_none();
        let lease = match self.state.node.claim(&self.state.db, table).await {
            Ok(Some(lease)) => lease,
            Ok(None) => {
                tracing::error!(league = self.id, table = table.0, "another node holds it");
                return;
            }
            Err(e) => {
                tracing::error!(league = self.id, table = table.0, "cannot claim: {e}");
                return;
            }
        };
        match spawn_table(&self.state, self.setup(table), lease, restore) {
            Ok(h) => {
                let seat = TableMsg::Director(DirectorCmd::Seat { red, black });
                if fresh && !h.send(seat).await {
                    tracing::error!(league = self.id, table = table.0, "table gone");
                }
            }
            Err(e) => tracing::error!(league = self.id, table = table.0, "cannot open: {e}"),
        }
    }
}
