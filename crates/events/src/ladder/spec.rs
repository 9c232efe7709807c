//! [`LadderSpec`]: one `[[ladders]]` entry of the configuration — the ladder's id and name, the
//! room whose tables host its games, the games' time control and the rules (durations in
//! seconds). Every field but `id` and `name` has the default.

use platform::clock::TimeControl;
use platform::ladder::{Inactivity, JoinAt, LadderConfig, Reach};
use platform::rating::RatingScope;
use platform::Millis;
use serde::{Deserialize, Serialize};

/// Highest ladder id (table ids hold it in three digits).
pub const MAX_LADDER_ID: u32 = 999;

/// One configured ladder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LadderSpec {
    /// Its id, 1..=999 (`/api/ladders/{id}`; never reuse one for another ladder).
    pub id: u32,
    /// Its name as shown.
    pub name: String,
    /// The room its games are played in (listed in the lobby there if it is a configured room).
    pub room: String,
    /// The games' time control, by preset name (`rapid`, `blitz`, `ourgame`, `qq`).
    pub time_control: String,
    /// Where newcomers go: `bottom` or `rating`.
    pub join: JoinAt,
    /// Reach: places above one's own.
    pub reach_places: u32,
    /// Reach: per cent of the players above.
    pub reach_percent: u32,
    /// Reach: places above the place one's rating would give.
    pub reach_rating_places: u32,
    /// Most open challenges against one defender.
    pub max_open_per_defender: u32,
    /// Most open challenges one player may have issued.
    pub max_open_per_challenger: u32,
    /// The same pair not again within this long (seconds).
    pub cooldown_secs: u64,
    /// Each side's first move is due this long after the challenge (seconds); a side that has
    /// not moved by then forfeits.
    pub play_within_secs: u64,
    /// Tell both players this long before the deadline (seconds).
    pub remind_before_secs: u64,
    /// Time-outs (no-shows, losses on time) within `timeout_window_secs` that remove a player
    /// (0: never).
    pub max_timeouts: u32,
    /// The window over which time-outs count (seconds).
    pub timeout_window_secs: u64,
    /// No challenge for this long makes a player inactive (seconds; 0: never).
    pub inactive_secs: u64,
    /// Places an inactive player drops (0: they leave the ladder instead).
    pub inactive_drop: u32,
    /// Most players.
    pub max_players: u32,
    /// The rating its games change and its places follow: `"site"` (the default), or a pool
    /// of its own, `{ pool = "ladder-1", profile = "glicko2" }` (docs/economy.md).
    pub rating: RatingScope,
}

impl Default for LadderSpec {
    fn default() -> Self {
        let c = LadderConfig::default();
        LadderSpec {
            id: 0,
            name: String::new(),
            room: "ladder".into(),
            time_control: "rapid".into(),
            join: c.join,
            reach_places: c.reach.places,
            reach_percent: c.reach.percent,
            reach_rating_places: c.reach.rating_places,
            max_open_per_defender: c.max_open_per_defender,
            max_open_per_challenger: c.max_open_per_challenger,
            cooldown_secs: c.cooldown.as_secs(),
            play_within_secs: c.play_within.as_secs(),
            remind_before_secs: 12 * 3_600,
            max_timeouts: c.max_timeouts,
            timeout_window_secs: c.timeout_window.as_secs(),
            inactive_secs: c.inactive_after.as_secs(),
            inactive_drop: 3,
            max_players: c.max_players,
            rating: RatingScope::Site,
        }
    }
}

impl LadderSpec {
    /// The pure core's settings.
    #[must_use]
    pub fn config(&self) -> LadderConfig {
        LadderConfig {
            join: self.join,
            reach: Reach {
                places: self.reach_places,
                percent: self.reach_percent,
                rating_places: self.reach_rating_places,
            },
            max_open_per_defender: self.max_open_per_defender,
            max_open_per_challenger: self.max_open_per_challenger,
            cooldown: Millis::from_secs(self.cooldown_secs),
            play_within: Millis::from_secs(self.play_within_secs),
            max_timeouts: self.max_timeouts,
            timeout_window: Millis::from_secs(self.timeout_window_secs),
            inactive_after: Millis::from_secs(self.inactive_secs),
            inactivity: match self.inactive_drop {
                0 => Inactivity::Remove,
                n => Inactivity::Drop(n),
            },
            max_players: self.max_players,
        }
    }

