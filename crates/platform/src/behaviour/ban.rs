//! The escalating-ban policy: leaving or no-showing [`BanPolicy::threshold`] times within
//! [`BanPolicy::window`] (counting only incidents after the last automatic ban) bans the player
//! from sitting down, seeking and joining events. The first ban lasts [`BanPolicy::first`]; each
//! automatic ban within [`BanPolicy::memory`] before it doubles the next, up to
//! [`BanPolicy::cap`].

use super::outcome::Conduct;
use crate::ids::Millis;
use serde::Serialize;
use std::fmt;

/// The policy's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BanPolicy {
    /// Incidents within this span of each other count together.
    pub window: Millis,
    /// Incidents within the window that give a ban (0: never ban).
    pub threshold: u32,
    /// The first ban's length.
    pub first: Millis,
    /// The longest ban.
    pub cap: Millis,
    /// How long an automatic ban counts towards doubling the next.
    pub memory: Millis,
}

impl Default for BanPolicy {
    /// Two within 24 h; 5 minutes first, doubling, at most 24 h; bans remembered 30 days.
    fn default() -> BanPolicy {
        BanPolicy {
            window: Millis::from_secs(24 * 3_600),
            threshold: 2,
            first: Millis::from_secs(5 * 60),
            cap: Millis::from_secs(24 * 3_600),
            memory: Millis::from_secs(30 * 86_400),
        }
    }
}

/// A leave or no-show, when it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Incident {
    /// When.
    pub at: Millis,
    /// What (only [`Conduct::is_bannable`] ones count).
    pub conduct: Conduct,
}

/// Why a ban was given: the incidents counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BanReason {
    /// Games left.
    pub left: u32,
    /// First moves not made.
    pub no_shows: u32,
    /// The window they fell in, in hours.
    pub window_hours: u64,
}

impl fmt::Display for BanReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.window_hours;
        match (self.left, self.no_shows) {
            (l, 0) => write!(f, "left {l} games within {h} h"),
            (0, n) => write!(f, "missed {n} first moves within {h} h"),
            (l, n) => write!(f, "left {l} games and missed {n} first moves within {h} h"),
        }
    }
}

/// An automatic ban.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ban {
    /// Its start.
    pub from: Millis,
    /// Its end.
    pub until: Millis,
    /// Why.
    pub reason: BanReason,
}

impl BanPolicy {
    /// The length of a ban that follows `strikes` automatic bans remembered: `first · 2^strikes`,
    /// at most `cap`.
    #[must_use]
    pub fn length(&self, strikes: u32) -> Millis {
        let factor = 1u64.checked_shl(strikes.min(63)).unwrap_or(u64::MAX);
        Millis(self.first.0.saturating_mul(factor).min(self.cap.0))
    }

