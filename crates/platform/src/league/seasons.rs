//! Past seasons: `next-season` keeps the ended season's divisions and matches
//! ([`PastSeason`]) so that its standings and results stay browsable ([`League::season_view`],
//! [`League::find_match`]).

use super::schedule::MatchId;
use super::state::{League, LeagueMatch, PastSeason, Phase};

impl League {
    /// Keeps the current season among the past ones (at `next-season`).
    pub(super) fn keep_season(&mut self) {
        self.past.push(PastSeason {
            season: self.season,
            divisions: self.divisions.clone(),
            matches: std::mem::take(&mut self.matches),
        });
    }

    /// The league as it stood in season `season`: the current one, or an ended one (its
    /// divisions and matches, phase ended); `None`: no such season.
    #[must_use]
    pub fn season_view(&self, season: u32) -> Option<League> {
        if season == self.season {
            return Some(self.clone());
        }
        let past = self.past.iter().find(|p| p.season == season)?;
        let mut l = self.clone();
        l.season = past.season;
        l.phase = Phase::Ended;
        l.divisions.clone_from(&past.divisions);
        l.matches.clone_from(&past.matches);
        Some(l)
    }

    /// Match `m` of any season (match numbers are never reused), with its season.
    #[must_use]
    pub fn find_match(&self, m: MatchId) -> Option<(u32, &LeagueMatch)> {
        if let Some(x) = self.get(m) {
            return Some((self.season, x));
        }
        self.past
            .iter()
            .find_map(|p| p.matches.iter().find(|x| x.id == m).map(|x| (p.season, x)))
    }
}
