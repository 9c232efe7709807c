//! A closed wager as stored and shown: stakes and statements by colour (the table's wager
//! history and the `wager_settled` event), with the tax rate in per mille.

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

/// A pair by colour: `{"red": …, "black": …}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Colors<T> {
    /// Red's.
    pub red: T,
    /// Black's.
    pub black: T,
}

/// A closed wager's stakes and statements by colour, as stored and shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CloseSummary {
    /// The stakes.
    pub stakes: Colors<i64>,
    /// What the wager did to each player.
    pub statements: Colors<StatementView>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_summary_is_stored_as_the_protocol_shows_it_and_reads_back() {
        let st = |stake, returned| StatementView {
            stake,
            returned,
            net: returned - stake,
            tax_rate_permille: 50,
        };
        let s = CloseSummary {
            stakes: Colors { red: 10, black: 20 },
            statements: Colors {
                red: st(10, 0),
                black: st(20, 29),
            },
        };
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            json!({"stakes": {"red": 10, "black": 20}, "statements": {
                "red": {"stake": 10, "returned": 0, "net": -10, "tax_rate_permille": 50},
                "black": {"stake": 20, "returned": 29, "net": 9, "tax_rate_permille": 50}}})
        );
        assert_eq!(serde_json::from_str::<CloseSummary>(&text).unwrap(), s);
    }
}
