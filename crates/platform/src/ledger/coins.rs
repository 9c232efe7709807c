//! `Coins`: a whole number of coins, with checked arithmetic only.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest amount the platform accepts anywhere an amount is asked for: a grant, a stake,
/// a top-up, a bet; a grant may not take a balance above it either, nor a stake or a bet total
/// of one player. Coins in circulation never exceed `i64::MAX` (the mint stops at
/// `-i64::MAX`), so no balance and no settlement can overflow whatever is won.
pub const MAX_COINS: Coins = Coins(1_000_000_000_000_000_000);

/// A whole number of coins (财富 / 乐透币). Signed so that a transaction line can take coins out
/// of an account; only the mint's balance may be negative.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Coins(pub i64);

impl Coins {
    /// No coins.
    pub const ZERO: Coins = Coins(0);

    /// The amount as an integer.
    #[must_use]
    pub const fn get(self) -> i64 {
        self.0
    }

    /// `self + other`, or `None` on overflow.
    #[must_use]
    pub const fn checked_add(self, other: Coins) -> Option<Coins> {
        match self.0.checked_add(other.0) {
            Some(v) => Some(Coins(v)),
            None => None,
        }
    }

    /// `self - other`, or `None` on overflow.
    #[must_use]
    pub const fn checked_sub(self, other: Coins) -> Option<Coins> {
        match self.0.checked_sub(other.0) {
            Some(v) => Some(Coins(v)),
            None => None,
        }
    }

    /// `-self`, or `None` for `i64::MIN`.
    #[must_use]
    pub const fn checked_neg(self) -> Option<Coins> {
        match self.0.checked_neg() {
            Some(v) => Some(Coins(v)),
            None => None,
        }
    }

    /// Whether the amount is at most [`MAX_COINS`].
    #[must_use]
    pub const fn within_max(self) -> bool {
        self.0 <= MAX_COINS.0
    }

    /// Whether the amount is above zero.
    #[must_use]
    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// Whether the amount is below zero.
    #[must_use]
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// Whether the amount is zero.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
