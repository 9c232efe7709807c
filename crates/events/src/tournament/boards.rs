//! The games due: each is an ordinary table of the event's room (`t{id}`) with the event's rules
//! — its time control (or the game's own, e.g. a knockout's tie-break games), its rule set
//! (repetition profile, move limit, warn or refuse losing repetitions), no undo, no
//! abort, draw offers from a set move, and the no-show wait as the first-move deadline — where
//! the director seats both players. A game's end comes back as a result: a player who never
//! made their first move forfeits and is withdrawn.

use super::actor::Director;
use super::system::Due;
use platform::clock::TimeControl;
use platform::table::{AbortReason, GameEnd};
use platform::tournament::GameResult;
use platform::{Millis, TableId, UserId};
use std::sync::Arc;
use store::{EndedGame, UnfinishedGame};
use tables::lobby::RoomInfo;
use tables::table::{spawn_table, DirectorCmd, TableMsg, TableSetup};
use xiangqi::Color;

impl Director {
    /// Opens the tables of the games due that are not open yet, and seats their players.
    pub(super) async fn open_due(&mut self) {
        for due in self.core.rules().due(self.id) {
            if !self.opened.contains(&due.table) {
                self.open_board(due, None).await;
            }
        }
    }

    /// The setup of a tournament table playing with `control` (Red's, with Black on
    /// `black_control` where each colour has its own).
    fn setup(
        &self,
        table: TableId,
        control: TimeControl,
        black_control: Option<TimeControl>,
    ) -> TableSetup {
        let mut config = self.state.live.config.table_config(control);
        config.black_time_control = black_control;
        config.undo_allowed = false;
        config.max_undos = 0;
        config.first_move_deadline = Some(Millis::from_secs(self.spec.no_show_secs));
        // Move N starts after 2(N-1) plies.
        config.draw_offer_min_ply = 2 * self.spec.draw_offers_from_move.saturating_sub(1) as usize;
        // Checked when the event was created; an unreadable stored spec plays the defaults.
        if let Ok((rules, repetition)) = self.spec.table_rules() {
            config.rules = rules;
            config.repetition = repetition;
        }
        config.spectator_delay = self.spec.spectator_delay().unwrap_or_default();
        config.berserk = self.spec.system == "arena" && self.spec.berserk;
        config.rating_pool = self.spec.rating.pool().cloned();
        TableSetup {
            id: table,
            room: Arc::new(RoomInfo {
                id: format!("t{}", self.id),
                name: self.name.clone(),
                min_coins: 0,
                min_behaviour: 0,
            }),
            config,
            ai: None,
            owner: tables::Owner::Event(std::sync::Arc::new(super::report::Board {
                events: self.state.clone(),
                event: self.id,
            })),
        }
    }

    /// Opens the table of one game due: its game brought back from its journal (`restore`),
    /// or a new game with both players seated.
    pub(super) async fn open_board(&mut self, due: Due, restore: Option<UnfinishedGame>) {
        let Due {
            table,
            red,
            black,
            control,
            black_control,
        } = due;
        self.opened.insert(table);
        let fresh = restore.is_none();
        let control = control.unwrap_or_else(|| self.control.clone());
        let lease = match self.state.node.claim(&self.state.db, table).await {
            Ok(Some(lease)) => lease,
            Ok(None) => {
                tracing::error!(
                    event = self.id,
                    table = table.0,
                    "another node holds the table"
                );
                return;
            }
            Err(e) => {
                tracing::error!(event = self.id, table = table.0, "cannot claim: {e}");
                return;
            }
        };
        match spawn_table(
            &self.state,
            self.setup(table, control, black_control),
            lease,
            restore,
        ) {
            Ok(h) => {
                let seat = TableMsg::Director(DirectorCmd::Seat { red, black });
                if fresh && !h.send(seat).await {
                    tracing::error!(event = self.id, table = table.0, "table gone");
                }
            }
            Err(e) => tracing::error!(event = self.id, table = table.0, "cannot open: {e}"),
        }
    }

    /// `user` withdrew: a game of theirs still played at a table (one of `before`, the games
    /// due before the withdrawal) is resigned there (the core has scored or annulled it).
    pub(super) async fn resign_withdrawn(&self, user: UserId, before: &[Due]) {
        for due in before.iter().filter(|d| d.red == user || d.black == user) {
            if let Some(h) = self.state.tables.get(due.table) {
                let _ = h
                    .send(TableMsg::Director(DirectorCmd::Resign { user }))
                    .await;
            }
        }
    }

