//! How each [`LeagueCommand`] changes a [`League`]: checked first, so a refused command changes
//! nothing.

use super::appointment::Appointment;
use super::command::{LeagueCommand, LeagueError, LeagueEvent};
use super::promotion::next_divisions;
use super::schedule::{red_is_home, rounds, MatchId};
use super::score::BoardResult;
use super::state::{Board, League, LeagueMatch, Phase, Team};
use super::TeamId;
use crate::{Millis, UserId};
use std::collections::BTreeSet;

impl League {
    /// Applies `cmd` at `now`: the events it produced, or why it was refused (nothing changed).
    ///
    /// # Errors
    /// [`LeagueError`] when the command is not allowed now.
    pub fn apply(
        &mut self,
        cmd: LeagueCommand,
        now: Millis,
    ) -> Result<Vec<LeagueEvent>, LeagueError> {
        match cmd {
            LeagueCommand::Enter {
                team,
                name,
                captain,
                members,
                division,
            } => self.enter(
                Team {
                    id: team,
                    name,
                    captain,
                    members,
                },
                division,
            ),
            LeagueCommand::Start => self.start(now),
            LeagueCommand::Lineup { m, team, by, order } => self.set_lineup(m, team, by, order),
            LeagueCommand::Propose { m, team, by, at } => self.propose(m, team, by, at, now),
            LeagueCommand::Report { m, board, result } => self.report(m, board, result),
            LeagueCommand::Tick => Ok(self.tick(now)),
            LeagueCommand::NextSeason => self.next_season(),
            LeagueCommand::Withdraw { team, by } => self.withdraw(team, by),
        }
    }

    fn enter(
        &mut self,
        team: Team,
        division: Option<usize>,
    ) -> Result<Vec<LeagueEvent>, LeagueError> {
        if self.phase == Phase::Running {
            return Err(LeagueError::WrongPhase("the season is running"));
        }
        let id = team.id;
        if self.division_of(id).is_none() {
            let d = division.unwrap_or(self.divisions.len() - 1);
            let div = self.divisions.get_mut(d).ok_or(LeagueError::NoDivision)?;
            div.teams.push(id);
        }
        self.teams.insert(id, team);
        Ok(vec![LeagueEvent::Entered { team: id }])
    }

    fn start(&mut self, now: Millis) -> Result<Vec<LeagueEvent>, LeagueError> {
        if self.phase != Phase::Entry {
            return Err(LeagueError::WrongPhase("the season has started"));
        }
        if self.divisions.iter().any(|d| d.teams.len() == 1)
            || self.divisions.iter().all(|d| d.teams.is_empty())
        {
            return Err(LeagueError::TooFewTeams);
        }
        let c = &self.config;
        let mut matches = Vec::new();
        let mut last = self.last_match;
        for (d, div) in self.divisions.iter().enumerate() {
            for (r, round) in rounds(&div.teams, c.double_round).into_iter().enumerate() {
                let opens = now + c.round_every.saturating_mul(r as u64);
                for (home, away) in round {
                    last += 1;
                    matches.push(LeagueMatch {
                        id: MatchId(last),
                        division: d,
                        round: r as u32 + 1,
                        home,
                        away,
                        opens,
                        closes: opens + c.window,
                        default_at: opens + c.default_at,
                        appointment: Appointment::default(),
                        lineups: [None, None],
                        boards: Vec::new(),
                        score: None,
                        reminded: false,
                    });
                }
            }
        }
        matches.sort_by_key(|m| (m.round, m.id));
        self.matches = matches;
        self.last_match = last;
        self.phase = Phase::Running;
        let mut events = vec![LeagueEvent::Started {
            season: self.season,
        }];
        events.extend(self.tick(now));
        Ok(events)
    }

    /// The match `m` and whether `team` plays it at home, once `by` is found its captain and
    /// the match has not begun.
    fn captains_match(&self, m: MatchId, team: TeamId, by: UserId) -> Result<bool, LeagueError> {
        let t = self.teams.get(&team).ok_or(LeagueError::NoTeam)?;
        let x = self.get(m).ok_or(LeagueError::NoMatch)?;
        let home = x.side_of(team).ok_or(LeagueError::NotInMatch)?;
        if t.captain != by {
            return Err(LeagueError::NotCaptain);
        }
        if x.begun() {
            return Err(LeagueError::Begun);
        }
        Ok(home)
    }

    fn set_lineup(
        &mut self,
        m: MatchId,
        team: TeamId,
        by: UserId,
        order: Vec<UserId>,
    ) -> Result<Vec<LeagueEvent>, LeagueError> {
        let home = self.captains_match(m, team, by)?;
        let members = self
            .teams
            .get(&team)
            .map(|t| &t.members)
            .ok_or(LeagueError::NoTeam)?;
        if order.len() > usize::from(self.config.boards) {
            return Err(LeagueError::BadLineup("more players than boards"));
        }
        if order.iter().any(|u| !members.contains(u)) {
            return Err(LeagueError::BadLineup("not a member of the team"));
        }
        if order.iter().collect::<BTreeSet<_>>().len() != order.len() {
            return Err(LeagueError::BadLineup("a player named twice"));
        }
        if let Some(x) = self.get_mut(m) {
            x.lineups[usize::from(!home)] = Some(order);
        }
        Ok(vec![LeagueEvent::LineupSet { m, team }])
    }

