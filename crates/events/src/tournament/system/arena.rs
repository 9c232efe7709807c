//! The arena's collaborator: pairing is continuous (the core pairs after every accepted command,
//! so a finished player is paired again as soon as a legal opponent waits); the director's
//! timer only brings the start, a waiting pair's rematch wait, and the end. A game's table is
//! its arena game number (`table_of(event, n / 1000, n % 1000)`). Withdrawing pauses (the game
//! in progress goes on; before the start it takes the entry back); joining again resumes.

use super::{Command, CoreEvent, Due, Rules};
use crate::tournament::view::{
    board_of, result_text, table_of, ArenaPlayerView, ArenaView, BoardView, PlayerView, RoundView,
};
use platform::tournament::arena::{on_fire, Arena, ArenaCommand, ArenaEvent, Status};
use platform::tournament::swiss::Phase;
use platform::tournament::{GameResult, Halves, Row, TieBreak, TournamentError};
use platform::{Millis, TableId, UserId};

/// The most recent games an event's view lists.
pub const LISTED_GAMES: usize = 200;

/// The table of arena game `game` of event `event`.
fn table(event: u64, game: u64) -> TableId {
    table_of(
        event,
        u32::try_from(game / 1_000).unwrap_or(u32::MAX),
        (game % 1_000) as usize,
    )
}

/// The arena game played at `table` of event `event`.
fn game_at(event: u64, table: TableId) -> Option<u64> {
    let (e, high, low) = board_of(table)?;
    (e == event).then(|| u64::from(high) * 1_000 + low as u64)
}

/// The core's refusal in the director's terms.
fn refusal(e: &platform::tournament::arena::ArenaError) -> TournamentError {
    use platform::tournament::arena::ArenaError as A;
    match e {
        A::Ended => TournamentError::Finished,
        A::NotJoined | A::NotIn => TournamentError::NotRegistered,
        A::AlreadyIn => TournamentError::AlreadyRegistered,
        A::NoSuchGame | A::BerserkNotAllowed => TournamentError::NoSuchGame,
        A::Started => TournamentError::Started,
        A::NoTeam => TournamentError::NoTeam,
    }
}

impl Rules for Arena {
    fn phase(&self) -> Phase {
        match (self.started, self.ended) {
            (_, true) => Phase::Finished,
            (false, _) => Phase::Registration,
            _ => Phase::Running,
        }
    }

    fn players(&self) -> Vec<PlayerView> {
        self.players
            .iter()
            .map(|(&user, p)| PlayerView {
                user,
                rating: p.rating,
                withdrawn: p.status == Status::Paused || p.pause_after,
            })
            .collect()
    }

    fn apply(&mut self, cmd: Command, now: Millis) -> Result<Vec<CoreEvent>, TournamentError> {
        let Command::Arena(cmd) = cmd else {
            return Err(TournamentError::NoSuchGame);
        };
        let events = Arena::apply(self, cmd, now).map_err(|e| refusal(&e))?;
        Ok(events.into_iter().map(CoreEvent::Arena).collect())
    }

    fn register(&self, user: UserId, rating: u32) -> Command {
        Command::Arena(ArenaCommand::Join {
            user,
            rating,
            team: None,
        })
    }

    fn withdraw(&self, user: UserId) -> Command {
        Command::Arena(ArenaCommand::Pause { user })
    }

    fn start(&self) -> Command {
        Command::Arena(ArenaCommand::Start)
    }

    fn next_round(&self) -> Option<Command> {
        (self.started && !self.ended).then_some(Command::Arena(ArenaCommand::Tick))
    }

    fn wake_at(&self, now: Millis) -> Option<Millis> {
        Arena::wake_at(self, now)
    }

    fn is_tick(&self, cmd: &Command) -> bool {
        *cmd == Command::Arena(ArenaCommand::Tick)
    }

    fn absent_first(&self) -> bool {
        true
    }

    fn due(&self, event: u64) -> Vec<Due> {
        self.games
            .iter()
            .filter(|(_, g)| g.result.is_none() && !g.void)
            .map(|(&n, g)| Due {
                table: table(event, n),
                red: g.red,
                black: g.black,
                control: None,
                black_control: None,
            })
            .collect()
    }

    fn berserk_at(&self, event: u64, table: TableId, user: UserId) -> Option<Command> {
        let game = game_at(event, table)?;
        self.games
            .get(&game)
            .filter(|g| g.result.is_none() && !g.void)?;
        Some(Command::Arena(ArenaCommand::Berserk { user, game }))
    }

    fn result_at(&self, event: u64, table: TableId, result: GameResult) -> Option<Command> {
        self.result_with_plies(event, table, result, 0)
    }

    fn result_with_plies(
        &self,
        event: u64,
        table: TableId,
        result: GameResult,
        plies: u32,
    ) -> Option<Command> {
        let game = game_at(event, table)?;
        self.games
            .get(&game)
            .filter(|g| g.result.is_none() && !g.void)?;
        Some(Command::Arena(ArenaCommand::GameFinished {
            game,
            result,
            plies,
        }))
    }

    fn rests_after(&self, _events: &[CoreEvent]) -> bool {
        false
    }

    fn standings(&self) -> Vec<Row> {
        Arena::standings(self)
            .into_iter()
            .map(|(rank, user, points, performance)| Row {
                rank,
                user,
                points,
                tiebreaks: vec![(TieBreak::Performance, Halves(performance * 2))],
            })
            .collect()
    }

    fn tiebreaks(&self) -> Vec<TieBreak> {
        vec![TieBreak::Performance]
    }

    /// The arena has no rounds: its most recent [`LISTED_GAMES`] games as one list.
    fn rounds(&self, event: u64) -> Vec<RoundView> {
        if self.games.is_empty() {
            return Vec::new();
        }
        let skip = self.games.len().saturating_sub(LISTED_GAMES);
        let boards = self
            .games
            .iter()
            .skip(skip)
            .map(|(&n, g)| BoardView {
                red: g.red,
                black: Some(g.black),
                table: Some(table(event, n)),
                result: match (g.result, g.void) {
                    (_, true) => Some("void".to_owned()),
                    (Some((r, _)), _) => Some(result_text(r).to_owned()),
                    (None, _) => None,
                },
            })
            .collect();
        vec![RoundView { number: 1, boards }]
    }

    fn arena(&self) -> Option<ArenaView> {
        let players = self
            .ranks()
            .into_iter()
            .filter_map(|user| {
                let p = self.players.get(&user)?;
                Some(ArenaPlayerView {
                    user,
                    status: match p.status {
                        Status::Waiting { .. } => "waiting",
                        Status::Playing { .. } => "playing",
                        Status::Paused => "paused",
                    }
                    .to_owned(),
                    sheet: p.sheet.iter().map(|e| e.points).collect(),
                    fire: on_fire(p),
                    team: p.team.as_ref().map(|t| t.id),
                })
            })
            .collect();
        Some(ArenaView {
            ends_at: self.config.ends_at.0,
            berserk: self.config.berserk,
            players,
            team_top: self.config.team_top,
            teams: self.team_standings(),
        })
    }
}

impl From<&ArenaEvent> for super::Effect {
    fn from(e: &ArenaEvent) -> Self {
        match e {
            ArenaEvent::Joined { user, again: false } => super::Effect::Registered(*user),
            ArenaEvent::Left { user } => super::Effect::Withdrew(*user),
            ArenaEvent::Ended { .. } => super::Effect::Finished,
            _ => super::Effect::None,
        }
    }
}
