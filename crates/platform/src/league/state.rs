//! The league: its teams, the current season's divisions and matches, and queries over them.
//! How commands change it is in `apply.rs`.

use super::appointment::Appointment;
use super::config::LeagueConfig;
use super::schedule::MatchId;
use super::score::{match_score, BoardResult, MatchScore};
use super::standings::{standings, Played, Standing};
use super::TeamId;
use crate::{Millis, UserId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where the season stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Teams enter; the season has not started.
    #[default]
    Entry,
    /// Matches are being played.
    Running,
    /// Every match ended; waiting for the next season.
    Ended,
}

/// A team in the league.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Its id.
    pub id: TeamId,
    /// Its name.
    pub name: String,
    /// Its captain.
    pub captain: UserId,
    /// Its players in roster order.
    pub members: Vec<UserId>,
}

/// A division of the current season.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Division {
    /// Its name (甲级, 乙级, …).
    pub name: String,
    /// Its teams in seeding order.
    pub teams: Vec<TeamId>,
}

/// One board of a begun match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Red's player (`None`: nobody in the lineup).
    pub red: Option<UserId>,
    /// Black's player.
    pub black: Option<UserId>,
    /// The result, once known.
    pub result: Option<BoardResult>,
}

/// One match of the season.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeagueMatch {
    /// Its number.
    pub id: MatchId,
    /// Its division.
    pub division: usize,
    /// Its round (1, 2, …).
    pub round: u32,
    /// The home team.
    pub home: TeamId,
    /// The away team.
    pub away: TeamId,
    /// The appointment window's opening.
    pub opens: Millis,
    /// Its closing.
    pub closes: Millis,
    /// The default time.
    pub default_at: Millis,
    /// The captains' proposals.
    pub appointment: Appointment,
    /// The lineups set by the captains (home, away); `None`: the roster order.
    pub lineups: [Option<Vec<UserId>>; 2],
    /// The boards, once begun.
    pub boards: Vec<Board>,
    /// The score, once every board has its result.
    pub score: Option<MatchScore>,
    /// Whether its teams were reminded of its time (`remind_before`).
    #[serde(default)]
    pub reminded: bool,
}

impl LeagueMatch {
    /// When it is played.
    #[must_use]
    pub fn time(&self) -> Millis {
        self.appointment.time(self.default_at)
    }

    /// Whether it has begun.
    #[must_use]
    pub fn begun(&self) -> bool {
        !self.boards.is_empty()
    }

    /// Every board's result, if all are known.
    #[must_use]
    pub fn results(&self) -> Option<Vec<BoardResult>> {
        if !self.begun() {
            return None;
        }
        self.boards.iter().map(|b| b.result).collect()
    }

    /// Whether `team` plays it, and at home.
    #[must_use]
    pub fn side_of(&self, team: TeamId) -> Option<bool> {
        if team == self.home {
            Some(true)
        } else if team == self.away {
            Some(false)
        } else {
            None
        }
    }
}

/// A league: teams, the season's divisions and matches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct League {
    /// How it is run.
    pub config: LeagueConfig,
    /// The current season (1, 2, …).
    pub season: u32,
    /// Where the season stands.
    pub phase: Phase,
    /// Every team that entered.
    pub teams: BTreeMap<TeamId, Team>,
    /// The current season's divisions (as many as configured).
    pub divisions: Vec<Division>,
    /// The current season's matches.
    pub matches: Vec<LeagueMatch>,
    /// The last match number given.
    pub last_match: u32,
    /// Teams withdrawn this season (out of the next).
    #[serde(default)]
    pub withdrawn: Vec<TeamId>,
    /// The ended seasons, oldest first (kept at `next-season`).
    #[serde(default)]
    pub past: Vec<PastSeason>,
}

impl League {
    /// A league with no teams, in its first season's entry.
    #[must_use]
    pub fn new(config: LeagueConfig) -> League {
        let divisions = config
            .divisions
            .iter()
            .map(|name| Division {
                name: name.clone(),
                teams: Vec::new(),
            })
            .collect();
        League {
            config,
            season: 1,
            phase: Phase::Entry,
            teams: BTreeMap::new(),
            divisions,
            matches: Vec::new(),
            last_match: 0,
            withdrawn: Vec::new(),
            past: Vec::new(),
        }
    }

    /// Match `m` of the current season.
    #[must_use]
    pub fn get(&self, m: MatchId) -> Option<&LeagueMatch> {
        self.matches.iter().find(|x| x.id == m)
    }

    pub(super) fn get_mut(&mut self, m: MatchId) -> Option<&mut LeagueMatch> {
        self.matches.iter_mut().find(|x| x.id == m)
    }

    /// The division of `team` this season.
    #[must_use]
    pub fn division_of(&self, team: TeamId) -> Option<usize> {
        self.divisions.iter().position(|d| d.teams.contains(&team))
    }

    /// Division `d`'s standings from its finished matches.
    #[must_use]
    pub fn standings(&self, d: usize) -> Vec<Standing> {
        let Some(div) = self.divisions.get(d) else {
            return Vec::new();
        };
        let played: Vec<Played> = self
            .matches
            .iter()
            .filter(|m| m.division == d && m.score.is_some())
            .filter_map(|m| {
                Some(Played {
                    home: m.home,
                    away: m.away,
                    results: m.results()?,
                })
            })
            .collect();
        standings(
            &div.teams,
            &played,
            self.config.match_points,
            &self.config.tie_breaks,
        )
    }

    /// The board order a team plays match `m` in: its captain's lineup or its roster.
    #[must_use]
    pub fn lineup(&self, m: &LeagueMatch, home: bool) -> Vec<UserId> {
        let i = usize::from(!home);
        let team = if home { m.home } else { m.away };
        m.lineups[i].clone().unwrap_or_else(|| {
            self.teams
                .get(&team)
                .map(|t| t.members.clone())
                .unwrap_or_default()
        })
    }

    /// The next instant at which [`super::LeagueCommand::Tick`] changes something: a match's
    /// time or its reminder, or a begun match's board deadline.
    #[must_use]
    pub fn next_due(&self) -> Option<Millis> {
        self.matches
            .iter()
            .filter(|m| m.score.is_none())
            .map(|m| {
                if m.begun() {
                    m.time() + self.config.board_deadline
                } else {
                    m.time()
                }
            })
            .chain(self.next_reminder())
            .min()
    }

    /// The score of a match from its board results.
    #[must_use]
    pub fn score_of(&self, results: &[BoardResult]) -> MatchScore {
        match_score(results, self.config.match_points)
    }
}

/// An ended season as it stood at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastSeason {
    /// Its number.
    pub season: u32,
    /// Its divisions.
    pub divisions: Vec<Division>,
    /// Its matches.
    pub matches: Vec<LeagueMatch>,
}
