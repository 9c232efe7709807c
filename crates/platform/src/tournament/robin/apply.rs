//! [`RoundRobin::apply`] and the withdrawal rule.

use super::berger::berger;
use super::model::{RobinCommand, RobinConfig, RobinEvent, RobinGame, RoundRobin};
use crate::ids::{Millis, UserId};
use crate::tournament::TournamentError;
use crate::tournament::{standings, ByeKind, GameResult, Record, RecordedGame, Row};
use xiangqi::Color;

impl RoundRobin {
    /// A new event taking registrations.
    #[must_use]
    pub fn new(config: RobinConfig) -> RoundRobin {
        RoundRobin {
            config,
            players: Vec::new(),
            seeds: Vec::new(),
            games: Vec::new(),
            withdrawn: Vec::new(),
            fouls: Default::default(),
            started_at: None,
            finished: false,
        }
    }

    /// Applies `cmd` at `now`; on error nothing changes.
    ///
    /// # Errors
    /// A [`TournamentError`] saying why the command was refused.
    pub fn apply(
        &mut self,
        cmd: RobinCommand,
        now: Millis,
    ) -> Result<Vec<RobinEvent>, TournamentError> {
        if self.finished {
            return Err(TournamentError::Finished);
        }
        let mut next = self.clone();
        let events = next.execute(cmd, now)?;
        *self = next;
        Ok(events)
    }

    fn execute(
        &mut self,
        cmd: RobinCommand,
        now: Millis,
    ) -> Result<Vec<RobinEvent>, TournamentError> {
        let known = |s: &Self, u: UserId| s.players.iter().any(|p| p.0 == u);
        match cmd {
            RobinCommand::Register { user, rating } => {
                if self.started_at.is_some() {
                    return Err(TournamentError::Started);
                }
                if known(self, user) {
                    return Err(TournamentError::AlreadyRegistered);
                }
                if self.players.len() >= self.config.max_players as usize {
                    return Err(TournamentError::Full);
                }
                self.players.push((user, rating));
                Ok(vec![RobinEvent::Registered { user }])
            }
            RobinCommand::Withdraw { user } => {
                if !known(self, user) || self.withdrawn.contains(&user) {
                    return Err(TournamentError::NotRegistered);
                }
                if self.started_at.is_none() {
                    self.players.retain(|p| p.0 != user);
                    return Ok(vec![RobinEvent::Withdrew {
                        user,
                        annulled: true,
                    }]);
                }
                Ok(self.withdraw(user))
            }
            RobinCommand::Start => {
                if self.started_at.is_some() {
                    return Err(TournamentError::Started);
                }
                if self.players.len() < 2 {
                    return Err(TournamentError::NotEnoughPlayers);
                }
                self.start(now);
                let mut events = vec![RobinEvent::Started {
                    games: self.games.clone(),
                }];
                events.extend(self.finish_if_done());
                Ok(events)
            }
            RobinCommand::RecordResult { round, red, result } => {
                if self.started_at.is_none() {
                    return Err(TournamentError::NotStarted);
                }
                let g = self
                    .games
                    .iter_mut()
                    .find(|g| {
                        g.round == round && g.red == red && g.black.is_some() && g.result.is_none()
                    })
                    .ok_or(TournamentError::NoSuchGame)?;
                g.result = Some(result);
                let mut events = vec![RobinEvent::ResultRecorded { game: *g }];
                events.extend(self.finish_if_done());
                Ok(events)
            }
            RobinCommand::Foul { user } => {
                if !known(self, user) {
                    return Err(TournamentError::NotRegistered);
                }
                *self.fouls.entry(user).or_default() += 1;
                Ok(vec![RobinEvent::Fouled { user }])
            }
        }
    }

    fn start(&mut self, now: Millis) {
        let mut order: Vec<(usize, (UserId, u32))> =
            self.players.iter().copied().enumerate().collect();
        order.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(&b.0)));
        self.seeds = order.into_iter().map(|x| x.1 .0).collect();
        let table = berger(self.seeds.len() as u32);
        let seed = |n: u32| self.seeds[n as usize - 1];
        let per_cycle = table.len() as u32;
        for cycle in 0..self.config.cycles {
            for (r, boards) in table.iter().enumerate() {
                for &(a, b) in boards {
                    let (red, black) = match b {
                        Some(b) if cycle % 2 == 1 => (seed(b), Some(seed(a))),
                        _ => (seed(a), b.map(seed)),
                    };
                    let round = cycle * per_cycle + r as u32 + 1;
                    self.games.push(RobinGame {
                        round,
                        red,
                        black,
                        result: None,
                        annulled: false,
                    });
                }
            }
        }
        self.started_at = Some(now);
    }

    /// The withdrawal rule: a player who has played fewer than half of their scheduled games has
    /// every game annulled (as if never entered); otherwise their results stand and each game
    /// not yet played is lost by forfeit.
    fn withdraw(&mut self, user: UserId) -> Vec<RobinEvent> {
        self.withdrawn.push(user);
        let theirs = |g: &RobinGame| g.black.is_some() && (g.red == user || g.black == Some(user));
        let total = self.games.iter().filter(|g| theirs(g)).count();
        let played = self
            .games
            .iter()
            .filter(|g| theirs(g) && g.result.is_some())
            .count();
        let annul = 2 * played < total;
        let mut events = vec![RobinEvent::Withdrew {
            user,
            annulled: annul,
        }];
        for g in self.games.iter_mut().filter(|g| theirs(g)) {
            if annul {
                g.annulled = true;
            } else if g.result.is_none() {
                let winner = if g.red == user {
                    Color::Black
                } else {
                    Color::Red
                };
                g.result = Some(GameResult::Forfeit { winner });
                events.push(RobinEvent::ResultRecorded { game: *g });
            }
        }
        events.extend(self.finish_if_done());
        events
    }

    fn finish_if_done(&mut self) -> Option<RobinEvent> {
        let done = self
            .games
            .iter()
            .all(|g| g.black.is_none() || g.annulled || g.result.is_some());
        if !done {
            return None;
        }
        self.finished = true;
        Some(RobinEvent::Finished {
            standings: self.standings(),
        })
    }

    /// Everything the standings depend on (annulled games and their player left out).
    #[must_use]
    pub fn record(&self) -> Record {
        let annulled: Vec<UserId> = self
            .withdrawn
            .iter()
            .copied()
            .filter(|&u| {
                self.games
                    .iter()
                    .any(|g| g.annulled && (g.red == u || g.black == Some(u)))
            })
            .collect();
        let mut rec = Record {
            players: self
                .players
                .iter()
                .copied()
                .filter(|p| !annulled.contains(&p.0))
                .collect(),
            fouls: self.fouls.clone(),
            ..Record::default()
        };
        for g in self.games.iter().filter(|g| !g.annulled) {
            match (g.black, g.result) {
                (Some(black), Some(result)) => rec.games.push(RecordedGame {
                    round: g.round,
                    red: g.red,
                    black,
                    result,
                    ended_at: None,
                }),
                (None, _) => rec.byes.push((g.round, g.red, ByeKind::Zero)),
                _ => {}
            }
        }
        rec
    }

    /// The current standings (the crosstable's order).
    #[must_use]
    pub fn standings(&self) -> Vec<Row> {
        standings(&self.record(), &self.config.preset)
    }
}
