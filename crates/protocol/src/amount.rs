//! Coin amounts and wager versions on the wire. An amount is read from any JSON number, so a
//! number that is not a whole `i64` (`2^63`, `1.5`, `1e30`) reaches the table, which refuses it
//! with `invalid_amount` like any other amount it cannot accept, instead of failing the whole
//! message as `bad_message`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A coin amount as sent: `Some` when it is a whole number that fits in an `i64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Amount(pub Option<i64>);

impl Amount {
    /// A readable amount.
    #[must_use]
    pub const fn of(v: i64) -> Amount {
        Amount(Some(v))
    }
}

/// Written as its number (`null` for an unreadable amount, which a client never sends).
impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Amount, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        Ok(Amount(n.as_i64()))
    }
}

/// What a player saw when confirming or agreeing to a wager: the stakes' version and the
/// amounts by colour. Either may be left out (older clients); what is given must match the
/// wager as it is now, else the command is refused `stale_wager`.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct Seen {
    /// `WagerView.version`.
    #[serde(default)]
    pub version: Option<u32>,
    /// `WagerView.stakes`.
    #[serde(default)]
    pub stakes: Option<Stakes>,
}

/// Both players' stakes, by colour.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct Stakes {
    pub red: Amount,
    pub black: Amount,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_any_number_and_keep_only_whole_i64s() {
        let read = |s: &str| serde_json::from_str::<Amount>(s).unwrap();
        assert_eq!(read("5"), Amount::of(5));
        assert_eq!(read("-9223372036854775808"), Amount::of(i64::MIN));
        assert_eq!(read("9223372036854775808"), Amount(None));
        assert_eq!(read("1.5"), Amount(None));
        assert_eq!(read("1e30"), Amount(None));
        assert!(serde_json::from_str::<Amount>("\"5\"").is_err());
    }
}
