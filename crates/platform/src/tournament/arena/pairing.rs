//! Arena pairing: a minimum-cost maximum matching of the waiting players by rank and rating
//! (lila's cost), no immediate rematch, never a fourth game in a row with one colour.

use super::model::{Arena, ArenaPlayer, Status};
use crate::ids::{Millis, UserId};
use crate::tournament::matching::max_weight_matching;
use xiangqi::Color;

/// The colour `p` must have next, if their last `max` games had one colour.
fn forced(p: &ArenaPlayer, max: usize) -> Option<Color> {
    let n = p.colors.len();
    if max == 0 || n < max {
        return None;
    }
    let last = &p.colors[n - max..];
    last.iter().all(|&c| c == last[0]).then(|| !last[0])
}

/// Who of `a`, `b` gets Red: a forced colour first, then the weaker colour history, then the
/// one who had Black last, then the smaller id.
fn red_first(a: (UserId, &ArenaPlayer), b: (UserId, &ArenaPlayer), max: usize) -> bool {
    match (forced(a.1, max), forced(b.1, max)) {
        (Some(c), _) => return c == Color::Red,
        (None, Some(c)) => return c == Color::Black,
        _ => {}
    }
    let balance = |p: &ArenaPlayer| {
        p.colors
            .iter()
            .map(|&c| if c == Color::Red { 1 } else { -1 })
            .sum::<i64>()
    };
    let (ba, bb) = (balance(a.1), balance(b.1));
    if ba != bb {
        return ba < bb;
    }
    match (a.1.colors.last(), b.1.colors.last()) {
        (Some(Color::Black), Some(Color::Red)) => true,
        (Some(Color::Red), Some(Color::Black)) => false,
        _ => a.0 < b.0,
    }
}

impl Arena {
    /// Ranks (from 1) of all players by score, then performance, then id.
    #[must_use]
    pub fn ranks(&self) -> Vec<UserId> {
        let mut v: Vec<(&UserId, &ArenaPlayer)> = self.players.iter().collect();
        v.sort_by(|a, b| {
            (b.1.score(), b.1.performance())
                .cmp(&(a.1.score(), a.1.performance()))
                .then(a.0.cmp(b.0))
        });
        v.into_iter().map(|x| *x.0).collect()
    }

    /// Pairs the waiting players at `now`: `(red, black)` pairs.
    pub(super) fn pairings(&self, now: Millis) -> Vec<(UserId, UserId)> {
        let waiting: Vec<(UserId, &ArenaPlayer, Millis)> = self
            .players
            .iter()
            .filter_map(|(&u, p)| match p.status {
                Status::Waiting { since } => Some((u, p, since)),
                _ => None,
            })
            .collect();
        if waiting.len() < 2 {
            return Vec::new();
        }
        let ranks = self.ranks();
        let rank = |u: UserId| ranks.iter().position(|&r| r == u).unwrap_or(0) as i64 + 1;
        let max_rank = ranks.len().max(1) as i64;
        let max = self.config.max_same_color;
        let patient = |since: Millis| now.saturating_sub(since) >= self.config.rematch_after;
        let mut edges = Vec::new();
        for i in 0..waiting.len() {
            for j in i + 1..waiting.len() {
                let (ua, a, sa) = waiting[i];
                let (ub, b, sb) = waiting[j];
                let rematch = a.last_opponent == Some(ub) || b.last_opponent == Some(ua);
                if rematch && !(patient(sa) && patient(sb)) {
                    continue;
                }
                if let (Some(x), Some(y)) = (forced(a, max), forced(b, max)) {
                    if x == y {
                        continue;
                    }
                }
                let (ra, rb) = (rank(ua), rank(ub));
                let factor = 300 + 1700 * (max_rank - ra.min(rb)) / max_rank;
                let cost =
                    (ra - rb).abs() * factor + (i64::from(a.rating) - i64::from(b.rating)).abs();
                edges.push((i, j, (1i64 << 40) - cost));
            }
        }
        let mates = max_weight_matching(waiting.len(), &edges, true);
        let mut out = Vec::new();
        for (i, m) in mates.iter().enumerate() {
            let Some(j) = *m else { continue };
            if i < j {
                let (a, b) = ((waiting[i].0, waiting[i].1), (waiting[j].0, waiting[j].1));
                out.push(if red_first(a, b, max) {
                    (a.0, b.0)
                } else {
                    (b.0, a.0)
                });
            }
        }
        out
    }
}
