//! [`Ladder`]: the rungs, the open challenges and the history, and how each command changes
//! them. `apply` works on a copy and keeps it only on success, so a refused command changes
//! nothing.

pub use super::challenge::Challenge;
use super::command::{
    ChallengeId, LadderCommand, LadderError, LadderEvent, Outcome, RemoveReason, Side,
};
use super::config::{Inactivity, JoinAt, LadderConfig};
use super::reach::top_of_reach;
use crate::{Millis, UserId};
use serde::{Deserialize, Serialize};

/// One player's rung.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rung {
    /// The player.
    pub user: UserId,
    /// Their last known rating (at joining or at their last challenge).
    pub rating: u32,
    /// When their activity clock last restarted: joining, a challenge issued, received or
    /// ended, or an inactivity drop.
    pub active_at: Millis,
    /// Their time-outs (instants), pruned to the window.
    pub timeouts: Vec<Millis>,
}

/// A challenge that ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeRecord {
    /// The challenge.
    pub challenge: Challenge,
    /// How it ended.
    pub outcome: Outcome,
    /// When.
    pub ended_at: Millis,
    /// The places after it: `(challenger, defender)` (`None`: off the ladder).
    pub places_after: (Option<u32>, Option<u32>),
}

/// A ladder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ladder {
    /// Its settings.
    pub config: LadderConfig,
    /// The rungs, place 1 first.
    pub rungs: Vec<Rung>,
    /// Open challenges, oldest first.
    pub open: Vec<Challenge>,
    /// Ended challenges, oldest first.
    pub history: Vec<ChallengeRecord>,
    /// The last challenge number given.
    pub last_id: u64,
}

impl Ladder {
    /// An empty ladder.
    #[must_use]
    pub fn new(config: LadderConfig) -> Ladder {
        Ladder {
            config,
            rungs: Vec::new(),
            open: Vec::new(),
            history: Vec::new(),
            last_id: 0,
        }
    }

    /// The place (1-based) of `user`.
    #[must_use]
    pub fn place_of(&self, user: UserId) -> Option<u32> {
        self.rungs
            .iter()
            .position(|r| r.user == user)
            .map(|i| i as u32 + 1)
    }

    /// The open challenge `id`.
    #[must_use]
    pub fn challenge(&self, id: ChallengeId) -> Option<&Challenge> {
        self.open.iter().find(|c| c.id == id)
    }

    /// The place `rating` would give on this ladder: one more than the players rated higher
    /// (`user` not counted).
    #[must_use]
    pub fn rating_place(&self, user: UserId, rating: u32) -> u32 {
        1 + self
            .rungs
            .iter()
            .filter(|r| r.user != user && r.rating > rating)
            .count() as u32
    }

    /// The highest place `user` may challenge now (`None`: nobody, or not on the ladder).
    #[must_use]
    pub fn top_of_reach(&self, user: UserId) -> Option<u32> {
        let place = self.place_of(user)?;
        let rating = self.rungs[place as usize - 1].rating;
        top_of_reach(&self.config.reach, place, self.rating_place(user, rating))
    }

    /// When `a` and `b` may meet again (`None`: now).
    #[must_use]
    pub fn cooldown_until(&self, a: UserId, b: UserId, now: Millis) -> Option<Millis> {
        let last = self
            .history
            .iter()
            .rev()
            .find(|h| is_pair(&h.challenge, a, b))?;
        let until = last.ended_at + self.config.cooldown;
        (until > now).then_some(until)
    }

    /// Why `challenger` may not challenge `defender` now (`Ok`: they may).
    ///
    /// # Errors
    /// The refusal [`Ladder::apply`] would give.
    pub fn may_challenge(
        &self,
        challenger: UserId,
        defender: UserId,
        now: Millis,
    ) -> Result<(), LadderError> {
        if challenger == defender {
            return Err(LadderError::SelfChallenge);
        }
        let me = self.place_of(challenger).ok_or(LadderError::NotOnLadder)?;
        let them = self
            .place_of(defender)
            .ok_or(LadderError::DefenderNotOnLadder)?;
        if them >= me {
            return Err(LadderError::NotAbove);
        }
        let top = self.top_of_reach(challenger).unwrap_or(me);
        if them < top {
            return Err(LadderError::OutOfReach { top });
        }
        if self.open.iter().any(|c| is_pair(c, challenger, defender)) {
            return Err(LadderError::AlreadyOpen);
        }
        let max = self.config.max_open_per_defender;
        if self.open.iter().filter(|c| c.defender == defender).count() as u32 >= max {
            return Err(LadderError::DefenderBusy { max });
        }
        let max = self.config.max_open_per_challenger;
        if self
            .open
            .iter()
            .filter(|c| c.challenger == challenger)
            .count() as u32
            >= max
        {
            return Err(LadderError::TooManyOpen { max });
        }
        if let Some(until) = self.cooldown_until(challenger, defender, now) {
            return Err(LadderError::Cooldown { until });
        }
        Ok(())
    }

