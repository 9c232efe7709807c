//! The league as JSON for `GET /api/leagues…` (shapes in docs/leagues.md): summaries, the
//! divisions with standings and matches, and one match with its boards, lineups and
//! appointment.

use super::table_ids::table_of;
use crate::deps::Events;
use platform::league::{
    Appointment, BoardResult, League, LeagueMatch, MatchId, MatchScore, Phase, Standing, TeamId,
};
use platform::{Millis, TableId, UserId};
use serde::Serialize;
use std::collections::BTreeMap;

fn phase(p: Phase) -> &'static str {
    match p {
        Phase::Entry => "entry",
        Phase::Running => "running",
        Phase::Ended => "ended",
    }
}

/// A team as the views name it.
#[derive(Debug, Serialize)]
pub struct TeamRef<'a> {
    /// Its id.
    pub id: TeamId,
    /// Its name.
    pub name: &'a str,
}

fn team(l: &League, t: TeamId) -> TeamRef<'_> {
    let name = l.teams.get(&t).map_or("", |t| t.name.as_str());
    TeamRef { id: t, name }
}

/// One line of `GET /api/leagues`.
#[derive(Debug, Serialize)]
pub struct LeagueSummary<'a> {
    /// The league.
    pub id: u32,
    /// Its name.
    pub name: &'a str,
    /// The season being played.
    pub season: u32,
    /// `entry`, `running` or `ended`.
    pub phase: &'static str,
    /// The divisions' names.
    pub divisions: Vec<&'a str>,
    /// How many teams.
    pub teams: usize,
    /// Every season, the current one last.
    pub seasons: Vec<u32>,
}

/// One line of `GET /api/leagues`.
#[must_use]
pub fn summary<'a>(id: u32, name: &'a str, l: &'a League) -> LeagueSummary<'a> {
    LeagueSummary {
        id,
        name,
        season: l.season,
        phase: phase(l.phase),
        divisions: l.divisions.iter().map(|d| d.name.as_str()).collect(),
        teams: l.teams.len(),
        seasons: l.past.iter().map(|p| p.season).chain([l.season]).collect(),
    }
}

/// A match as the league lists it.
#[derive(Debug, Serialize)]
pub struct MatchLine<'a> {
    /// The match.
    pub id: MatchId,
    /// Its division.
    pub division: usize,
    /// Its round.
    pub round: u32,
    /// The home team.
    pub home: TeamRef<'a>,
    /// The away team.
    pub away: TeamRef<'a>,
    /// When it is played.
    pub time: Millis,
    /// Whether both teams agreed its time.
    pub agreed: bool,
    /// Whether its games began.
    pub begun: bool,
    /// Its score, once played.
    pub score: Option<MatchScore>,
}

fn match_line<'a>(l: &'a League, m: &LeagueMatch) -> MatchLine<'a> {
    MatchLine {
        id: m.id,
        division: m.division,
        round: m.round,
        home: team(l, m.home),
        away: team(l, m.away),
        time: m.time(),
        agreed: m.appointment.agreed.is_some(),
        begun: m.begun(),
        score: m.score,
    }
}

/// A division's standings line: the team's standing with its rank and name.
#[derive(Debug, Serialize)]
pub struct StandingLine<'a> {
    /// The standing.
    #[serde(flatten)]
    pub standing: Standing,
    /// From 1.
    pub rank: usize,
    /// The team's name.
    pub name: &'a str,
}

/// A division with its standings.
#[derive(Debug, Serialize)]
pub struct DivisionView<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its standings, best first.
    pub standings: Vec<StandingLine<'a>>,
}

/// `GET /api/leagues/{id}`.
#[derive(Debug, Serialize)]
pub struct LeagueView<'a> {
    /// The league.
    pub id: u32,
    /// Its name.
    pub name: &'a str,
    /// The season being played.
    pub season: u32,
    /// `entry`, `running` or `ended`.
    pub phase: &'static str,
    /// The divisions with their standings.
    pub divisions: Vec<DivisionView<'a>>,
    /// How many teams.
    pub teams: usize,
    /// Every season, the current one last.
    pub seasons: Vec<u32>,
    /// Boards per match.
    pub boards: u8,
    /// Every match of the season.
    pub matches: Vec<MatchLine<'a>>,
}

