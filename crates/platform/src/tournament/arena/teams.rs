//! Team battles (lichess's rule): players enter an arena with a team, and a team's score is the
//! sum of its `top` best players' scores. Team standings are a pure function of the players'
//! scores: by team score, then team id; teams equal on score share a rank.

use super::model::{Arena, TeamEntry};
use crate::ids::{TeamId, UserId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One team's line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRow {
    /// Rank from 1; teams equal on score share it.
    pub rank: u32,
    /// The team.
    pub team: TeamId,
    /// Its name.
    pub name: String,
    /// The sum of its top scorers' scores.
    pub score: u32,
    /// Its top scorers (those counted), best first: `(player, score)`.
    pub top: Vec<(UserId, u32)>,
    /// How many of its players entered.
    pub players: u32,
}

/// Team standings of `players` — `(player, team, score)` — counting each team's `top` best
/// scores (ties between players of a team broken by user id: it does not change the sum).
#[must_use]
pub fn team_standings(players: &[(UserId, &TeamEntry, u32)], top: usize) -> Vec<TeamRow> {
    let mut by_team: BTreeMap<TeamId, (String, Vec<(UserId, u32)>)> = BTreeMap::new();
    for &(user, team, score) in players {
        by_team
            .entry(team.id)
            .or_insert_with(|| (team.name.clone(), Vec::new()))
            .1
            .push((user, score));
    }
    let mut rows: Vec<TeamRow> = by_team
        .into_iter()
        .map(|(team, (name, mut members))| {
            members.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let players = members.len() as u32;
            members.truncate(top);
            TeamRow {
                rank: 0,
                team,
                name,
                score: members.iter().map(|m| m.1).sum(),
                top: members,
                players,
            }
        })
        .collect();
    rows.sort_by(|a, b| b.score.cmp(&a.score).then(a.team.cmp(&b.team)));
    for i in 0..rows.len() {
        rows[i].rank = match i.checked_sub(1).map(|j| &rows[j]) {
            Some(prev) if prev.score == rows[i].score => prev.rank,
            _ => i as u32 + 1,
        };
    }
    rows
}

impl Arena {
    /// Whether this is a team battle (players enter with a team).
    #[must_use]
    pub fn is_team_battle(&self) -> bool {
        self.config.team_top > 0
    }

    /// The team standings (empty unless a team battle).
    #[must_use]
    pub fn team_standings(&self) -> Vec<TeamRow> {
        if !self.is_team_battle() {
            return Vec::new();
        }
        let players: Vec<_> = self
            .players
            .iter()
            .filter_map(|(&u, p)| p.team.as_ref().map(|t| (u, t, p.score())))
            .collect();
        team_standings(&players, self.config.team_top as usize)
    }
}