    /// Applies `cmd` at `now`; returns what happened.
    ///
    /// # Errors
    /// Why it was refused; the ladder is then unchanged.
    pub fn apply(
        &mut self,
        cmd: LadderCommand,
        now: Millis,
    ) -> Result<Vec<LadderEvent>, LadderError> {
        let mut next = self.clone();
        let mut events = Vec::new();
        next.step(cmd, now, &mut events)?;
        *self = next;
        Ok(events)
    }

    fn step(
        &mut self,
        cmd: LadderCommand,
        now: Millis,
        events: &mut Vec<LadderEvent>,
    ) -> Result<(), LadderError> {
        match cmd {
            LadderCommand::Join { user, rating } => self.join(user, rating, now, events),
            LadderCommand::Leave { user } => {
                let place = self.place_of(user).ok_or(LadderError::NotOnLadder)?;
                self.take_out(place, events);
                self.withdraw_challenges_of(user, now, events);
                events.push(LadderEvent::Left { user, place });
                Ok(())
            }
            LadderCommand::Challenge {
                challenger,
                defender,
                rating,
            } => {
                if let Some(i) = self.index_of(challenger) {
                    self.rungs[i].rating = rating;
                }
                self.may_challenge(challenger, defender, now)?;
                let places = (
                    self.place_of(challenger).unwrap_or(0),
                    self.place_of(defender).unwrap_or(0),
                );
                self.last_id += 1;
                let c = Challenge {
                    id: ChallengeId(self.last_id),
                    challenger,
                    defender,
                    at: now,
                    deadline: now + self.config.play_within,
                    places,
                };
                for u in [challenger, defender] {
                    self.touch(u, now);
                }
                self.open.push(c.clone());
                events.push(LadderEvent::Challenged { challenge: c });
                Ok(())
            }
            LadderCommand::Report { challenge, outcome } => {
                self.report(challenge, outcome, now, events)
            }
            LadderCommand::Tick => {
                self.drop_inactive(now, events);
                Ok(())
            }
        }
    }

    fn join(
        &mut self,
        user: UserId,
        rating: u32,
        now: Millis,
        events: &mut Vec<LadderEvent>,
    ) -> Result<(), LadderError> {
        if self.place_of(user).is_some() {
            return Err(LadderError::AlreadyOnLadder);
        }
        if self.rungs.len() as u32 >= self.config.max_players {
            return Err(LadderError::Full);
        }
        let at = match self.config.join {
            JoinAt::Bottom => self.rungs.len(),
            JoinAt::Rating => self
                .rungs
                .iter()
                .position(|r| r.rating < rating)
                .unwrap_or(self.rungs.len()),
        };
        let rung = Rung {
            user,
            rating,
            active_at: now,
            timeouts: Vec::new(),
        };
        self.insert_at(at, rung, events);
        events.push(LadderEvent::Joined {
            user,
            place: at as u32 + 1,
        });
        Ok(())
    }

    fn report(
        &mut self,
        id: ChallengeId,
        outcome: Outcome,
        now: Millis,
        events: &mut Vec<LadderEvent>,
    ) -> Result<(), LadderError> {
        let i = self
            .open
            .iter()
            .position(|c| c.id == id)
            .ok_or(LadderError::NoSuchChallenge)?;
        let c = self.open.remove(i);
        events.push(LadderEvent::Ended {
            challenge: id,
            outcome,
        });
        for u in [c.challenger, c.defender] {
            self.touch(u, now);
        }
        if outcome.challenger_climbs() {
            self.climb(c.challenger, c.defender, events);
        }
        for side in outcome.timed_out() {
            let user = match side {
                Side::Challenger => c.challenger,
                Side::Defender => c.defender,
            };
            self.charge_timeout(user, now, events);
        }
        let places_after = (self.place_of(c.challenger), self.place_of(c.defender));
        self.history.push(ChallengeRecord {
            challenge: c,
            outcome,
            ended_at: now,
            places_after,
        });
        Ok(())
    }

    /// The challenger takes the place directly in front of the defender, who and everyone
    /// between move down one. Nothing if the challenger is above the defender already.
    fn climb(&mut self, challenger: UserId, defender: UserId, events: &mut Vec<LadderEvent>) {
        let (Some(from), Some(to)) = (self.index_of(challenger), self.index_of(defender)) else {
            return;
        };
        if from <= to {
            return;
        }
        let rung = self.rungs.remove(from);
        self.rungs.insert(to, rung);
        events.push(LadderEvent::Moved {
            user: challenger,
            from: from as u32 + 1,
            to: to as u32 + 1,
        });
        for i in to + 1..=from {
            events.push(LadderEvent::Moved {
                user: self.rungs[i].user,
                from: i as u32,
                to: i as u32 + 1,
            });
        }
    }

