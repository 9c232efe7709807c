//! A board's game: an ordinary table with the league's rules — the site's time control, no
//! undo, no abort, and the league's no-show time as each side's first-move deadline — where the
//! director seats both players. A game's end becomes the board's result: a side that did not
//! make its first move forfeits.

use super::actor::Director;
use super::tables::table_of;
use crate::lobby::RoomInfo;
use crate::store::{EndedGame, UnfinishedGame};
use crate::table::{spawn_table, DirectorCmd, TableMsg, TableSetup};
use platform::clock::TimeControl;
use platform::league::{BoardResult, MatchId};
use platform::table::{AbortReason, GameEnd};
use platform::{TableId, UserId};
use std::sync::Arc;
use xiangqi::{Color, GameResult};

/// The room league tables belong to.
pub const LEAGUE_ROOM: &str = "league";

/// A board's result from its game's end.
#[must_use]
pub fn result_of(end: &GameEnd) -> BoardResult {
    match end {
        GameEnd::Finished { outcome, .. } => match outcome.result {
            GameResult::RedWins => BoardResult::RedWon,
            GameResult::BlackWins => BoardResult::BlackWon,
            _ => BoardResult::Draw,
        },
        GameEnd::Aborted {
            reason: AbortReason::NoFirstMove(c) | AbortReason::Requested(c),
            ..
        } => forfeit_by(*c),
    }
}

/// The same for a game whose end was stored but not reported (the server stopped between).
#[must_use]
pub fn stored_result_of(g: &EndedGame) -> BoardResult {
    match g.result.as_str() {
        "1-0" => BoardResult::RedWon,
        "0-1" => BoardResult::BlackWon,
        "1/2-1/2" => BoardResult::Draw,
        // Aborted: the side to make its first move did not.
        _ => forfeit_by(if g.plies == 0 {
            Color::Red
        } else {
            Color::Black
        }),
    }
}

fn forfeit_by(c: Color) -> BoardResult {
    match c {
        Color::Red => BoardResult::RedForfeit,
        Color::Black => BoardResult::BlackForfeit,
    }
}

impl Director {
    /// The setup of a board's table.
    fn setup(&self, table: TableId) -> TableSetup {
        let control = TimeControl::preset(&self.league.config.time_control)
            .unwrap_or_else(|| TimeControl::preset("rapid").unwrap_or_default());
        let mut config = self.state.config.table_config(control);
        config.undo_allowed = false;
        config.max_undos = 0;
        config.first_move_deadline = Some(self.league.config.no_show);
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
            tournament: None,
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
