//! [`TableSettings`]: the sections of the configuration that tables, the seek desk, the
//! computer's tables and the analysis queue read, handed over by the edge's `Config` (which
//! validates them) once at start-up. [`EconomyConfig`] is the `[economy]` section.

use crate::analysis::AnalysisConfig;
use crate::behaviour::BehaviourConfig;
use crate::room_config::RoomConfig;
use crate::seek::SeekConfig;
use platform::clock::TimeControl;
use platform::ledger::Coins;
use platform::rating::Profile;
use platform::reward::RewardPolicy;
use platform::table::{ChatLimits, TableConfig};
use platform::Millis;
use serde::Deserialize;

/// What the tables read of the configuration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableSettings {
    /// A player's time to come back before the seat is given up (s).
    pub reconnect_grace_secs: u64,
    /// Time to make the first move (s; 0: no deadline).
    pub first_move_deadline_secs: u64,
    /// Undos allowed per player and game (0: none).
    pub max_undos: u32,
    /// Longest chat line (characters).
    pub chat_max_chars: usize,
    /// Chat lines allowed in a burst.
    pub chat_burst: usize,
    /// The window of a chat burst (s).
    pub chat_window_secs: u64,
    /// An idle room table goes dormant after this long (ms).
    pub idle_table_ms: u64,
    /// Games against the computer one user may play at once.
    pub ai_games_per_user: usize,
    /// `[economy]`.
    pub economy: EconomyConfig,
    /// `[seeks]`.
    pub seeks: SeekConfig,
    /// `[behaviour]`.
    pub behaviour: BehaviourConfig,
    /// `[analysis]`.
    pub analysis: AnalysisConfig,
    /// `[[rooms]]`.
    pub rooms: Vec<RoomConfig>,
    /// The computer's opening book (`[book]`).
    pub book: crate::ai::book::BookConfig,
}

impl TableSettings {
    /// The table settings shared by all human tables.
    #[must_use]
    pub fn table_config(&self, control: TimeControl) -> TableConfig {
        TableConfig {
            time_control: control,
            reconnect_grace: Millis::from_secs(self.reconnect_grace_secs),
            first_move_deadline: (self.first_move_deadline_secs > 0)
                .then(|| Millis::from_secs(self.first_move_deadline_secs)),
            undo_allowed: self.max_undos > 0,
            max_undos: self.max_undos,
            chat: ChatLimits {
                max_chars: self.chat_max_chars,
                burst: self.chat_burst,
                window: Millis::from_secs(self.chat_window_secs),
            },
            ..TableConfig::default()
        }
    }
}

/// Coins: grants, rewards, wagers and betting (`[economy]`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct EconomyConfig {
    /// Coins a registered user (not a guest) receives on registration.
    pub starting_grant: i64,
    /// Coins from the mint to the winner of a rated game; `None`: the rating profile's default
    /// (10 for `lotto`, else 0).
    pub winner_reward: Option<i64>,
    /// Spectators may bet while fewer plies than this have been played.
    pub bet_close_ply: u32,
    /// Tax on wager and pool winnings, in permille (50 = 5 %).
    pub tax_rate_permille: u32,
}

impl Default for EconomyConfig {
    fn default() -> Self {
        EconomyConfig {
            starting_grant: 200,
            winner_reward: None,
            bet_close_ply: 20,
            tax_rate_permille: 50,
        }
    }
}

impl EconomyConfig {
    /// What is wrong with the section, in words (`None`: nothing).
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        if self.starting_grant < 0 || self.winner_reward.is_some_and(|r| r < 0) {
            return Some("economy: grants and rewards cannot be negative".into());
        }
        let max = platform::ledger::MAX_COINS.get();
        if self.starting_grant > max || self.winner_reward.is_some_and(|r| r > max) {
            return Some(format!(
                "economy: grants and rewards are at most {max} coins"
            ));
        }
        if self.tax_rate_permille > 1_000 {
            return Some("economy: tax_rate_permille must be 0..=1000".into());
        }
        None
    }

    /// The winner's reward under `profile`: the configured amount, else the profile's default;
    /// `None` when it is zero.
    #[must_use]
    pub fn reward_policy(&self, profile: &Profile) -> Option<RewardPolicy> {
        let policy = RewardPolicy::for_profile(profile).unwrap_or(RewardPolicy {
            amount: Coins::ZERO,
            ..RewardPolicy::LOTTO
        });
        let amount = self.winner_reward.map_or(policy.amount, Coins);
        amount
            .is_positive()
            .then_some(RewardPolicy { amount, ..policy })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_reward_follows_the_profile_unless_configured() {
        let e = EconomyConfig::default();
        assert_eq!(e.reward_policy(&Profile::Lotto), Some(RewardPolicy::LOTTO));
        assert_eq!(e.reward_policy(&Profile::Ourgame), None);
        let e = EconomyConfig {
            winner_reward: Some(25),
            ..EconomyConfig::default()
        };
        assert_eq!(
            e.reward_policy(&Profile::Ourgame).map(|p| p.amount),
            Some(Coins(25))
        );
        let e = EconomyConfig {
            winner_reward: Some(0),
            ..EconomyConfig::default()
        };
        assert_eq!(e.reward_policy(&Profile::Lotto), None);
    }
}