    fn charge_timeout(&mut self, user: UserId, now: Millis, events: &mut Vec<LadderEvent>) {
        let Some(i) = self.index_of(user) else { return };
        let window = self.config.timeout_window;
        let r = &mut self.rungs[i];
        r.timeouts.retain(|t| *t + window > now);
        r.timeouts.push(now);
        let count = r.timeouts.len() as u32;
        events.push(LadderEvent::TimedOut { user, count });
        if self.config.max_timeouts > 0 && count >= self.config.max_timeouts {
            self.remove(user, RemoveReason::Timeouts, now, events);
        }
    }

    fn remove(
        &mut self,
        user: UserId,
        reason: RemoveReason,
        now: Millis,
        events: &mut Vec<LadderEvent>,
    ) {
        let Some(place) = self.place_of(user) else {
            return;
        };
        self.take_out(place, events);
        self.withdraw_challenges_of(user, now, events);
        events.push(LadderEvent::Removed {
            user,
            place,
            reason,
        });
    }

    /// Ends every open challenge of `user` as withdrawn (after they left: their place after it
    /// is none).
    fn withdraw_challenges_of(&mut self, user: UserId, now: Millis, events: &mut Vec<LadderEvent>) {
        let ids: Vec<_> = self
            .open
            .iter()
            .filter(|c| c.challenger == user || c.defender == user)
            .map(|c| c.id)
            .collect();
        for id in ids {
            let _ = self.report(id, Outcome::Withdrawn, now, events);
        }
    }

    /// Inactive players drop `n` places (their clock restarts) or leave. Several dropping at
    /// once keep their order among themselves: each goes just behind whoever was `n` places
    /// below it when the tick ran.
    fn drop_inactive(&mut self, now: Millis, events: &mut Vec<LadderEvent>) {
        let after = self.config.inactive_after;
        if after == Millis::ZERO {
            return;
        }
        let busy = |u: UserId, open: &[Challenge]| {
            open.iter().any(|c| c.challenger == u || c.defender == u)
        };
        let inactive: Vec<UserId> = self
            .rungs
            .iter()
            .filter(|r| r.active_at + after <= now && !busy(r.user, &self.open))
            .map(|r| r.user)
            .collect();
        if inactive.is_empty() {
            return;
        }
        for &user in &inactive {
            events.push(LadderEvent::Inactive { user });
        }
        match self.config.inactivity {
            Inactivity::Remove => {
                for user in inactive {
                    self.remove(user, RemoveReason::Inactive, now, events);
                }
            }
            Inactivity::Drop(n) => {
                let before: Vec<UserId> = self.rungs.iter().map(|r| r.user).collect();
                let mut keyed: Vec<(usize, Rung)> = std::mem::take(&mut self.rungs)
                    .into_iter()
                    .enumerate()
                    .map(|(i, mut r)| {
                        if inactive.contains(&r.user) {
                            r.active_at = now;
                            (2 * (i + n as usize) + 1, r)
                        } else {
                            (2 * i, r)
                        }
                    })
                    .collect();
                keyed.sort_by_key(|(k, _)| *k);
                self.rungs = keyed.into_iter().map(|(_, r)| r).collect();
                for (i, r) in self.rungs.iter().enumerate() {
                    if before[i] != r.user {
                        let from = before.iter().position(|u| *u == r.user).unwrap_or(i);
                        events.push(LadderEvent::Moved {
                            user: r.user,
                            from: from as u32 + 1,
                            to: i as u32 + 1,
                        });
                    }
                }
            }
        }
    }

    fn insert_at(&mut self, at: usize, rung: Rung, events: &mut Vec<LadderEvent>) {
        self.rungs.insert(at, rung);
        for i in at + 1..self.rungs.len() {
            events.push(LadderEvent::Moved {
                user: self.rungs[i].user,
                from: i as u32,
                to: i as u32 + 1,
            });
        }
    }

    /// Takes place `place` out; everyone below moves up one.
    fn take_out(&mut self, place: u32, events: &mut Vec<LadderEvent>) {
        let i = place as usize - 1;
        self.rungs.remove(i);
        for j in i..self.rungs.len() {
            events.push(LadderEvent::Moved {
                user: self.rungs[j].user,
                from: j as u32 + 2,
                to: j as u32 + 1,
            });
        }
    }

    fn touch(&mut self, user: UserId, now: Millis) {
        if let Some(i) = self.index_of(user) {
            self.rungs[i].active_at = now;
        }
    }

    fn index_of(&self, user: UserId) -> Option<usize> {
        self.rungs.iter().position(|r| r.user == user)
    }
}

fn is_pair(c: &Challenge, a: UserId, b: UserId) -> bool {
    (c.challenger == a && c.defender == b) || (c.challenger == b && c.defender == a)
}
