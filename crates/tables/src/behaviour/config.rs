//! `[behaviour]`: the moderators and the escalating-ban policy's settings.

use platform::behaviour::BanPolicy;
use platform::Millis;
use serde::Deserialize;

/// `[behaviour]` of the configuration.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct BehaviourConfig {
    /// User names of the moderators (compared case-insensitively): they list reports and ban,
    /// mute and lift over HTTP.
    pub moderators: Vec<String>,
    /// Leaves and no-shows within `ban_window_secs` that give a ban (0: no automatic bans).
    pub ban_threshold: u32,
    /// The window they are counted in.
    pub ban_window_secs: u64,
    /// The first automatic ban's length.
    pub first_ban_secs: u64,
    /// The longest automatic ban.
    pub max_ban_secs: u64,
    /// How long an automatic ban counts towards doubling the next.
    pub ban_memory_days: u64,
}

impl Default for BehaviourConfig {
    fn default() -> BehaviourConfig {
        let p = BanPolicy::default();
        BehaviourConfig {
            moderators: Vec::new(),
            ban_threshold: p.threshold,
            ban_window_secs: p.window.0 / 1_000,
            first_ban_secs: p.first.0 / 1_000,
            max_ban_secs: p.cap.0 / 1_000,
            ban_memory_days: p.memory.0 / 86_400_000,
        }
    }
}

impl BehaviourConfig {
    /// The ban policy these settings give.
    #[must_use]
    pub fn policy(&self) -> BanPolicy {
        BanPolicy {
            window: Millis::from_secs(self.ban_window_secs),
            threshold: self.ban_threshold,
            first: Millis::from_secs(self.first_ban_secs),
            cap: Millis::from_secs(self.max_ban_secs.max(self.first_ban_secs)),
            memory: Millis::from_secs(self.ban_memory_days.saturating_mul(86_400)),
        }
    }

    /// Whether `name` is a moderator.
    #[must_use]
    pub fn is_moderator(&self, name: &str) -> bool {
        self.moderators.iter().any(|m| m.eq_ignore_ascii_case(name))
    }
}
