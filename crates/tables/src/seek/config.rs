//! `[seeks]`: quick pairing's rating window and the seek desk's limits (`SeekRules` in
//! seconds and milliseconds, as the configuration file writes them).

use platform::seek::SeekRules;
use platform::Millis;
use serde::Deserialize;

/// The `[seeks]` section; every key optional.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct SeekConfig {
    /// The rating window on either side at first (points).
    pub window_start: u32,
    /// Points added to the window every `widen_every_ms`.
    pub window_step: u32,
    /// How often the window widens (ms).
    pub widen_every_ms: u64,
    /// The widest window (points on either side).
    pub window_max: u32,
    /// After this long a quick seek pairs with any rating (s).
    pub open_after_secs: u64,
    /// Quick and open seeks are dropped after this long (s).
    pub seek_ttl_secs: u64,
    /// Challenges (to a player or by link) are dropped after this long (s).
    pub challenge_ttl_secs: u64,
    /// Seeks one user may have waiting at once.
    pub per_user: usize,
    /// Seeks waiting in all (bounded memory).
    pub capacity: usize,
    /// How often the desk sweeps (pairs widened windows, drops expired seeks) and publishes
    /// the rooms' seek lists that changed (ms).
    pub sweep_ms: u64,
}

impl Default for SeekConfig {
    fn default() -> Self {
        let r = SeekRules::default();
        SeekConfig {
            window_start: r.window_start,
            window_step: r.window_step,
            widen_every_ms: r.widen_every.0,
            window_max: r.window_max,
            open_after_secs: r.open_after.0 / 1_000,
            seek_ttl_secs: r.seek_ttl.0 / 1_000,
            challenge_ttl_secs: r.challenge_ttl.0 / 1_000,
            per_user: r.per_user,
            capacity: r.capacity,
            sweep_ms: 500,
        }
    }
}

impl SeekConfig {
    /// The book's rules.
    #[must_use]
    pub fn rules(&self) -> SeekRules {
        SeekRules {
            window_start: self.window_start,
            window_step: self.window_step,
            widen_every: Millis(self.widen_every_ms.max(1)),
            window_max: self.window_max,
            open_after: Millis::from_secs(self.open_after_secs),
            seek_ttl: Millis::from_secs(self.seek_ttl_secs),
            challenge_ttl: Millis::from_secs(self.challenge_ttl_secs),
            per_user: self.per_user,
            capacity: self.capacity,
        }
    }

    /// What is wrong with these values, if anything.
    #[must_use]
    pub fn problem(&self) -> Option<&'static str> {
        if self.sweep_ms == 0 || self.widen_every_ms == 0 {
            return Some("seeks: sweep_ms and widen_every_ms must be at least 1");
        }
        if self.per_user == 0 || self.capacity == 0 || self.capacity > 1_000_000 {
            return Some("seeks: per_user must be at least 1, capacity 1..=1000000");
        }
        None
    }
}
