//! The Swiss system's collaborator: rounds are paired by the core's Dutch pairer when the
//! director's timer is due (`round_gap_secs` after the last result), the current round's boards
//! are the games due, and the board of a table is `(round, board)` of its id.

use super::{Command, CoreEvent, Due, Rules};
use crate::tournament::view::{board_of, result_text, table_of, BoardView, PlayerView, RoundView};
use platform::tournament::swiss::{Phase, Swiss, SwissCommand, SwissEvent, SwissRound};
use platform::tournament::{GameResult, Row, TieBreak, TournamentError};
use platform::{Millis, TableId, UserId};

impl Rules for Swiss {
    fn phase(&self) -> Phase {
        self.phase
    }

    fn players(&self) -> Vec<PlayerView> {
        self.entrants
            .iter()
            .map(|e| PlayerView {
                user: e.user,
                rating: e.rating,
                withdrawn: e.withdrawn,
            })
            .collect()
    }

    fn apply(&mut self, cmd: Command, now: Millis) -> Result<Vec<CoreEvent>, TournamentError> {
        let Command::Swiss(cmd) = cmd else {
            return Err(TournamentError::NoSuchGame);
        };
        let events = Swiss::apply(self, cmd, now)?;
        Ok(events.into_iter().map(CoreEvent::Swiss).collect())
    }

    fn register(&self, user: UserId, rating: u32) -> Command {
        Command::Swiss(SwissCommand::Register { user, rating })
    }

    fn withdraw(&self, user: UserId) -> Command {
        Command::Swiss(SwissCommand::Withdraw { user })
    }

    fn start(&self) -> Command {
        Command::Swiss(SwissCommand::PairRound)
    }

    fn next_round(&self) -> Option<Command> {
        let complete = self.rounds.last().is_none_or(SwissRound::is_complete);
        (self.phase == Phase::Running && complete)
            .then_some(Command::Swiss(SwissCommand::PairRound))
    }

    fn finish(&self) -> Option<Command> {
        Some(Command::Swiss(SwissCommand::Finish))
    }

    fn due(&self, event: u64) -> Vec<Due> {
        let Some(r) = self.rounds.last() else {
            return Vec::new();
        };
        r.boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_pending())
            .filter_map(|(i, b)| {
                b.black.map(|black| Due {
                    table: table_of(event, r.number, i),
                    red: b.red,
                    black,
                    control: None,
                    black_control: None,
                })
            })
            .collect()
    }

    fn result_at(&self, event: u64, table: TableId, result: GameResult) -> Option<Command> {
        let (e, round, board) = board_of(table)?;
        let r = self
            .rounds
            .last()
            .filter(|r| e == event && r.number == round)?;
        let b = r.boards.get(board).filter(|b| b.is_pending())?;
        Some(Command::Swiss(SwissCommand::RecordResult {
            red: b.red,
            result,
        }))
    }

    fn is_pairing(&self, cmd: &Command) -> bool {
        matches!(
            cmd,
            Command::Swiss(SwissCommand::PairManually { .. } | SwissCommand::PairRound)
        )
    }

    fn rests_after(&self, events: &[CoreEvent]) -> bool {
        events.iter().any(|e| {
            matches!(e, CoreEvent::Swiss(SwissEvent::RoundComplete { round })
                if *round < self.config.rounds)
        })
    }

    fn standings(&self) -> Vec<Row> {
        Swiss::standings(self)
    }

    fn tiebreaks(&self) -> Vec<TieBreak> {
        self.config.preset.order.clone()
    }

    fn rounds(&self, event: u64) -> Vec<RoundView> {
        self.rounds
            .iter()
            .map(|r| RoundView {
                number: r.number,
                boards: r
                    .boards
                    .iter()
                    .enumerate()
                    .map(|(i, b)| BoardView {
                        red: b.red,
                        black: b.black,
                        table: b.black.map(|_| table_of(event, r.number, i)),
                        result: b.result.map(|r| result_text(r).to_owned()),
                    })
                    .collect(),
            })
            .collect()
    }
}
