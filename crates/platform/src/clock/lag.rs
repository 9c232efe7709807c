//! Lag compensation with a per-player budget, as lichess does it.
//!
//! The client measures its network lag and reports it with each move. The clock credits that lag
//! back, but only up to the player's quota; every move refills the quota by `gain`, up to `max`.
//! An honest player on a slow line gets most of the lag back; a player who claims huge lag only
//! drains the quota.

use super::control::TimeControl;
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

/// Quota refill per move for long games (lichess: 1 s for games of 3 minutes or more).
pub const LAG_GAIN_MAX: Millis = Millis(1_000);
/// Quota refill per move for the fastest games.
pub const LAG_GAIN_MIN: Millis = Millis(200);
/// The quota starts at this many refills.
pub const LAG_QUOTA_START_MOVES: u64 = 3;
/// The quota holds at most this many refills.
pub const LAG_QUOTA_MAX_MOVES: u64 = 7;
/// The most lag the flag check forgives between moves (the quota, capped by this).
pub const FLAG_GRACE_MAX: Millis = Millis(2_000);

/// One player's lag-compensation budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LagBudget {
    /// Lag that can still be credited.
    pub quota: Millis,
    /// Refill per move.
    pub gain: Millis,
    /// Largest quota.
    pub max: Millis,
}

impl LagBudget {
    /// A budget sized for `control`: shorter games get a smaller refill; untimed games none.
    #[must_use]
    pub fn for_control(control: &TimeControl) -> LagBudget {
        let gain = match control.estimated_total() {
            None => Millis::ZERO,
            Some(total) => {
                // 1 s per move from 3 minutes on, scaling down to 200 ms for 15 s games.
                let secs = total.as_secs();
                Millis((secs.saturating_mul(1_000) / 180).clamp(LAG_GAIN_MIN.0, LAG_GAIN_MAX.0))
            }
        };
        LagBudget {
            quota: gain.saturating_mul(LAG_QUOTA_START_MOVES),
            gain,
            max: gain.saturating_mul(LAG_QUOTA_MAX_MOVES),
        }
    }

    /// How much of `reported` lag would be credited on a move that took `elapsed`.
    #[must_use]
    pub fn credit(&self, reported: Millis, elapsed: Millis) -> Millis {
        reported.min(self.quota).min(elapsed)
    }

    /// Records a move on which `credited` was given back: spends it and refills by `gain`.
    pub fn spend(&mut self, credited: Millis) {
        self.quota = (self.quota.saturating_sub(credited) + self.gain).min(self.max);
    }

    /// How much lag the flag check forgives before a move arrives.
    #[must_use]
    pub fn flag_grace(&self) -> Millis {
        self.quota.min(FLAG_GRACE_MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quota_is_spent_and_refilled_up_to_max() {
        let mut b = LagBudget::for_control(&TimeControl::blitz());
        assert_eq!(b.gain, LAG_GAIN_MAX);
        assert_eq!(b.quota, Millis(3_000));
        assert_eq!(b.credit(Millis(5_000), Millis(10_000)), Millis(3_000));
        assert_eq!(b.credit(Millis(5_000), Millis(800)), Millis(800));
        b.spend(Millis(3_000));
        assert_eq!(b.quota, Millis(1_000));
        for _ in 0..20 {
            b.spend(Millis::ZERO);
        }
        assert_eq!(b.quota, b.max);
        assert_eq!(b.flag_grace(), FLAG_GRACE_MAX);
    }

    #[test]
    fn untimed_games_credit_nothing() {
        let b = LagBudget::for_control(&TimeControl::untimed());
        assert_eq!(b.credit(Millis(500), Millis(900)), Millis::ZERO);
    }
}
