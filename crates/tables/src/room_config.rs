//! [`RoomConfig`]: one room of the lobby as the configuration gives it (`[[rooms]]`), with the
//! rules its tables' games are judged by.

use platform::clock::TimeControl;
use platform::table::{rule_set, RepetitionPolicy, SpectatorDelay};
use serde::Deserialize;
use xiangqi::rulings::RuleSet;

/// One room of the lobby.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RoomConfig {
    /// Stable id used in URLs and messages (`beginner`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Number of tables.
    pub tables: u32,
    /// Coins a player needs to sit at (or watch) this room's tables.
    #[serde(default)]
    pub min_coins: i64,
    /// The behaviour score (0–100, docs/behaviour.md) a player needs to sit at or seek in this
    /// room; 0: any.
    #[serde(default)]
    pub min_behaviour: u8,
    /// The tables' default time control: a preset name (`ourgame`, `qq`, `blitz`, `rapid`,
    /// `untimed`).
    #[serde(default = "default_control")]
    pub time_control: String,
    /// The position games start from (FEN), for handicap rooms; default the standard one.
    #[serde(default)]
    pub start_fen: Option<String>,
    /// Seconds each side has for its first move at this room's tables (0: no rule); default
    /// the site's `first_move_deadline_secs`.
    #[serde(default)]
    pub first_move_deadline_secs: Option<u64>,
    /// The repetition rules: `axf` (Asian/World Xiangqi Federation, default) or `cxa`
    /// (Chinese Xiangqi Association).
    #[serde(default = "default_rules")]
    pub rules: String,
    /// The natural move limit: moves (pairs of plies) without a capture before the game is
    /// drawn; 0: none. Default 60.
    #[serde(default = "default_move_limit")]
    pub move_limit: u32,
    /// A move that would lose by repetition (perpetual check or chase): `warn` (default; it is
    /// played and loses, the client marks it beforehand) or `refuse` (refused,
    /// `losing_repetition`).
    #[serde(default = "default_repetition")]
    pub repetition: String,
    /// Rates handicap games with these offsets (`crate::handicap_config`); absent: unrated.
    #[serde(default)]
    pub handicap_rating: Option<crate::handicap_config::HandicapRatingConfig>,
    /// Spectators of the room's tables (which have spectator bets) see each ply only once this
    /// many more plies were played (0, the default: no delay by plies); players never wait.
    #[serde(default)]
    pub spectator_delay_plies: u32,
    /// Spectators see each ply only this many seconds after it was played (0, the default: no
    /// delay by time).
    #[serde(default)]
    pub spectator_delay_secs: u32,
}

/// The default time control of a room.
#[must_use]
pub fn default_control() -> String {
    "ourgame".to_owned()
}

/// The default repetition profile of a room or event.
#[must_use]
pub fn default_rules() -> String {
    "axf".to_owned()
}

/// The default natural move limit of a room or event, in moves.
#[must_use]
pub fn default_move_limit() -> u32 {
    60
}

/// The default repetition policy of a room or event.
#[must_use]
pub fn default_repetition() -> String {
    RepetitionPolicy::Warn.name().to_owned()
}

/// The rule set and repetition policy of `rules`, `move_limit` and `repetition` as a room or an
/// event names them.
///
/// # Errors
/// An unknown profile or policy, or a move limit out of range, in words.
pub fn table_rules(
    rules: &str,
    move_limit: u32,
    repetition: &str,
) -> Result<(RuleSet, RepetitionPolicy), String> {
    Ok((rule_set(rules, move_limit)?, repetition.parse()?))
}

impl RoomConfig {
    /// A room with `tables` tables and every other setting at its default.
    #[must_use]
    pub fn new(id: &str, name: &str, tables: u32) -> RoomConfig {
        RoomConfig {
            id: id.to_owned(),
            name: name.to_owned(),
            tables,
            min_coins: 0,
            min_behaviour: 0,
            time_control: default_control(),
            start_fen: None,
            first_move_deadline_secs: None,
            rules: default_rules(),
            move_limit: default_move_limit(),
            repetition: default_repetition(),
            handicap_rating: None,
            spectator_delay_plies: 0,
            spectator_delay_secs: 0,
        }
    }

    /// How far behind the game the spectators of the room's tables are kept.
    ///
    /// # Errors
    /// A delay above its limit, in words.
    pub fn spectator_delay(&self) -> Result<SpectatorDelay, String> {
        SpectatorDelay::new(self.spectator_delay_plies, self.spectator_delay_secs)
    }

    /// The room's rule set and repetition policy.
    ///
    /// # Errors
    /// As [`table_rules`].
    pub fn rules(&self) -> Result<(RuleSet, RepetitionPolicy), String> {
        table_rules(&self.rules, self.move_limit, &self.repetition)
    }

    /// What is wrong with the room's settings, in words (`None`: nothing).
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        let id = &self.id;
        if self.tables == 0 || self.tables > 100_000 {
            return Some(format!("room {id:?}: tables must be 1..=100000"));
        }
        if let Some(fen) = &self.start_fen {
            if let Err(e) = xiangqi::Position::from_fen(fen) {
                return Some(format!("room {id:?}: bad start_fen: {e}"));
            }
        }
        if TimeControl::preset(&self.time_control).is_none() {
            return Some(format!("unknown time control {:?}", self.time_control));
        }
        if let Err(e) = self.rules() {
            return Some(format!("room {id:?}: {e}"));
        }
        if self.min_coins < 0 {
            return Some("min_coins cannot be negative".into());
        }
        if self.min_behaviour > 100 {
            return Some("min_behaviour is a score of 0 to 100".into());
        }
        None
    }
}

/// What is wrong with the `[[rooms]]` list, in words (`None`: nothing): at least one room,
/// ids unique, each room's own [`RoomConfig::problem`].
#[must_use]
pub fn rooms_problem(rooms: &[RoomConfig]) -> Option<String> {
    if rooms.is_empty() {
        return Some("at least one room is needed".into());
    }
    rooms.iter().enumerate().find_map(|(i, r)| {
        if rooms[..i].iter().any(|o| o.id == r.id) {
            Some(format!("room id {:?} appears twice", r.id))
        } else {
            r.problem()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::rulings::Profile;

    #[test]
    fn a_room_names_its_rules_and_bad_names_are_refused() {
        let room = RoomConfig::new("r", "R", 1);
        let (rules, policy) = room.rules().expect("defaults");
        assert_eq!(rules, RuleSet::default());
        assert_eq!(policy, RepetitionPolicy::Warn);
        let room = RoomConfig {
            rules: "cxa".into(),
            move_limit: 0,
            repetition: "refuse".into(),
            ..room
        };
        let (rules, policy) = room.rules().expect("cxa");
        assert_eq!((rules.profile, rules.move_limit), (Profile::Cxa, None));
        assert_eq!(policy, RepetitionPolicy::Refuse);
        for bad in [
            ("fide", 60, "warn"),
            ("axf", 60, "forbid"),
            ("axf", 100_000, "warn"),
        ] {
            assert!(table_rules(bad.0, bad.1, bad.2).is_err(), "{bad:?}");
        }
    }
}
