//! The ladder as served (`GET /api/ladders/{id}`): its rules, the rungs (with each player's
//! top of reach, so a client can show whom its user may challenge), the open challenges with
//! their tables and deadlines, and the history, newest first.

use super::spec::LadderSpec;
use super::table_ids::table_of;
use platform::ladder::{Challenge, Ladder, Outcome};
use platform::rating::RatingScope;
use platform::{Millis, TableId, UserId};
use serde::Serialize;
use std::collections::BTreeMap;

/// Most history entries served.
pub const HISTORY_SERVED: usize = 100;

/// One ladder in the list (`GET /api/ladders`).
#[derive(Clone, Debug, Serialize)]
pub struct LadderSummary {
    /// Its id.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// The games' time control (preset name).
    pub time_control: String,
    /// Players on it.
    pub players: usize,
    /// Open challenges.
    pub open: usize,
    /// The rating its games change and its places follow: `"site"` or `{pool, profile}`.
    pub rating: RatingScope,
}

/// One rung.
#[derive(Clone, Debug, Serialize)]
pub struct RungView {
    /// The place (1 = top).
    pub place: u32,
    /// The player.
    pub user: UserId,
    /// Their name.
    pub name: String,
    /// Their last known rating (in the ladder's pool, if it has one).
    pub rating: u32,
    /// The highest place they may challenge (`null`: nobody, at place 1).
    pub top: Option<u32>,
    /// Their time-outs within the window.
    pub timeouts: usize,
}

/// An open challenge.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeView {
    /// Its number.
    pub id: u64,
    /// Who challenged (Red).
    pub challenger: UserId,
    /// Their name.
    pub challenger_name: String,
    /// Who was challenged (Black).
    pub defender: UserId,
    /// Their name.
    pub defender_name: String,
    /// When (ms since the epoch).
    pub at: u64,
    /// First moves due by (ms since the epoch).
    pub deadline: u64,
    /// The table of its game.
    pub table: TableId,
    /// The places when it was issued: `[challenger, defender]`.
    pub places: (u32, u32),
}

/// An ended challenge.
#[derive(Clone, Debug, Serialize)]
pub struct HistoryView {
    /// The challenge as it was.
    #[serde(flatten)]
    pub challenge: ChallengeView,
    /// How it ended (`Outcome`, tagged by `t`).
    pub outcome: Outcome,
    /// When (ms since the epoch).
    pub ended_at: u64,
    /// The places after it: `[challenger, defender]` (`null`: off the ladder).
    pub places_after: (Option<u32>, Option<u32>),
}

/// A ladder as it stands.
#[derive(Clone, Debug, Serialize)]
pub struct LadderView {
    /// Its id.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// Its rules (the `[[ladders]]` entry).
    pub rules: LadderSpec,
    /// The server's clock (ms), for the deadlines' countdowns.
    pub now: u64,
    /// The rungs, place 1 first.
    pub rungs: Vec<RungView>,
    /// Open challenges, oldest first.
    pub open: Vec<ChallengeView>,
    /// Ended challenges, newest first (at most 100).
    pub history: Vec<HistoryView>,
}

/// The view of `ladder`, run by `spec`, names from `names`.
#[must_use]
pub fn view(
    spec: &LadderSpec,
    ladder: &Ladder,
    names: &BTreeMap<UserId, String>,
    now: Millis,
) -> LadderView {
    let name = |u: UserId| {
        names
            .get(&u)
            .cloned()
            .unwrap_or_else(|| format!("#{}", u.0))
    };
    let challenge = |c: &Challenge| ChallengeView {
        id: c.id.0,
        challenger: c.challenger,
        challenger_name: name(c.challenger),
        defender: c.defender,
        defender_name: name(c.defender),
        at: c.at.0,
        deadline: c.deadline.0,
        table: table_of(spec.id, c.id),
        places: c.places,
    };
    let window = ladder.config.timeout_window;
    LadderView {
        id: spec.id,
        name: spec.name.clone(),
        rules: spec.clone(),
        now: now.0,
        rungs: ladder
            .rungs
            .iter()
            .enumerate()
            .map(|(i, r)| RungView {
                place: i as u32 + 1,
                user: r.user,
                name: name(r.user),
                rating: r.rating,
                top: ladder.top_of_reach(r.user),
                timeouts: r.timeouts.iter().filter(|t| **t + window > now).count(),
            })
            .collect(),
        open: ladder.open.iter().map(challenge).collect(),
        history: ladder
            .history
            .iter()
            .rev()
            .take(HISTORY_SERVED)
            .map(|h| HistoryView {
                challenge: challenge(&h.challenge),
                outcome: h.outcome,
                ended_at: h.ended_at.0,
                places_after: h.places_after,
            })
            .collect(),
    }
}

impl LadderView {
    /// The summary of this ladder.
    #[must_use]
    pub fn summary(&self) -> LadderSummary {
        LadderSummary {
            id: self.id,
            name: self.name.clone(),
            time_control: self.rules.time_control.clone(),
            players: self.rungs.len(),
            open: self.open.len(),
            rating: self.rules.rating.clone(),
        }
    }
}
