//! [`Arena::apply`]: joins, pauses, berserk, results; pairing runs after every change.

use super::model::{
    Arena, ArenaCommand, ArenaConfig, ArenaError, ArenaEvent, ArenaGame, ArenaPlayer, Status,
};
use super::scoring::score;
use crate::clock::TimeControl;
use crate::ids::{Millis, UserId};
use std::collections::BTreeMap;
use xiangqi::Color;

/// A berserk player's clock: half of every stage's time, no increment.
#[must_use]
pub fn berserk_control(tc: &TimeControl) -> TimeControl {
    let mut out = tc.clone();
    for s in &mut out.stages {
        s.time = Millis(s.time.0 / 2);
    }
    out.increment = Millis::ZERO;
    out
}

impl Arena {
    /// A new arena.
    #[must_use]
    pub fn new(config: ArenaConfig) -> Arena {
        Arena {
            config,
            players: BTreeMap::new(),
            games: BTreeMap::new(),
            started: false,
            ended: false,
        }
    }

    /// Applies `cmd` at `now`; on error nothing changes. Every accepted command ends by pairing
    /// the waiting players, so a pair is made as soon as it is legal. At or after `ends_at` any
    /// command only ends the arena (games still running are void).
    ///
    /// # Errors
    /// An [`ArenaError`] saying why the command was refused.
    pub fn apply(&mut self, cmd: ArenaCommand, now: Millis) -> Result<Vec<ArenaEvent>, ArenaError> {
        if self.ended {
            return Err(ArenaError::Ended);
        }
        if now >= self.config.ends_at {
            // At the end nothing else is accepted: a result arriving now is too late to count.
            return Ok(vec![self.end()]);
        }
        let mut next = self.clone();
        let mut events = Vec::new();
        if cmd == ArenaCommand::Start {
            if next.started {
                return Err(ArenaError::Started);
            }
            let length = next.config.ends_at.saturating_sub(next.config.starts_at);
            next.config.starts_at = now.min(next.config.starts_at);
            next.config.ends_at = next.config.starts_at + length;
        } else {
            events = next.execute(cmd, now)?;
        }
        if !next.started && now >= next.config.starts_at {
            next.started = true;
            events.insert(
                0,
                ArenaEvent::Started {
                    ends_at: next.config.ends_at,
                },
            );
        }
        if next.started {
            next.pair(now, &mut events);
        }
        *self = next;
        Ok(events)
    }

    /// When the arena next needs the time to pass (a [`ArenaCommand::Tick`]): the start, a
    /// waiting pair that may meet again once both have waited `rematch_after`, or the end;
    /// `None` once ended.
    #[must_use]
    pub fn wake_at(&self, now: Millis) -> Option<Millis> {
        if self.ended {
            return None;
        }
        if !self.started {
            return Some(self.config.starts_at);
        }
        let waiting = self
            .players
            .values()
            .filter_map(|p| match p.status {
                Status::Waiting { since } => Some(since + self.config.rematch_after),
                _ => None,
            })
            .filter(|&t| t > now);
        let blocked = self
            .players
            .values()
            .filter(|p| matches!(p.status, Status::Waiting { .. }));
        let rematch = if blocked.count() >= 2 {
            waiting.min()
        } else {
            None
        };
        Some(rematch.map_or(self.config.ends_at, |t| t.min(self.config.ends_at)))
    }

