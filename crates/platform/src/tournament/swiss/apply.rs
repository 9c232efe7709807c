//! [`Swiss::apply`]: commands in, events out; a refused command changes nothing.

use super::command::{SwissCommand, SwissEvent};
use super::dutch::{pair_round, DutchError};
use super::model::{Entrant, Phase, Swiss, SwissBoard, SwissConfig, SwissRound};
use crate::ids::{Millis, UserId};
use crate::tournament::TournamentError;
use crate::tournament::{standings, GameResult, Row};
use std::collections::BTreeSet;
use xiangqi::Color;

impl Swiss {
    /// A new event taking registrations.
    #[must_use]
    pub fn new(config: SwissConfig) -> Swiss {
        Swiss {
            config,
            phase: Phase::Registration,
            entrants: Vec::new(),
            rounds: Vec::new(),
            forbidden: BTreeSet::new(),
            fouls: Default::default(),
        }
    }

    /// Applies `cmd` at `now`; on error nothing changes.
    ///
    /// # Errors
    /// A [`TournamentError`] saying why the command was refused.
    pub fn apply(
        &mut self,
        cmd: SwissCommand,
        now: Millis,
    ) -> Result<Vec<SwissEvent>, TournamentError> {
        if self.phase == Phase::Finished {
            return Err(match cmd {
                SwissCommand::Correct { .. } => TournamentError::ResultsFinal,
                _ => TournamentError::Finished,
            });
        }
        let mut next = self.clone();
        let events = next.execute(cmd, now)?;
        *self = next;
        Ok(events)
    }

    /// The current standings.
    #[must_use]
    pub fn standings(&self) -> Vec<Row> {
        standings(&self.record(), &self.config.preset)
    }

    fn current_complete(&self) -> bool {
        self.rounds.last().is_none_or(SwissRound::is_complete)
    }

    fn active(&self, user: UserId) -> bool {
        self.entrants.iter().any(|e| e.user == user && !e.withdrawn)
    }

    fn execute(
        &mut self,
        cmd: SwissCommand,
        now: Millis,
    ) -> Result<Vec<SwissEvent>, TournamentError> {
        match cmd {
            SwissCommand::Register { user, rating } => self.register(user, rating),
            SwissCommand::Withdraw { user } => self.withdraw(user, now),
            SwissCommand::Forbid { a, b } => {
                if a == b {
                    return Err(TournamentError::SamePlayer);
                }
                if ![a, b]
                    .iter()
                    .all(|u| self.entrants.iter().any(|e| e.user == *u))
                {
                    return Err(TournamentError::NotRegistered);
                }
                self.forbidden.insert((a.min(b), a.max(b)));
                Ok(vec![SwissEvent::Forbidden { a, b }])
            }
            SwissCommand::PairRound => self.pair(now),
            SwissCommand::PairManually { boards, absent } => {
                self.pair_manually(boards, &absent, now)
            }
            SwissCommand::Correct {
                round,
                board,
                result,
            } => self.correct(round, board, result),
            SwissCommand::RecordResult { red, result } => self.record_result(red, result, now),
            SwissCommand::Foul { user } => {
                if !self.entrants.iter().any(|e| e.user == user) {
                    return Err(TournamentError::NotRegistered);
                }
                *self.fouls.entry(user).or_default() += 1;
                Ok(vec![SwissEvent::Fouled { user }])
            }
            SwissCommand::Finish => {
                if !self.current_complete() {
                    return Err(TournamentError::RoundInProgress);
                }
                Ok(vec![self.finish()])
            }
        }
    }

    fn register(&mut self, user: UserId, rating: u32) -> Result<Vec<SwissEvent>, TournamentError> {
        if let Some(e) = self.entrants.iter().find(|e| e.user == user) {
            // A withdrawn player may not come back: their missed rounds would need byes.
            let _ = e;
            return Err(TournamentError::AlreadyRegistered);
        }
        if self.entrants.len() >= self.config.max_players as usize {
            return Err(TournamentError::Full);
        }
        let paired = self.rounds.len() as u32;
        if paired > self.config.rounds / 2 {
            return Err(TournamentError::LateEntryClosed);
        }
        self.entrants.push(Entrant {
            user,
            rating,
            first_round: paired + 1,
            withdrawn: false,
        });
        Ok(vec![SwissEvent::Registered {
            user,
            late: paired > 0,
        }])
    }

    fn withdraw(&mut self, user: UserId, now: Millis) -> Result<Vec<SwissEvent>, TournamentError> {
        if !self.active(user) {
            return Err(TournamentError::NotRegistered);
        }
        let mut events = vec![SwissEvent::Withdrew { user }];
        if self.phase == Phase::Registration {
            self.entrants.retain(|e| e.user != user);
            return Ok(events);
        }
        if let Some(e) = self.entrants.iter_mut().find(|e| e.user == user) {
            e.withdrawn = true;
        }
        let pending = self
            .rounds
            .last()
            .and_then(|r| r.board_of(user))
            .filter(|b| b.is_pending());
        if let Some(b) = pending.copied() {
            let winner = if b.red == user {
                Color::Black
            } else {
                Color::Red
            };
            events.extend(self.record_result(b.red, GameResult::Forfeit { winner }, now)?);
        }
        Ok(events)
    }

    fn check_can_pair(&self) -> Result<(), TournamentError> {
        if !self.current_complete() {
            return Err(TournamentError::RoundInProgress);
        }
        if self.rounds.len() as u32 >= self.config.rounds {
            return Err(TournamentError::NoMoreRounds);
        }
        Ok(())
    }

