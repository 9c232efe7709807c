//! [`Knockout::apply`]: seeding, results, advancing winners round by round.

use super::bracket::{bracket_size, seed_order};
use super::matches::{Match, MatchGame};
use super::model::{Knockout, KnockoutCommand, KnockoutConfig, KnockoutEvent, MatchId};
use crate::ids::{Millis, UserId};
use crate::tournament::{GameResult, TournamentError};
use xiangqi::Color;

impl Knockout {
    /// A new event taking registrations.
    ///
    /// # Errors
    /// [`TournamentError::NotDecisive`] if the match format could end without a winner.
    pub fn new(config: KnockoutConfig) -> Result<Knockout, TournamentError> {
        if !config.format.is_decisive() {
            return Err(TournamentError::NotDecisive);
        }
        Ok(Knockout {
            config,
            players: Vec::new(),
            seeds: Vec::new(),
            withdrawn: Vec::new(),
            rounds: Vec::new(),
            third_place: None,
            winner: None,
        })
    }

    /// Applies `cmd` at `now`; on error nothing changes.
    ///
    /// # Errors
    /// A [`TournamentError`] saying why the command was refused.
    pub fn apply(
        &mut self,
        cmd: KnockoutCommand,
        _now: Millis,
    ) -> Result<Vec<KnockoutEvent>, TournamentError> {
        if self.winner.is_some() {
            return Err(TournamentError::Finished);
        }
        let mut next = self.clone();
        let events = next.execute(cmd)?;
        *self = next;
        Ok(events)
    }

    /// The match `id`.
    #[must_use]
    pub fn match_at(&self, id: MatchId) -> Option<&Match> {
        if id.round == 0 {
            return self.third_place.as_ref();
        }
        self.rounds
            .get(id.round as usize - 1)?
            .get(id.board as usize)
    }

    fn match_mut(&mut self, id: MatchId) -> Option<&mut Match> {
        if id.round == 0 {
            return self.third_place.as_mut();
        }
        self.rounds
            .get_mut(id.round as usize - 1)?
            .get_mut(id.board as usize)
    }