    /// Checks the entry; returns the games' time control.
    ///
    /// # Errors
    /// Why it is unusable, in words.
    pub fn check(&self) -> Result<TimeControl, String> {
        if !(1..=MAX_LADDER_ID).contains(&self.id) {
            return Err(format!("ladder id must be 1..={MAX_LADDER_ID}"));
        }
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > 80 || name.chars().any(char::is_control) {
            return Err(format!(
                "ladder {}: the name must be 1..=80 printable characters",
                self.id
            ));
        }
        if self.room.is_empty() || self.room.len() > 40 {
            return Err(format!(
                "ladder {}: room must be 1..=40 characters",
                self.id
            ));
        }
        if self.play_within_secs > 90 * 86_400 {
            return Err(format!(
                "ladder {}: play_within_secs must be at most 90 days",
                self.id
            ));
        }
        self.config()
            .check()
            .map_err(|e| format!("ladder {}: {e}", self.id))?;
        TimeControl::preset(&self.time_control)
            .filter(|c| c.validate().is_ok())
            .ok_or_else(|| {
                format!(
                    "ladder {}: unknown time control {:?}",
                    self.id, self.time_control
                )
            })
    }
}

/// Checks every configured ladder (and that ids are distinct, and that ladders sharing a
/// rating pool rate it with one profile).
///
/// # Errors
/// The first problem, in words.
pub fn check_all(specs: &[LadderSpec]) -> Result<(), String> {
    let mut ids = std::collections::BTreeSet::new();
    let mut pools = std::collections::BTreeMap::new();
    for s in specs {
        s.check()?;
        if !ids.insert(s.id) {
            return Err(format!("ladder id {} is used twice", s.id));
        }
        if let Some(pool) = s.rating.pool() {
            let profile = pools
                .entry(pool.name.clone())
                .or_insert(pool.profile.name());
            if *profile != pool.profile.name() {
                return Err(format!(
                    "ladder {}: rating pool {:?} is rated with {profile} by another ladder",
                    s.id,
                    pool.name.as_str()
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> LadderSpec {
        LadderSpec {
            id: 1,
            name: "梯级挑战赛".into(),
            ..LadderSpec::default()
        }
    }

    #[test]
    fn the_defaults_are_the_cores() {
        assert_eq!(spec().config(), LadderConfig::default());
        assert!(spec().check().is_ok());
    }

    #[test]
    fn bad_entries_are_refused_with_a_reason() {
        let bad = |f: fn(&mut LadderSpec)| {
            let mut s = spec();
            f(&mut s);
            s.check().unwrap_err()
        };
        assert!(bad(|s| s.id = 0).contains("id"));
        assert!(bad(|s| s.name = " ".into()).contains("name"));
        assert!(bad(|s| s.time_control = "slow".into()).contains("time control"));
        assert!(bad(|s| s.play_within_secs = 0).contains("play_within"));
        assert!(check_all(&[spec(), spec()]).unwrap_err().contains("twice"));
    }

    #[test]
    fn a_ladder_names_its_own_pool_and_pools_keep_one_profile() {
        let pooled = |id: u32, profile: &str| -> Result<LadderSpec, toml::de::Error> {
            toml::from_str(&format!(
                "id = {id}\nname = \"L\"\nrating = {{ pool = \"ladder-1\", profile = \"{profile}\" }}"
            ))
        };
        let a = pooled(1, "glicko2").expect("a pool");
        assert_eq!(a.rating.pool().map(|p| p.profile.name()), Some("glicko2"));
        assert!(check_all(&[a.clone(), pooled(2, "glicko2").expect("same")]).is_ok());
        let clash = check_all(&[a, pooled(2, "qq").expect("qq")]).unwrap_err();
        assert!(clash.contains("rated with glicko2"), "{clash}");
        let unknown = pooled(3, "fide").unwrap_err().to_string();
        assert!(unknown.contains("unknown rating profile"), "{unknown}");
        let bad: Result<LadderSpec, _> = toml::from_str(
            "id = 1\nname = \"L\"\nrating = { pool = \"Big Pool\", profile = \"qq\" }",
        );
        assert!(bad
            .unwrap_err()
            .to_string()
            .contains("bad rating pool name"));
        let site: LadderSpec =
            toml::from_str("id = 1\nname = \"L\"\nrating = \"site\"").expect("site");
        assert_eq!(site.rating, RatingScope::Site);
    }
}
