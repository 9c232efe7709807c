//! A division's standings: teams by match points (场分), then the league's tie-breaks in order
//! (局分, 直胜 among the teams still tied, board-1 game points, matches won), then by seeding
//! (their order in the division).

use super::config::{MatchPoints, TieBreak};
use super::score::{board_points, match_score, BoardResult};
use super::TeamId;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;

/// A finished match as the standings see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Home team.
    pub home: TeamId,
    /// Away team.
    pub away: TeamId,
    /// Every board's result, board 1 first.
    pub results: Vec<BoardResult>,
}

/// One team's line in the standings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The team.
    pub team: TeamId,
    /// Matches played.
    pub played: u32,
    /// Matches won.
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost.
    pub lost: u32,
    /// 场分.
    pub match_points: u32,
    /// 局分.
    pub game_points: u32,
    /// Game points on board 1.
    pub board_one: u32,
}

/// The standings of `teams` (seeding order) from their finished matches, best first.
#[must_use]
pub fn standings(
    teams: &[TeamId],
    played: &[Played],
    points: MatchPoints,
    ties: &[TieBreak],
) -> Vec<Standing> {
    let mut rows: Vec<Standing> = teams
        .iter()
        .map(|&team| Standing {
            team,
            ..Standing::default()
        })
        .collect();
    for m in played {
        let s = match_score(&m.results, points);
        let b1 = m.results.first().map_or((0, 0), |r| board_points(0, *r));
        for (team, mp, gp, b, won, lost) in [
            (
                m.home,
                s.home_points,
                s.home_games,
                b1.0,
                s.home_games > s.away_games,
                s.home_games < s.away_games,
            ),
            (
                m.away,
                s.away_points,
                s.away_games,
                b1.1,
                s.away_games > s.home_games,
                s.away_games < s.home_games,
            ),
        ] {
            if let Some(r) = rows.iter_mut().find(|r| r.team == team) {
                r.played += 1;
                r.match_points += mp;
                r.game_points += gp;
                r.board_one += b;
                r.won += u32::from(won);
                r.lost += u32::from(lost);
                r.drawn += u32::from(!won && !lost);
            }
        }
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by_key(|&i| Reverse(rows[i].match_points));
    let mut out = Vec::with_capacity(rows.len());
    for group in groups(&order, |i| rows[i].match_points) {
        out.extend(break_ties(&group, &rows, played, points, ties));
    }
    out.into_iter().map(|i| rows[i].clone()).collect()
}

/// Runs of equal `key` in `order` (already sorted by it).
fn groups(order: &[usize], key: impl Fn(usize) -> u32) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in order {
        match out.last_mut() {
            Some(g) if g.first().is_some_and(|&j| key(j) == key(i)) => g.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// Orders one group of teams level on everything before `ties`, by `ties` in turn (head-to-head
/// among the teams of the group only), then by seeding.
fn break_ties(
    group: &[usize],
    rows: &[Standing],
    played: &[Played],
    points: MatchPoints,
    ties: &[TieBreak],
) -> Vec<usize> {
    let Some((tie, rest)) = ties.split_first() else {
        let mut g = group.to_vec();
        g.sort_unstable();
        return g;
    };
    if group.len() < 2 {
        return group.to_vec();
    }
    let key = |i: usize| -> u32 {
        let r = &rows[i];
        match tie {
            TieBreak::GamePoints => r.game_points,
            TieBreak::BoardOne => r.board_one,
            TieBreak::Wins => r.won,
            TieBreak::HeadToHead => head_to_head(r.team, group, rows, played, points),
        }
    };
    let mut order = group.to_vec();
    order.sort_by_key(|&i| (Reverse(key(i)), i));
    groups(&order, key)
        .into_iter()
        .flat_map(|g| break_ties(&g, rows, played, points, rest))
        .collect()
}

/// `team`'s match points in its matches against the other teams of `group`.
fn head_to_head(
    team: TeamId,
    group: &[usize],
    rows: &[Standing],
    played: &[Played],
    points: MatchPoints,
) -> u32 {
    let inside = |t: TeamId| group.iter().any(|&i| rows[i].team == t);
    played
        .iter()
        .filter(|m| inside(m.home) && inside(m.away))
        .map(|m| {
            let s = match_score(&m.results, points);
            if m.home == team {
                s.home_points
            } else if m.away == team {
                s.away_points
            } else {
                0
            }
        })
        .sum()
}
