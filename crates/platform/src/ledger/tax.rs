//! `TaxRate`: the house's share of winnings, in basis points so that all coin arithmetic stays
//! in integers.

use crate::ledger::Coins;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// A tax rate in basis points (1/100 of a percent): `TaxRate::new(500)` is 5 %.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(try_from = "u16", into = "u16")]
pub struct TaxRate(u16);

/// A tax rate above 100 %.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("tax rate {0} basis points is above 10000 (100%)")]
pub struct TaxRateError(pub u16);

impl TaxRate {
    /// No tax.
    pub const ZERO: TaxRate = TaxRate(0);
    /// The denominator of basis points.
    pub const SCALE: u16 = 10_000;

    /// A rate of `basis_points` / 10000.
    ///
    /// # Errors
    /// [`TaxRateError`] above 10000 (100 %).
    pub const fn new(basis_points: u16) -> Result<TaxRate, TaxRateError> {
        if basis_points > Self::SCALE {
            Err(TaxRateError(basis_points))
        } else {
            Ok(TaxRate(basis_points))
        }
    }

    /// The rate in basis points.
    #[must_use]
    pub const fn basis_points(self) -> u16 {
        self.0
    }

    /// `amount · (1 − rate)` rounded down, the part of a gain the winner keeps; the rest of
    /// `amount` is the house's. Negative amounts are treated as zero.
    #[must_use]
    pub fn net_of_tax(self, amount: Coins) -> Coins {
        let gross = i128::from(amount.get().max(0));
        let kept = gross * i128::from(Self::SCALE - self.0) / i128::from(Self::SCALE);
        // kept <= gross <= i64::MAX, so the conversion cannot fail.
        Coins(i64::try_from(kept).unwrap_or(i64::MAX))
    }
}

impl TryFrom<u16> for TaxRate {
    type Error = TaxRateError;
    fn try_from(bp: u16) -> Result<TaxRate, TaxRateError> {
        TaxRate::new(bp)
    }
}

impl From<TaxRate> for u16 {
    fn from(rate: TaxRate) -> u16 {
        rate.0
    }
}

impl fmt::Display for TaxRate {
    /// As a percentage with two decimals: `5.00%`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}%", self.0 / 100, self.0 % 100)
    }
}
