//! Rating pools: an event (a ladder, a tournament) may rate its games in a pool of its own, with
//! the pool's profile, instead of in the site's rating.
//!
//! ```
//! use platform::rating::RatingScope;
//! let scope: RatingScope = serde_json::from_str(r#"{"pool": "ladder-1", "profile": "glicko2"}"#).unwrap();
//! let pool = scope.pool().unwrap();
//! assert_eq!(pool.name.as_str(), "ladder-1");
//! assert_eq!(pool.profile.name(), "glicko2");
//! assert_eq!(serde_json::from_str::<RatingScope>(r#""site""#).unwrap(), RatingScope::Site);
//! assert!(serde_json::from_str::<RatingScope>(r#"{"pool": "Ladder 1", "profile": "qq"}"#).is_err());
//! ```

use super::Profile;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Longest pool name.
pub const MAX_POOL_NAME: usize = 32;

/// A pool's name: 1..=32 of `a-z`, `0-9`, `-` and `_`, starting with a letter or digit.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PoolName(String);

impl PoolName {
    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for PoolName {
    type Err = String;
    /// Checks a name.
    fn from_str(s: &str) -> Result<PoolName, String> {
        let slug = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
        let first_ok = s
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
        if s.len() > MAX_POOL_NAME || !first_ok || !s.chars().all(slug) {
            return Err(format!(
                "bad rating pool name {s:?} (1..={MAX_POOL_NAME} of a-z, 0-9, '-', '_', \
                 starting with a letter or digit; 'site' is the site's rating)"
            ));
        }
        if s == "site" {
            return Err(
                "the rating pool name \"site\" is reserved (write rating = \"site\")".into(),
            );
        }
        Ok(PoolName(s.to_owned()))
    }
}

impl fmt::Display for PoolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A named pool and the profile that rates its games (chosen by name: `glicko2` has the
/// default parameters).
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPool {
    /// Its name.
    pub name: PoolName,
    /// Its rating system.
    pub profile: Profile,
}

// A pool's profile comes from its name, so its parameters are the (finite) defaults.
impl Eq for RatingPool {}

/// Which rating an event's games change: the site's (the default) or a pool's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ScopeText", into = "ScopeText")]
pub enum RatingScope {
    /// The site's rating (its one profile); titles by rating follow it.
    #[default]
    Site,
    /// A pool of the event's own.
    Pool(RatingPool),
}

impl RatingScope {
    /// The pool, if the games are rated in one.
    #[must_use]
    pub fn pool(&self) -> Option<&RatingPool> {
        match self {
            RatingScope::Site => None,
            RatingScope::Pool(p) => Some(p),
        }
    }
}

/// How a scope is written: `"site"` or `{ pool = "…", profile = "…" }`.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum ScopeText {
    Word(String),
    Pool { pool: String, profile: String },
}

impl TryFrom<ScopeText> for RatingScope {
    type Error = String;
    fn try_from(t: ScopeText) -> Result<RatingScope, String> {
        match t {
            ScopeText::Word(w) if w == "site" => Ok(RatingScope::Site),
            ScopeText::Word(w) => Err(format!(
                "rating must be \"site\" or {{ pool = \"name\", profile = \"glicko2\" }}, not {w:?}"
            )),
            ScopeText::Pool { pool, profile } => Ok(RatingScope::Pool(RatingPool {
                name: pool.parse()?,
                profile: profile.parse()?,
            })),
        }
    }
}

impl From<RatingScope> for ScopeText {
    fn from(s: RatingScope) -> ScopeText {
        match s {
            RatingScope::Site => ScopeText::Word("site".into()),
            RatingScope::Pool(p) => ScopeText::Pool {
                pool: p.name.0,
                profile: p.profile.name().to_owned(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_short_lowercase_slugs() {
        for good in ["ladder-1", "a", "spring_2026", "9x"] {
            assert_eq!(good.parse::<PoolName>().unwrap().as_str(), good);
        }
        let long = "a".repeat(MAX_POOL_NAME + 1);
        for bad in ["", "-a", "Ladder", "a b", "象棋", "site", long.as_str()] {
            assert!(bad.parse::<PoolName>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn scopes_round_trip_and_refuse_unknown_profiles() {
        let scope: RatingScope =
            serde_json::from_str(r#"{"pool":"ladder-1","profile":"glicko2"}"#).unwrap();
        let text = serde_json::to_string(&scope).unwrap();
        assert_eq!(text, r#"{"pool":"ladder-1","profile":"glicko2"}"#);
        assert_eq!(serde_json::from_str::<RatingScope>(&text).unwrap(), scope);
        assert_eq!(
            serde_json::to_string(&RatingScope::Site).unwrap(),
            r#""site""#
        );
        let err = serde_json::from_str::<RatingScope>(r#"{"pool":"p","profile":"fide"}"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown rating profile"), "{err}");
        let err = serde_json::from_str::<RatingScope>(r#""pool""#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("rating must be"), "{err}");
    }
}