    /// The ban due at `now`, if any, given the player's `incidents` and the starts of their
    /// earlier automatic bans (`past`, any order).
    #[must_use]
    pub fn decide(&self, incidents: &[Incident], past: &[Millis], now: Millis) -> Option<Ban> {
        if self.threshold == 0 {
            return None;
        }
        let last_ban = past.iter().copied().filter(|b| *b <= now).max();
        let since = Millis(now.0.saturating_sub(self.window.0));
        let counted: Vec<&Incident> = incidents
            .iter()
            .filter(|i| i.conduct.is_bannable() && i.at <= now && i.at > since)
            .filter(|i| last_ban.is_none_or(|b| i.at > b))
            .collect();
        if counted.len() < self.threshold as usize {
            return None;
        }
        let remembered = Millis(now.0.saturating_sub(self.memory.0));
        let strikes = past
            .iter()
            .filter(|b| **b <= now && **b > remembered)
            .count();
        let left = counted
            .iter()
            .filter(|i| i.conduct == Conduct::Left)
            .count();
        let reason = BanReason {
            left: u32::try_from(left).unwrap_or(u32::MAX),
            no_shows: u32::try_from(counted.len() - left).unwrap_or(u32::MAX),
            window_hours: self.window.0 / 3_600_000,
        };
        let length = self.length(u32::try_from(strikes).unwrap_or(u32::MAX));
        Some(Ban {
            from: now,
            until: now + length,
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const MIN: u64 = 60_000;

    fn left(at_min: u64) -> Incident {
        Incident {
            at: Millis(at_min * MIN),
            conduct: Conduct::Left,
        }
    }

    /// Plays a history: each incident is recorded, then the policy is asked; returns the bans.
    fn simulate(p: &BanPolicy, incidents: &[Incident]) -> Vec<Ban> {
        let mut seen = Vec::new();
        let mut bans: Vec<Ban> = Vec::new();
        for i in incidents {
            seen.push(*i);
            let past: Vec<Millis> = bans.iter().map(|b| b.from).collect();
            if let Some(b) = p.decide(&seen, &past, i.at) {
                bans.push(b);
            }
        }
        bans
    }

    #[test]
    fn the_second_leave_bans_for_five_minutes_then_doubling_to_the_cap() {
        let p = BanPolicy::default();
        assert_eq!(simulate(&p, &[left(1)]), vec![]);
        let bans = simulate(&p, &[left(1), left(20)]);
        assert_eq!(bans.len(), 1);
        assert_eq!(bans[0].until.0 - bans[0].from.0, 5 * MIN);
        assert_eq!(bans[0].reason.to_string(), "left 2 games within 24 h");
        // Pairs of leaves an hour apart: 5, 10, 20, 40 … minutes, then 24 h.
        let history: Vec<Incident> = (0..30).map(|k| left(60 * k + 1)).collect();
        let lengths: Vec<u64> = simulate(&p, &history)
            .iter()
            .map(|b| (b.until.0 - b.from.0) / MIN)
            .collect();
        assert_eq!(&lengths[..5], &[5, 10, 20, 40, 80]);
        assert_eq!(*lengths.last().unwrap(), 24 * 60);
    }

    #[test]
    fn incidents_far_apart_or_before_the_last_ban_do_not_count() {
        let p = BanPolicy::default();
        // A day and more apart: never two within the window.
        let sparse: Vec<Incident> = (0..5).map(|k| left(k * 25 * 60)).collect();
        assert!(simulate(&p, &sparse).is_empty());
        // After a ban, one more leave is not yet a second ban.
        let bans = simulate(&p, &[left(1), left(2), left(30)]);
        assert_eq!(bans.len(), 1);
        // No-shows count as leaves do, and say so.
        let ns = Incident {
            at: Millis(3 * MIN),
            conduct: Conduct::NoShow,
        };
        let b = p.decide(&[left(1), ns], &[], Millis(3 * MIN)).unwrap();
        assert_eq!(
            b.reason.to_string(),
            "left 1 games and missed 1 first moves within 24 h"
        );
        // Completed games and aborts never do.
        let fine = Incident {
            at: Millis(4 * MIN),
            conduct: Conduct::Aborted,
        };
        assert_eq!(p.decide(&[left(1), fine], &[], Millis(4 * MIN)), None);
    }

    #[test]
    fn old_bans_are_forgotten() {
        let p = BanPolicy::default();
        let long_ago = Millis(MIN);
        let now = Millis(MIN + 40 * 86_400_000);
        let b = p
            .decide(
                &[left(now.0 / MIN - 2), left(now.0 / MIN - 1)],
                &[long_ago],
                now,
            )
            .unwrap();
        assert_eq!(b.until.0 - b.from.0, 5 * MIN);
    }

    proptest! {
        #[test]
        fn bans_never_exceed_the_cap_and_never_shrink_within_memory(
            gaps in prop::collection::vec(0u64..600, 1..60),
        ) {
            let p = BanPolicy::default();
            let mut t = 0;
            let history: Vec<Incident> = gaps.iter().map(|g| { t += g + 1; left(t) }).collect();
            let bans = simulate(&p, &history);
            for pair in bans.windows(2) {
                prop_assert!(pair[1].from > pair[0].from);
                // Within 30 days nothing is forgotten: each ban is at least as long as the last.
                prop_assert!(pair[1].until.0 - pair[1].from.0 >= pair[0].until.0 - pair[0].from.0);
            }
            for b in &bans {
                prop_assert!(b.until.0 - b.from.0 <= p.cap.0);
                prop_assert!(b.until.0 - b.from.0 >= p.first.0);
                prop_assert!(b.reason.left >= p.threshold);
            }
            // Every ban needs `threshold` new incidents: never more bans than incidents / 2.
            prop_assert!(bans.len() <= history.len() / 2);
        }
    }
}