    /// The game at `table` ended: its result is recorded (and a no-show withdrawn).
    pub(super) async fn game_ended(&mut self, table: TableId, end: GameEnd, now: Millis) {
        let plies = match end {
            GameEnd::Finished { plies, .. } | GameEnd::Aborted { plies, .. } => plies,
        };
        let result = result_of(&end);
        self.record(table, result, u32::try_from(plies).unwrap_or(u32::MAX), now)
            .await;
    }

    /// Records `result` after `plies` (and the no-show) for the game played at `table`, if
    /// still due.
    pub(super) async fn record(
        &mut self,
        table: TableId,
        (result, absent): (GameResult, Option<Color>),
        plies: u32,
        now: Millis,
    ) {
        let Some(due) = self
            .core
            .rules()
            .due(self.id)
            .into_iter()
            .find(|d| d.table == table)
        else {
            return;
        };
        let rules = self.core.rules();
        let Some(cmd) = rules.result_with_plies(self.id, table, result, plies) else {
            return;
        };
        let absent = absent.map(|c| if c == Color::Red { due.red } else { due.black });
        let first = rules.absent_first();
        if let (Some(user), true) = (absent, first) {
            self.withdraw_no_show(user, now).await;
        }
        if let Err(e) = self.command(cmd, now).await {
            tracing::error!(event = self.id, table = table.0, "result refused: {e}");
            return;
        }
        if let (Some(user), false) = (absent, first) {
            self.withdraw_no_show(user, now).await;
        }
    }

    /// Withdraws `user`, who did not show.
    async fn withdraw_no_show(&mut self, user: UserId, now: Millis) {
        let cmd = self.core.rules().withdraw(user);
        if let Err(e) = self.command(cmd, now).await {
            tracing::info!(event = self.id, user = user.0, "no-show not withdrawn: {e}");
        }
    }
}

/// The tournament result of a game's end, and the colour that did not show (it forfeits). An
/// abort can only be a missed first move: tournament tables refuse `abort`.
#[must_use]
pub fn result_of(end: &GameEnd) -> (GameResult, Option<Color>) {
    match end {
        GameEnd::Finished { outcome, .. } => (
            match outcome.result {
                xiangqi::GameResult::RedWins => GameResult::RedWins,
                xiangqi::GameResult::BlackWins => GameResult::BlackWins,
                _ => GameResult::Draw,
            },
            None,
        ),
        GameEnd::Aborted {
            reason: AbortReason::NoFirstMove(c) | AbortReason::Requested(c),
            ..
        } => (GameResult::Forfeit { winner: !*c }, Some(*c)),
    }
}

/// The same for a game whose end was stored but not yet recorded by the director (the server
/// stopped in between).
#[must_use]
pub fn stored_result_of(g: &EndedGame) -> (GameResult, Option<Color>) {
    match g.result.as_str() {
        "1-0" => (GameResult::RedWins, None),
        "0-1" => (GameResult::BlackWins, None),
        "1/2-1/2" => (GameResult::Draw, None),
        // Aborted: the side to make its first move did not.
        _ => {
            let absent = if g.plies == 0 {
                Color::Red
            } else {
                Color::Black
            };
            (GameResult::Forfeit { winner: !absent }, Some(absent))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(result: &str, plies: u64) -> EndedGame {
        EndedGame {
            id: 1,
            result: result.into(),
            reason: None,
            plies,
        }
    }

    #[test]
    fn stored_games_give_their_results_and_no_shows() {
        assert_eq!(
            stored_result_of(&ended("1-0", 30)),
            (GameResult::RedWins, None)
        );
        assert_eq!(
            stored_result_of(&ended("1/2-1/2", 30)),
            (GameResult::Draw, None)
        );
        // Aborted before Red's first move: Red did not show; after it, Black.
        let red_absent = (
            GameResult::Forfeit {
                winner: Color::Black,
            },
            Some(Color::Red),
        );
        assert_eq!(stored_result_of(&ended("*", 0)), red_absent);
        let black_absent = (
            GameResult::Forfeit { winner: Color::Red },
            Some(Color::Black),
        );
        assert_eq!(stored_result_of(&ended("*", 1)), black_absent);
    }

    #[test]
    fn a_missed_first_move_is_a_forfeit() {
        let end = GameEnd::Aborted {
            reason: AbortReason::NoFirstMove(Color::Black),
            plies: 1,
        };
        let forfeit = GameResult::Forfeit { winner: Color::Red };
        assert_eq!(result_of(&end), (forfeit, Some(Color::Black)));
    }
}