    fn execute(&mut self, cmd: ArenaCommand, now: Millis) -> Result<Vec<ArenaEvent>, ArenaError> {
        match cmd {
            ArenaCommand::Join { user, rating, team } => {
                let again = self.players.contains_key(&user);
                if !again && self.is_team_battle() && team.is_none() {
                    return Err(ArenaError::NoTeam);
                }
                let team = team.filter(|_| self.is_team_battle());
                let p = self.players.entry(user).or_insert_with(|| ArenaPlayer {
                    rating,
                    status: Status::Paused,
                    sheet: Vec::new(),
                    colors: Vec::new(),
                    last_opponent: None,
                    perf_sum: 0,
                    pause_after: false,
                    team,
                });
                if p.pause_after {
                    // Paused during a game and back before it ended: paired after it again.
                    p.pause_after = false;
                    return Ok(vec![ArenaEvent::Joined { user, again }]);
                }
                if p.status != Status::Paused {
                    return Err(ArenaError::AlreadyIn);
                }
                p.status = Status::Waiting { since: now };
                Ok(vec![ArenaEvent::Joined { user, again }])
            }
            ArenaCommand::Pause { user } => {
                if !self.started {
                    self.players.remove(&user).ok_or(ArenaError::NotJoined)?;
                    return Ok(vec![ArenaEvent::Left { user }]);
                }
                let p = self.players.get_mut(&user).ok_or(ArenaError::NotJoined)?;
                match p.status {
                    Status::Waiting { .. } => p.status = Status::Paused,
                    Status::Playing { .. } if !p.pause_after => p.pause_after = true,
                    _ => return Err(ArenaError::NotIn),
                }
                Ok(vec![ArenaEvent::Paused { user }])
            }
            ArenaCommand::Start => Err(ArenaError::Started),
            ArenaCommand::Berserk { user, game } => {
                let allowed = self.config.berserk;
                let g = self
                    .games
                    .get_mut(&game)
                    .filter(|g| g.result.is_none() && !g.void)
                    .ok_or(ArenaError::NoSuchGame)?;
                let flag = match user {
                    u if u == g.red => &mut g.red_berserk,
                    u if u == g.black => &mut g.black_berserk,
                    _ => return Err(ArenaError::NoSuchGame),
                };
                if !allowed || *flag {
                    return Err(ArenaError::BerserkNotAllowed);
                }
                *flag = true;
                let control = berserk_control(&self.config.time_control);
                Ok(vec![ArenaEvent::Berserked {
                    game,
                    user,
                    control,
                }])
            }
            ArenaCommand::GameFinished {
                game,
                result,
                plies,
            } => self.finish_game(game, result, plies, now),
            ArenaCommand::Tick => Ok(Vec::new()),
        }
    }

    fn finish_game(
        &mut self,
        id: u64,
        result: crate::tournament::GameResult,
        plies: u32,
        now: Millis,
    ) -> Result<Vec<ArenaEvent>, ArenaError> {
        let g = self
            .games
            .get_mut(&id)
            .filter(|g| g.result.is_none() && !g.void)
            .ok_or(ArenaError::NoSuchGame)?;
        g.result = Some((result, plies));
        let g = g.clone();
        let mut entries = Vec::new();
        for (side, me, opp, berserk) in [
            (Color::Red, g.red, g.black, g.red_berserk),
            (Color::Black, g.black, g.red, g.black_berserk),
        ] {
            let opp_rating = self.players.get(&opp).map_or(0, |p| i64::from(p.rating));
            let Some(p) = self.players.get(&me) else {
                continue;
            };
            let r = result.for_side(side);
            let entry = score(&self.config, p, id, r, plies, berserk.then_some(side));
            entries.push(entry);
            if let Some(p) = self.players.get_mut(&me) {
                p.sheet.push(entry);
                p.perf_sum += opp_rating
                    + if r.is_win() {
                        500
                    } else if r == crate::tournament::PlayerResult::Draw {
                        0
                    } else {
                        -500
                    };
                if p.status == (Status::Playing { game: id }) {
                    p.status = if p.pause_after {
                        Status::Paused
                    } else {
                        Status::Waiting { since: now }
                    };
                    p.pause_after = false;
                }
            }
        }
        match entries.as_slice() {
            [red, black] => Ok(vec![ArenaEvent::Scored {
                game: id,
                red: *red,
                black: *black,
            }]),
            _ => Ok(Vec::new()),
        }
    }

    fn pair(&mut self, now: Millis, events: &mut Vec<ArenaEvent>) {
        for (red, black) in self.pairings(now) {
            let id = self.games.keys().next_back().map_or(1, |k| k + 1);
            self.games.insert(
                id,
                ArenaGame {
                    red,
                    black,
                    started_at: now,
                    red_berserk: false,
                    black_berserk: false,
                    result: None,
                    void: false,
                },
            );
            for (u, c, o) in [(red, Color::Red, black), (black, Color::Black, red)] {
                if let Some(p) = self.players.get_mut(&u) {
                    p.status = Status::Playing { game: id };
                    p.colors.push(c);
                    p.last_opponent = Some(o);
                }
            }
            events.push(ArenaEvent::Paired {
                game: id,
                red,
                black,
            });
        }
    }

    fn end(&mut self) -> ArenaEvent {
        self.ended = true;
        let mut void = Vec::new();
        for (&id, g) in &mut self.games {
            if g.result.is_none() {
                g.void = true;
                void.push(id);
            }
        }
        for p in self.players.values_mut() {
            p.status = Status::Paused;
            p.pause_after = false;
        }
        ArenaEvent::Ended { void }
    }

    /// Standings: `(rank, user, score, performance)`, by score then performance.
    #[must_use]
    pub fn standings(&self) -> Vec<(u32, UserId, u32, i64)> {
        self.ranks()
            .into_iter()
            .enumerate()
            .filter_map(|(i, u)| {
                self.players
                    .get(&u)
                    .map(|p| (i as u32 + 1, u, p.score(), p.performance()))
            })
            .collect()
    }
}