/// `GET /api/leagues/{id}`.
#[must_use]
pub fn league<'a>(id: u32, name: &'a str, l: &'a League) -> LeagueView<'a> {
    let divisions = l
        .divisions
        .iter()
        .enumerate()
        .map(|(d, div)| DivisionView {
            name: &div.name,
            standings: l
                .standings(d)
                .into_iter()
                .enumerate()
                .map(|(i, s)| StandingLine {
                    rank: i + 1,
                    name: team(l, s.team).name,
                    standing: s,
                })
                .collect(),
        })
        .collect();
    let s = summary(id, name, l);
    LeagueView {
        id,
        name,
        season: s.season,
        phase: s.phase,
        divisions,
        teams: s.teams,
        seasons: s.seasons,
        boards: l.config.boards,
        matches: l.matches.iter().map(|m| match_line(l, m)).collect(),
    }
}

/// Names of `users` (unknown ones left out).
async fn names(state: &Events, users: &[UserId]) -> BTreeMap<UserId, String> {
    let mut out = BTreeMap::new();
    for &u in users {
        if let Ok(Some(row)) = state.db.user(u).await {
            out.insert(u, row.name);
        }
    }
    out
}

/// A player as a match shows them.
#[derive(Debug, Serialize)]
pub struct PlayerRef {
    /// Their id.
    pub id: UserId,
    /// Their name (empty when unknown).
    pub name: String,
}

/// One board of a match.
#[derive(Debug, Serialize)]
pub struct BoardView {
    /// From 1.
    pub board: u8,
    /// Its table, once opened.
    pub table: Option<TableId>,
    /// Red, once named.
    pub red: Option<PlayerRef>,
    /// Black, once named.
    pub black: Option<PlayerRef>,
    /// Its result, once played.
    pub result: Option<BoardResult>,
}

/// Both teams' lineups.
#[derive(Debug, Serialize)]
pub struct Lineups {
    /// The home team's.
    pub home: Vec<PlayerRef>,
    /// The away team's.
    pub away: Vec<PlayerRef>,
}

/// `GET /api/leagues/{id}/matches/{m}`.
#[derive(Debug, Serialize)]
pub struct MatchView<'a> {
    /// The match as the league lists it.
    #[serde(flatten)]
    pub line: MatchLine<'a>,
    /// The season it belongs to.
    pub season: u32,
    /// When its window opens.
    pub opens: Millis,
    /// When its window closes.
    pub closes: Millis,
    /// When it is played unless the teams agree another time.
    pub default_at: Millis,
    /// The appointment the teams are agreeing.
    pub appointment: &'a Appointment,
    /// Both lineups.
    pub lineups: Lineups,
    /// Its boards.
    pub boards: Vec<BoardView>,
}

/// `GET /api/leagues/{id}/matches/{m}`.
pub async fn one_match<'a>(
    state: &Events,
    (id, season): (u32, u32),
    l: &'a League,
    m: &'a LeagueMatch,
) -> MatchView<'a> {
    let (home, away) = (l.lineup(m, true), l.lineup(m, false));
    let mut all: Vec<UserId> = home.iter().chain(&away).copied().collect();
    all.extend(m.boards.iter().flat_map(|b| [b.red, b.black]).flatten());
    let names = names(state, &all).await;
    let user = |u: UserId| PlayerRef {
        id: u,
        name: names.get(&u).cloned().unwrap_or_default(),
    };
    let lineup = |v: &[UserId]| v.iter().map(|u| user(*u)).collect::<Vec<_>>();
    let boards = (0..l.config.boards)
        .map(|b| {
            let board = m.boards.get(usize::from(b));
            BoardView {
                board: b + 1,
                table: board.map(|_| table_of(id, m.id, b)),
                red: board.and_then(|x| x.red).map(user),
                black: board.and_then(|x| x.black).map(user),
                result: board.and_then(|x| x.result),
            }
        })
        .collect();
    MatchView {
        line: match_line(l, m),
        season,
        opens: m.opens,
        closes: m.closes,
        default_at: m.default_at,
        appointment: &m.appointment,
        lineups: Lineups {
            home: lineup(&home),
            away: lineup(&away),
        },
        boards,
    }
}