    fn propose(
        &mut self,
        m: MatchId,
        team: TeamId,
        by: UserId,
        at: Millis,
        now: Millis,
    ) -> Result<Vec<LeagueEvent>, LeagueError> {
        let home = self.captains_match(m, team, by)?;
        let within = self.config.agree_within;
        let x = self.get_mut(m).ok_or(LeagueError::NoMatch)?;
        if x.appointment.agreed.is_some() {
            return Err(LeagueError::Agreed);
        }
        if at < x.opens || at > x.closes || at < now {
            return Err(LeagueError::OutsideWindow);
        }
        let mut events = vec![LeagueEvent::Proposed { m, team, at }];
        if let Some(at) = x.appointment.propose(home, at, within) {
            // A new time: reminded anew before it.
            x.reminded = false;
            events.push(LeagueEvent::Agreed { m, at });
        }
        Ok(events)
    }

    fn report(
        &mut self,
        m: MatchId,
        board: u8,
        result: BoardResult,
    ) -> Result<Vec<LeagueEvent>, LeagueError> {
        let x = self.get_mut(m).ok_or(LeagueError::NoMatch)?;
        let b = x
            .boards
            .get_mut(usize::from(board))
            .filter(|b| b.result.is_none())
            .ok_or(LeagueError::NoBoard)?;
        b.result = Some(result);
        let mut events = vec![LeagueEvent::BoardEnded { m, board, result }];
        events.extend(self.settle(m));
        Ok(events)
    }

    /// Ends match `m` if every board has its result, and the season with its last match.
    pub(super) fn settle(&mut self, m: MatchId) -> Vec<LeagueEvent> {
        let Some(results) = self
            .get(m)
            .filter(|x| x.score.is_none())
            .and_then(|x| x.results())
        else {
            return Vec::new();
        };
        let score = self.score_of(&results);
        if let Some(x) = self.get_mut(m) {
            x.score = Some(score);
        }
        let mut events = vec![LeagueEvent::MatchEnded { m, score }];
        if self.matches.iter().all(|x| x.score.is_some()) {
            self.phase = Phase::Ended;
            events.push(LeagueEvent::SeasonEnded {
                season: self.season,
            });
        }
        events
    }

    /// Sends the reminders due, begins the matches due by `now` (boards with a missing player
    /// forfeited at once) and forfeits, by both, the boards still open at their deadline.
    fn tick(&mut self, now: Millis) -> Vec<LeagueEvent> {
        let mut events = Vec::new();
        if self.phase != Phase::Running {
            return events;
        }
        let deadline = self.config.board_deadline;
        events.extend(self.remind(now));
        let due: Vec<MatchId> = self
            .matches
            .iter()
            .filter(|x| !x.begun() && x.time() <= now)
            .map(|x| x.id)
            .collect();
        for m in due {
            events.extend(self.begin(m));
        }
        let late: Vec<(MatchId, u8)> = self
            .matches
            .iter()
            .filter(|x| x.begun() && x.score.is_none() && x.time() + deadline <= now)
            .flat_map(|x| {
                x.boards
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.result.is_none())
                    .map(move |(i, _)| (x.id, u8::try_from(i).unwrap_or(u8::MAX)))
            })
            .collect();
        for (m, board) in late {
            if let Ok(e) = self.report(m, board, BoardResult::BothForfeit) {
                events.extend(e);
            }
        }
        events
    }

    /// Seats match `m`'s boards from the two lineups.
    fn begin(&mut self, m: MatchId) -> Vec<LeagueEvent> {
        let Some(x) = self.get(m) else {
            return Vec::new();
        };
        let (home, away) = (self.lineup(x, true), self.lineup(x, false));
        let boards: Vec<Board> = (0..self.config.boards)
            .map(|b| {
                let (h, a) = (
                    home.get(usize::from(b)).copied(),
                    away.get(usize::from(b)).copied(),
                );
                let (red, black) = if red_is_home(b) { (h, a) } else { (a, h) };
                Board {
                    red,
                    black,
                    result: BoardResult::of_absence(red.is_none(), black.is_none()),
                }
            })
            .collect();
        let forfeits: Vec<(u8, BoardResult)> = boards
            .iter()
            .enumerate()
            .filter_map(|(i, b)| Some((u8::try_from(i).ok()?, b.result?)))
            .collect();
        if let Some(x) = self.get_mut(m) {
            x.boards = boards;
        }
        let mut events = vec![LeagueEvent::MatchBegan { m }];
        events.extend(
            forfeits
                .into_iter()
                .map(|(board, result)| LeagueEvent::BoardEnded { m, board, result }),
        );
        events.extend(self.settle(m));
        events
    }

    fn next_season(&mut self) -> Result<Vec<LeagueEvent>, LeagueError> {
        if self.phase != Phase::Ended {
            return Err(LeagueError::WrongPhase("the season has not ended"));
        }
        let finals: Vec<Vec<TeamId>> = (0..self.divisions.len())
            .map(|d| self.standings(d).into_iter().map(|s| s.team).collect())
            .collect();
        let (next, promoted, relegated) = next_divisions(&finals, self.config.promote);
        self.keep_season();
        let out = std::mem::take(&mut self.withdrawn);
        for (div, mut teams) in self.divisions.iter_mut().zip(next) {
            teams.retain(|t| !out.contains(t));
            div.teams = teams;
        }
        for t in &out {
            self.teams.remove(t);
        }
        self.season += 1;
        self.phase = Phase::Entry;
        Ok(vec![LeagueEvent::NextSeason {
            season: self.season,
            promoted,
            relegated,
        }])
    }
}
