//! `Statement`: what a wager did to one player, with its tax rate in per mille.

use platform::ledger::TaxRate;
use platform::wager::WagerStatement;
use serde::{Deserialize, Serialize};

/// A tax rate in per mille, as the protocol shows it.
#[must_use]
pub fn permille(rate: TaxRate) -> u16 {
    rate.basis_points() / 10
}

/// `Statement`: what a wager did to one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatementView {
    /// Staked.
    pub stake: i64,
    /// Returned.
    pub returned: i64,
    /// Returned less staked.
    pub net: i64,
    /// The tax on gains (per mille).
    pub tax_rate_permille: u16,
}

impl From<&WagerStatement> for StatementView {
    fn from(s: &WagerStatement) -> StatementView {
        StatementView {
            stake: s.stake.get(),
            returned: s.returned.get(),
            net: s.net.get(),
            tax_rate_permille: permille(s.tax_rate),
        }
    }
}
