//! Small shared value types: instants and durations in milliseconds, user, game, table and team
//! ids.
//!
//! Time is never read from the system here: the caller passes `now` as a [`Millis`] counted from
//! any fixed origin (the server uses milliseconds since the Unix epoch or since start-up; only
//! differences matter).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, AddAssign};

/// A duration or an instant, in milliseconds. Arithmetic saturates: time never goes negative and
/// never wraps.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Millis(pub u64);

impl Millis {
    /// Zero milliseconds.
    pub const ZERO: Millis = Millis(0);
    /// The largest value, used as "never".
    pub const MAX: Millis = Millis(u64::MAX);

    /// `n` seconds.
    #[must_use]
    pub const fn from_secs(n: u64) -> Millis {
        Millis(n.saturating_mul(1_000))
    }

    /// `n` minutes.
    #[must_use]
    pub const fn from_mins(n: u64) -> Millis {
        Millis(n.saturating_mul(60_000))
    }

    /// The value in whole seconds, rounded down.
    #[must_use]
    pub const fn as_secs(self) -> u64 {
        self.0 / 1_000
    }

    /// `self - other`, or zero if `other` is larger.
    #[must_use]
    pub const fn saturating_sub(self, other: Millis) -> Millis {
        Millis(self.0.saturating_sub(other.0))
    }

    /// `self + other`, capped at [`Millis::MAX`].
    #[must_use]
    pub const fn saturating_add(self, other: Millis) -> Millis {
        Millis(self.0.saturating_add(other.0))
    }

    /// `self * n`, capped at [`Millis::MAX`].
    #[must_use]
    pub const fn saturating_mul(self, n: u64) -> Millis {
        Millis(self.0.saturating_mul(n))
    }

    /// Whether this is zero.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl Add for Millis {
    type Output = Millis;
    /// Saturating addition.
    fn add(self, rhs: Millis) -> Millis {
        self.saturating_add(rhs)
    }
}

impl AddAssign for Millis {
    fn add_assign(&mut self, rhs: Millis) {
        *self = self.saturating_add(rhs);
    }
}

impl fmt::Display for Millis {
    /// `m:ss.mmm`, e.g. `5:00.000`; hours are folded into minutes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0 % 1_000;
        let secs = (self.0 / 1_000) % 60;
        let mins = self.0 / 60_000;
        write!(f, "{mins}:{secs:02}.{ms:03}")
    }
}

/// A registered user.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct UserId(pub u64);

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "u{}", self.0)
    }
}

/// A stored game (wagers, betting pools and records refer to it).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A table in a room.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct TableId(pub u64);

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{}", self.0)
    }
}

/// A team (see [`crate::team`]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct TeamId(pub u64);

impl fmt::Display for TeamId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "team{}", self.0)
    }
}

/// Serde for [`xiangqi::Color`] (which has no serde itself): `"red"` / `"black"`.
pub(crate) mod color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use xiangqi::Color;

    /// Parses `"red"` or `"black"`.
    pub(crate) fn parse(s: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == s)
    }

    pub(crate) fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(c.name())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let s = String::deserialize(d)?;
        parse(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown colour {s:?}")))
    }

    /// The same for `Option<Color>` (`null` for none).
    pub(crate) mod option {
        use serde::{Deserialize, Deserializer, Serializer};
        use xiangqi::Color;

        pub(crate) fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
            match c {
                Some(c) => s.serialize_some(c.name()),
                None => s.serialize_none(),
            }
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<Color>, D::Error> {
            match Option::<String>::deserialize(d)? {
                None => Ok(None),
                Some(s) => super::parse(&s)
                    .map(Some)
                    .ok_or_else(|| serde::de::Error::custom(format!("unknown colour {s:?}"))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millis_saturates_and_displays() {
        assert_eq!(Millis(5).saturating_sub(Millis(9)), Millis::ZERO);
        assert_eq!(Millis::MAX + Millis(1), Millis::MAX);
        assert_eq!(Millis::from_mins(2).0, 120_000);
        assert_eq!(Millis(125_042).to_string(), "2:05.042");
    }
}