    fn execute(&mut self, cmd: KnockoutCommand) -> Result<Vec<KnockoutEvent>, TournamentError> {
        let started = !self.rounds.is_empty();
        match cmd {
            KnockoutCommand::Register { user, rating } => {
                if started {
                    return Err(TournamentError::Started);
                }
                if self.players.iter().any(|p| p.0 == user) {
                    return Err(TournamentError::AlreadyRegistered);
                }
                if self.players.len() >= self.config.max_players as usize {
                    return Err(TournamentError::Full);
                }
                self.players.push((user, rating));
                Ok(vec![KnockoutEvent::Registered { user }])
            }
            KnockoutCommand::Withdraw { user } => {
                if !self.players.iter().any(|p| p.0 == user) || self.withdrawn.contains(&user) {
                    return Err(TournamentError::NotRegistered);
                }
                if !started {
                    self.players.retain(|p| p.0 != user);
                    return Ok(vec![KnockoutEvent::Withdrew { user }]);
                }
                self.withdraw(user)
            }
            KnockoutCommand::Start => {
                if started {
                    return Err(TournamentError::Started);
                }
                if self.players.len() < 2 {
                    return Err(TournamentError::NotEnoughPlayers);
                }
                let mut order: Vec<(usize, (UserId, u32))> =
                    self.players.iter().copied().enumerate().collect();
                order.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(&b.0)));
                self.seeds = order.into_iter().map(|x| x.1 .0).collect();
                let positions = seed_order(bracket_size(self.seeds.len() as u32));
                let seat = |s: u32| self.seeds.get(s as usize - 1).copied();
                let first: Vec<Match> = positions
                    .chunks(2)
                    .map(|c| Match::new(seat(c[0].min(c[1])), seat(c[0].max(c[1]))))
                    .collect();
                Ok(self.open_round(first))
            }
            KnockoutCommand::RecordGame { id, result } => {
                if !started {
                    return Err(TournamentError::NotStarted);
                }
                let m = self.match_mut(id).ok_or(TournamentError::NoSuchGame)?;
                let game = m
                    .games
                    .last_mut()
                    .filter(|g| g.result.is_none())
                    .ok_or(TournamentError::NoSuchGame)?;
                game.result = Some(result);
                let mut events = vec![KnockoutEvent::GameRecorded { id, result }];
                self.after_game(id, &mut events);
                Ok(events)
            }
        }
    }

    fn withdraw(&mut self, user: UserId) -> Result<Vec<KnockoutEvent>, TournamentError> {
        self.withdrawn.push(user);
        let mut events = vec![KnockoutEvent::Withdrew { user }];
        let mut ids: Vec<MatchId> = Vec::new();
        if let Some(round) = self.rounds.last() {
            let r = self.rounds.len() as u32;
            ids.extend((0..round.len() as u32).map(|board| MatchId { round: r, board }));
        }
        ids.push(MatchId { round: 0, board: 0 });
        for id in ids {
            let Some(m) = self.match_mut(id) else {
                continue;
            };
            if m.winner.is_some() || !(m.high == Some(user) || m.low == Some(user)) {
                continue;
            }
            let opponent = if m.high == Some(user) { m.low } else { m.high };
            if let Some(g) = m.games.last_mut().filter(|g| g.result.is_none()) {
                let winner = if g.red == user {
                    Color::Black
                } else {
                    Color::Red
                };
                g.result = Some(GameResult::Forfeit { winner });
            }
            m.winner = opponent;
            if let Some(w) = opponent {
                events.push(KnockoutEvent::MatchDecided { id, winner: w });
            }
        }
        self.advance(&mut events);
        Ok(events)
    }

    /// Settles match `id` after a result and schedules its next game or advances the bracket.
    fn after_game(&mut self, id: MatchId, events: &mut Vec<KnockoutEvent>) {
        let format = self.config.format.clone();
        let Some(m) = self.match_mut(id) else { return };
        m.settle(&format);
        if let Some(winner) = m.winner {
            events.push(KnockoutEvent::MatchDecided { id, winner });
            self.advance(events);
        } else {
            self.schedule(id, events);
        }
    }

    fn schedule(&mut self, id: MatchId, events: &mut Vec<KnockoutEvent>) {
        let format = self.config.format.clone();
        let Some(m) = self.match_mut(id) else { return };
        if let Some(game) = m.next_game(&format) {
            m.games.push(MatchGame {
                stage: game.stage,
                red: game.red,
                black: game.black,
                result: None,
            });
            events.push(KnockoutEvent::GameScheduled { id, game });
        }
    }

    fn open_round(&mut self, matches: Vec<Match>) -> Vec<KnockoutEvent> {
        let round = self.rounds.len() as u32 + 1;
        let n = matches.len() as u32;
        self.rounds.push(matches.clone());
        let mut events = vec![KnockoutEvent::RoundStarted { round, matches }];
        for board in 0..n {
            self.schedule(MatchId { round, board }, &mut events);
        }
        self.advance(&mut events);
        events
    }

    fn seed_of(&self, u: UserId) -> usize {
        self.seeds
            .iter()
            .position(|&s| s == u)
            .unwrap_or(usize::MAX)
    }

    /// A match between two players (either may be missing), the better seed as `high`.
    fn pairing(&self, a: Option<UserId>, b: Option<UserId>) -> Match {
        let live = |u: Option<UserId>| u.filter(|u| !self.withdrawn.contains(u));
        let (a, b) = (live(a), live(b));
        match (a, b) {
            (Some(x), Some(y)) if self.seed_of(y) < self.seed_of(x) => Match::new(b, a),
            (None, Some(_)) => Match::new(b, a),
            _ => Match::new(a, b),
        }
    }

    /// Opens the next round (or the third-place match) when the current one is decided, and
    /// finishes the event when the final is.
    fn advance(&mut self, events: &mut Vec<KnockoutEvent>) {
        let Some(current) = self.rounds.last() else {
            return;
        };
        if current
            .iter()
            .any(|m| m.winner.is_none() && (m.high.is_some() || m.low.is_some()))
        {
            return;
        }
        if current.len() == 2 && self.config.third_place && self.third_place.is_none() {
            let m = self.pairing(current[0].loser(), current[1].loser());
            self.third_place = Some(m.clone());
            events.push(KnockoutEvent::RoundStarted {
                round: 0,
                matches: vec![m],
            });
            self.schedule(MatchId { round: 0, board: 0 }, events);
        }
        let current = self.rounds.last().cloned().unwrap_or_default();
        if current.len() == 1 {
            let third_open = self
                .third_place
                .as_ref()
                .is_some_and(|m| m.winner.is_none() && m.high.is_some() && m.low.is_some());
            if let (Some(w), false) = (current[0].winner, third_open) {
                self.winner = Some(w);
                events.push(KnockoutEvent::Finished { winner: w });
            }
            return;
        }
        let next: Vec<Match> = current
            .chunks(2)
            .map(|c| self.pairing(c[0].winner, c[1].winner))
            .collect();
        events.extend(self.open_round(next));
    }
}