    fn pair(&mut self, now: Millis) -> Result<Vec<SwissEvent>, TournamentError> {
        self.check_can_pair()?;
        if self.entrants.iter().filter(|e| !e.withdrawn).count() < 2 {
            return Err(TournamentError::NotEnoughPlayers);
        }
        let order: Vec<UserId> = self.pairing_order().iter().map(|e| e.user).collect();
        let boards = pair_round(&self.dutch_input()).map_err(|e| match e {
            DutchError::NoValidPairing => TournamentError::NoValidPairing,
            DutchError::TooLarge => TournamentError::TooLarge,
        })?;
        let user = |n: u32| order.get((n as usize).wrapping_sub(1)).copied();
        let boards = boards
            .into_iter()
            .map(|b| {
                let black = match b.black {
                    Some(n) => Some(user(n)?),
                    None => None,
                };
                Some(SwissBoard {
                    red: user(b.red)?,
                    black,
                    result: None,
                    ended_at: None,
                })
            })
            .collect::<Option<Vec<_>>>()
            .ok_or(TournamentError::NoValidPairing)?;
        Ok(self.push_round(boards, false, now))
    }

    fn pair_manually(
        &mut self,
        boards: Vec<(UserId, Option<UserId>)>,
        absent: &[UserId],
        now: Millis,
    ) -> Result<Vec<SwissEvent>, TournamentError> {
        self.check_can_pair()?;
        let mut seen = BTreeSet::new();
        let mut byes = 0;
        let listed = boards
            .iter()
            .flat_map(|&(red, black)| std::iter::once(red).chain(black))
            .chain(absent.iter().copied());
        for u in listed {
            if !self.active(u) {
                return Err(TournamentError::InvalidPairing(
                    "unknown or withdrawn player",
                ));
            }
            if !seen.insert(u) {
                return Err(TournamentError::InvalidPairing("a player is listed twice"));
            }
        }
        for &(red, black) in &boards {
            if let Some(black) = black {
                if red == black {
                    return Err(TournamentError::SamePlayer);
                }
                if self.forbidden.contains(&(red.min(black), red.max(black))) {
                    return Err(TournamentError::InvalidPairing("a forbidden pairing"));
                }
            }
            byes += usize::from(black.is_none());
        }
        if byes > 1 {
            return Err(TournamentError::InvalidPairing("more than one bye"));
        }
        if !boards.iter().any(|b| b.1.is_some()) {
            return Err(TournamentError::InvalidPairing("no game"));
        }
        if self
            .entrants
            .iter()
            .any(|e| !e.withdrawn && !seen.contains(&e.user))
        {
            return Err(TournamentError::InvalidPairing(
                "an active player is not listed",
            ));
        }
        let boards = boards
            .into_iter()
            .map(|(red, black)| SwissBoard {
                red,
                black,
                result: None,
                ended_at: None,
            })
            .collect();
        Ok(self.push_round(boards, true, now))
    }

    fn push_round(
        &mut self,
        boards: Vec<SwissBoard>,
        manual: bool,
        now: Millis,
    ) -> Vec<SwissEvent> {
        self.phase = Phase::Running;
        let round = self.rounds.len() as u32 + 1;
        self.rounds.push(SwissRound {
            number: round,
            boards: boards.clone(),
            paired_at: now,
            manual,
        });
        let mut events = vec![SwissEvent::RoundPaired {
            round,
            boards,
            manual,
        }];
        if self.current_complete() {
            events.push(SwissEvent::RoundComplete { round });
        }
        events
    }

    fn record_result(
        &mut self,
        red: UserId,
        result: GameResult,
        now: Millis,
    ) -> Result<Vec<SwissEvent>, TournamentError> {
        let Some(round) = self.rounds.last_mut() else {
            return Err(TournamentError::NoSuchGame);
        };
        let Some(board) = round
            .boards
            .iter_mut()
            .find(|b| b.red == red && b.is_pending())
        else {
            return Err(TournamentError::NoSuchGame);
        };
        board.result = Some(result);
        board.ended_at = Some(now);
        let mut events = vec![SwissEvent::ResultRecorded {
            round: round.number,
            board: *board,
        }];
        if round.is_complete() {
            events.push(SwissEvent::RoundComplete {
                round: round.number,
            });
            if round.number >= self.config.rounds {
                events.push(self.finish());
            }
        }
        Ok(events)
    }

    /// Corrects a result of any round paired (a board that has one). Later rounds keep their
    /// pairings; the standings, a function of the results, follow.
    fn correct(
        &mut self,
        round: u32,
        index: u32,
        result: GameResult,
    ) -> Result<Vec<SwissEvent>, TournamentError> {
        let Some(paired) = self.rounds.iter_mut().find(|r| r.number == round) else {
            return Err(TournamentError::NoSuchGame);
        };
        let Some(board) = paired
            .boards
            .get_mut(index as usize)
            .filter(|b| b.black.is_some() && b.result.is_some())
        else {
            return Err(TournamentError::NoSuchGame);
        };
        board.result = Some(result);
        Ok(vec![SwissEvent::ResultCorrected {
            round,
            index,
            board: *board,
        }])
    }

    fn finish(&mut self) -> SwissEvent {
        self.phase = Phase::Finished;
        SwissEvent::Finished {
            standings: self.standings(),
        }
    }
}
