//! A closed wager as stored and shown: stakes and statements by colour (the table's wager
//! history and the `wager_settled` event), with the tax rate in per mille.

pub use protocol::statement::{permille, StatementView};
use serde::{Deserialize, Serialize};
use xiangqi::ByColor;

/// A closed wager's stakes and statements by colour, as stored and shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CloseSummary {
    /// The stakes.
    pub stakes: ByColor<i64>,
    /// What the wager did to each player.
    pub statements: ByColor<StatementView>,
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
            stakes: ByColor { red: 10, black: 20 },
            statements: ByColor {
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
