//! [`LadderConfig`]: how one ladder is run. Every field has the default (#19).

use crate::Millis;
use serde::{Deserialize, Serialize};

/// One day.
pub const DAY: Millis = Millis(86_400_000);

/// Where a new player is placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JoinAt {
    /// At the bottom.
    #[default]
    Bottom,
    /// Above the first rung with a lower rating (ties go below the players already there).
    Rating,
}

/// How far up a player may challenge: the highest (best) of the places these reach; a rule set
/// to 0 reaches nothing by itself. See [`crate::ladder::reach`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Reach {
    /// Places above one's own (default 10).
    pub places: u32,
    /// Per cent of the players above one (default 40), rounded down.
    pub percent: u32,
    /// Places above the place one's rating would give (default 5).
    pub rating_places: u32,
}

impl Default for Reach {
    fn default() -> Self {
        Reach {
            places: 10,
            percent: 40,
            rating_places: 5,
        }
    }
}

/// What happens to a player without a game for too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Inactivity {
    /// Drop this many places (again after each further period).
    Drop(u32),
    /// Leave the ladder.
    Remove,
}

/// How one ladder is run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LadderConfig {
    /// Where a new player is placed.
    pub join: JoinAt,
    /// How far up one may challenge.
    pub reach: Reach,
    /// Most open challenges against one defender (default 3).
    pub max_open_per_defender: u32,
    /// Most open challenges one player may have issued (default 3).
    pub max_open_per_challenger: u32,
    /// The same two players may not meet again within this long after their last challenge
    /// ended (default 7 days).
    pub cooldown: Millis,
    /// A challenge must be played within this long (default 3 days): the game's first moves are
    /// due by then, else the side that did not move forfeits.
    pub play_within: Millis,
    /// This many time-outs (no-shows and losses on time) within `timeout_window` remove a
    /// player (default 3; 0: never).
    pub max_timeouts: u32,
    /// The window over which time-outs count (default 30 days).
    pub timeout_window: Millis,
    /// A player with no challenge open or ended for this long is inactive (default 14 days;
    /// zero: never).
    pub inactive_after: Millis,
    /// What inactivity does (default: drop 3 places).
    pub inactivity: Inactivity,
    /// Most players (default 1000).
    pub max_players: u32,
}

impl Default for LadderConfig {
    fn default() -> Self {
        LadderConfig {
            join: JoinAt::Bottom,
            reach: Reach::default(),
            max_open_per_defender: 3,
            max_open_per_challenger: 3,
            cooldown: Millis(7 * DAY.0),
            play_within: Millis(3 * DAY.0),
            max_timeouts: 3,
            timeout_window: Millis(30 * DAY.0),
            inactive_after: Millis(14 * DAY.0),
            inactivity: Inactivity::Drop(3),
            max_players: 1_000,
        }
    }
}

impl LadderConfig {
    /// Checks the settings.
    ///
    /// # Errors
    /// Why they are unusable, in words.
    pub fn check(&self) -> Result<(), String> {
        if self.max_open_per_defender == 0 || self.max_open_per_challenger == 0 {
            return Err(
                "max_open_per_defender and max_open_per_challenger must be at least 1".into(),
            );
        }
        if self.play_within.0 < 1_000 {
            return Err("play_within must be at least one second".into());
        }
        if !(2..=100_000).contains(&self.max_players) {
            return Err("max_players must be 2..=100000".into());
        }
        if self.reach.percent > 100 {
            return Err("reach.percent must be at most 100".into());
        }
        if self.reach.places == 0 && self.reach.percent == 0 && self.reach.rating_places == 0 {
            return Err(
                "the reach must allow at least one rule (places, percent, rating_places)".into(),
            );
        }
        Ok(())
    }
}
