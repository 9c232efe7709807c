//! The round robin's collaborator: the core draws the whole Berger schedule at the start; the
//! director plays it one round at a time — the games due are those of the lowest round with a
//! game still to play, and the next round opens `round_gap_secs` after the last result of the
//! one before. Table ids are `(round, index of the game in its round)`.

use super::{Command, CoreEvent, Due, Rules};
use crate::tournament::view::{board_of, result_text, table_of, BoardView, PlayerView, RoundView};
use platform::tournament::robin::{RobinCommand, RobinEvent, RobinGame, RoundRobin};
use platform::tournament::swiss::Phase;
use platform::tournament::{GameResult, Row, TieBreak, TournamentError};
use platform::{Millis, TableId, UserId};

/// Whether `g` is a game still to be played.
fn is_open(g: &RobinGame) -> bool {
    g.black.is_some() && g.result.is_none() && !g.annulled
}

/// The games of round `round` with their index in it.
fn games_of(r: &RoundRobin, round: u32) -> impl Iterator<Item = (usize, &RobinGame)> {
    r.games.iter().filter(move |g| g.round == round).enumerate()
}

/// The round being played: the lowest with a game still to play.
fn current_round(r: &RoundRobin) -> Option<u32> {
    r.games.iter().filter(|g| is_open(g)).map(|g| g.round).min()
}

impl Rules for RoundRobin {
    fn phase(&self) -> Phase {
        match (self.started_at, self.finished) {
            (_, true) => Phase::Finished,
            (None, _) => Phase::Registration,
            _ => Phase::Running,
        }
    }

    fn players(&self) -> Vec<PlayerView> {
        super::player_views(&self.players, &self.withdrawn)
    }

    fn apply(&mut self, cmd: Command, now: Millis) -> Result<Vec<CoreEvent>, TournamentError> {
        let Command::Robin(cmd) = cmd else {
            return Err(TournamentError::NoSuchGame);
        };
        let events = RoundRobin::apply(self, cmd, now)?;
        Ok(events.into_iter().map(CoreEvent::Robin).collect())
    }

    fn register(&self, user: UserId, rating: u32) -> Command {
        Command::Robin(RobinCommand::Register { user, rating })
    }

    fn withdraw(&self, user: UserId) -> Command {
        Command::Robin(RobinCommand::Withdraw { user })
    }

    fn start(&self) -> Command {
        Command::Robin(RobinCommand::Start)
    }

    fn due(&self, event: u64) -> Vec<Due> {
        let Some(round) = current_round(self) else {
            return Vec::new();
        };
        games_of(self, round)
            .filter(|(_, g)| is_open(g))
            .filter_map(|(i, g)| {
                g.black.map(|black| Due {
                    table: table_of(event, round, i),
                    red: g.red,
                    black,
                    control: None,
                    black_control: None,
                })
            })
            .collect()
    }

    fn result_at(&self, event: u64, table: TableId, result: GameResult) -> Option<Command> {
        let (e, round, index) = board_of(table)?;
        if e != event || current_round(self) != Some(round) {
            return None;
        }
        let (_, g) = games_of(self, round).find(|(i, g)| *i == index && is_open(g))?;
        Some(Command::Robin(RobinCommand::RecordResult {
            round,
            red: g.red,
            result,
        }))
    }

    fn rests_after(&self, events: &[CoreEvent]) -> bool {
        let Some(current) = current_round(self) else {
            return false;
        };
        events.iter().any(|e| {
            matches!(e, CoreEvent::Robin(RobinEvent::ResultRecorded { game }) if game.round < current)
        })
    }

    fn standings(&self) -> Vec<Row> {
        RoundRobin::standings(self)
    }

    fn tiebreaks(&self) -> Vec<TieBreak> {
        self.config.preset.order.clone()
    }

    fn rounds(&self, event: u64) -> Vec<RoundView> {
        let last = self.games.iter().map(|g| g.round).max().unwrap_or(0);
        let current = current_round(self).unwrap_or(last);
        (1..=last)
            .map(|round| RoundView {
                number: round,
                boards: games_of(self, round)
                    .filter(|(_, g)| !g.annulled)
                    .map(|(i, g)| BoardView {
                        red: g.red,
                        black: g.black,
                        table: g
                            .black
                            .filter(|_| round <= current)
                            .map(|_| table_of(event, round, i)),
                        result: g.result.map(|r| result_text(r).to_owned()),
                    })
                    .collect(),
            })
            .collect()
    }
}
