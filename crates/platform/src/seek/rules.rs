//! The seek book's settings: the rating window and how it widens, expiry, limits.

use crate::Millis;
use serde::{Deserialize, Serialize};

/// How quick pairing widens its rating window, and the book's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekRules {
    /// The rating window on either side at first (points).
    pub window_start: u32,
    /// Points added to the window after every `widen_every`.
    pub window_step: u32,
    /// How often the window widens.
    pub widen_every: Millis,
    /// The widest window; past it any rating is accepted once `open_after` has passed.
    pub window_max: u32,
    /// After this long a quick seek pairs with any rating.
    pub open_after: Millis,
    /// Quick and open seeks are dropped after this long.
    pub seek_ttl: Millis,
    /// Challenges (named or by link) are dropped after this long.
    pub challenge_ttl: Millis,
    /// Seeks one user may have waiting at once.
    pub per_user: usize,
    /// Seeks the whole book may hold (bounded memory).
    pub capacity: usize,
}

impl Default for SeekRules {
    /// ±100 at first, +50 every 5 s up to ±500, any rating after 60 s; seeks live 10 minutes,
    /// challenges 24 hours; 3 seeks a user, 100,000 in all.
    fn default() -> Self {
        SeekRules {
            window_start: 100,
            window_step: 50,
            widen_every: Millis::from_secs(5),
            window_max: 500,
            open_after: Millis::from_secs(60),
            seek_ttl: Millis::from_mins(10),
            challenge_ttl: Millis::from_mins(24 * 60),
            per_user: 3,
            capacity: 100_000,
        }
    }
}

impl SeekRules {
    /// The rating window (points on either side) of a seek made at `since`, at `now`;
    /// `None` means any rating.
    #[must_use]
    pub fn window(&self, since: Millis, now: Millis) -> Option<u32> {
        let waited = now.saturating_sub(since);
        if waited >= self.open_after {
            return None;
        }
        let steps = waited.0 / self.widen_every.0.max(1);
        let widened = u64::from(self.window_start)
            .saturating_add(steps.saturating_mul(u64::from(self.window_step)));
        Some(u32::try_from(widened.min(u64::from(self.window_max))).unwrap_or(self.window_max))
    }

    /// Whether `rating` is inside the window of a seek by a player rated `own`, made at `since`.
    #[must_use]
    pub fn accepts(&self, own: i32, since: Millis, rating: i32, now: Millis) -> bool {
        match self.window(since, now) {
            None => true,
            Some(w) => (i64::from(own) - i64::from(rating)).unsigned_abs() <= u64::from(w),
        }
    }
}
