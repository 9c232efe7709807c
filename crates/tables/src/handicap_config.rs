//! A room's `handicap_rating` table: present, handicap games (让子) at the room's tables are
//! rated, the giver's rating treated as reduced by the handicap's offset in the expected score
//! (`platform::rating::Profile::rate_with_handicap`); absent, they are unrated.

use platform::table::HandicapOffsets;
use serde::Deserialize;

/// Rating offsets per handicap, in rating points; each key defaults to
/// [`HandicapOffsets::default`]'s (让先 50, 让单马 200, 让双马 350, 让单车 450). Games from a free
/// position (kind `position`) stay unrated.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct HandicapRatingConfig {
    /// 让先.
    pub first_move: i32,
    /// 让单马.
    pub horse: i32,
    /// 让双马.
    pub two_horses: i32,
    /// 让单车.
    pub chariot: i32,
}

impl Default for HandicapRatingConfig {
    fn default() -> Self {
        let d = HandicapOffsets::default();
        HandicapRatingConfig {
            first_move: d.first_move,
            horse: d.horse,
            two_horses: d.two_horses,
            chariot: d.chariot,
        }
    }
}

impl From<HandicapRatingConfig> for HandicapOffsets {
    fn from(c: HandicapRatingConfig) -> HandicapOffsets {
        HandicapOffsets {
            first_move: c.first_move,
            horse: c.horse,
            two_horses: c.two_horses,
            chariot: c.chariot,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_keys_take_the_defaults() {
        let c: HandicapRatingConfig = toml::from_str("horse = 150").unwrap();
        let o = HandicapOffsets::from(c);
        assert_eq!((o.horse, o.chariot), (150, 450));
        assert!(toml::from_str::<HandicapRatingConfig>("knight = 1").is_err());
    }
}
