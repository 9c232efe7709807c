//! A season's schedule: each division a round robin of its teams by the FIDE Berger tables
//! ([`crate::tournament::robin::berger`]), the Berger "Red" team at home; in a double round
//! robin the second half repeats the first with home and away swapped. Colours by board: the
//! home team has Red on board 1 and the colours alternate by board, so the return match (home
//! and away swapped) swaps every board's colours.

use super::TeamId;
use crate::tournament::robin::berger::berger;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A match's number in its league (1, 2, …; never reused across seasons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchId(pub u32);

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The rounds of a round robin of `teams` (in seeding order): each round its matches as
/// `(home, away)`; a team missing from a round rests (odd field).
#[must_use]
pub fn rounds(teams: &[TeamId], double: bool) -> Vec<Vec<(TeamId, TeamId)>> {
    let n = u32::try_from(teams.len()).unwrap_or(u32::MAX);
    let team = |p: u32| teams[(p - 1) as usize];
    let first: Vec<Vec<(TeamId, TeamId)>> = berger(n)
        .into_iter()
        .map(|r| {
            r.into_iter()
                .filter_map(|(a, b)| b.map(|b| (team(a), team(b))))
                .collect()
        })
        .collect();
    let mut all = first.clone();
    if double {
        all.extend(
            first
                .into_iter()
                .map(|r| r.into_iter().map(|(h, a)| (a, h)).collect()),
        );
    }
    all
}

/// Whether the home team has Red on board `board` (0 = board 1): board 1 Red, alternating.
#[must_use]
pub const fn red_is_home(board: u8) -> bool {
    board.is_multiple_of(2)
}
