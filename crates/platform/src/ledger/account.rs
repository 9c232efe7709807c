//! Who can hold coins: users, escrows, the house and the mint.
//!
//! `UserId` and `GameId` are the ledger's own small ids; they are plain numbers so that the
//! server can map them onto its database keys (and onto `crate::ids` once both exist).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

pub use crate::ids::{GameId, UserId};

/// An account that holds coins for the duration of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EscrowId {
    /// The stakes of one player wager (竞猜), by wager number.
    Wager(u64),
    /// A spectators' betting pool, by pool number.
    Pool(u64),
    /// A tournament's entry fees until its prizes are paid, by event id.
    Tournament(u64),
}

/// An account in the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountId {
    /// A user's wallet.
    User(UserId),
    /// Coins held while a game is played.
    Escrow(EscrowId),
    /// The house: receives taxes and rounding remainders.
    House,
    /// Where coins are created (grants, rewards). The only account allowed below zero.
    Mint,
}

impl AccountId {
    /// Whether this account's balance may go below zero (only the mint's).
    #[must_use]
    pub const fn may_go_negative(&self) -> bool {
        matches!(self, AccountId::Mint)
    }

    /// The lowest balance the account may have: 0, or `-i64::MAX` for the mint (so coins in
    /// circulation, minus the mint's balance, always fit in an `i64`).
    #[must_use]
    pub const fn floor(&self) -> i64 {
        if self.may_go_negative() {
            -i64::MAX
        } else {
            0
        }
    }
}

impl fmt::Display for AccountId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountId::User(u) => write!(f, "user:{}", u.0),
            AccountId::Escrow(EscrowId::Wager(w)) => write!(f, "escrow:wager:{w}"),
            AccountId::Escrow(EscrowId::Pool(p)) => write!(f, "escrow:pool:{p}"),
            AccountId::Escrow(EscrowId::Tournament(t)) => write!(f, "escrow:tournament:{t}"),
            AccountId::House => f.write_str("house"),
            AccountId::Mint => f.write_str("mint"),
        }
    }
}

/// Text that is not an account name (`user:7`, `escrow:wager:3`, `escrow:pool:4`,
/// `escrow:tournament:5`, `house`, `mint`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an account: {0:?}")]
pub struct ParseAccountError(pub String);

impl FromStr for AccountId {
    type Err = ParseAccountError;

    /// Reads what [`Display`](fmt::Display) writes.
    fn from_str(s: &str) -> Result<AccountId, ParseAccountError> {
        let bad = || ParseAccountError(s.to_owned());
        let num = |n: &str| -> Result<u64, ParseAccountError> {
            // Only canonical decimal numbers, so that every account has one spelling.
            if n.is_empty()
                || (n.len() > 1 && n.starts_with('0'))
                || !n.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            n.parse().map_err(|_| bad())
        };
        match s {
            "house" => Ok(AccountId::House),
            "mint" => Ok(AccountId::Mint),
            _ => {
                if let Some(n) = s.strip_prefix("user:") {
                    Ok(AccountId::User(UserId(num(n)?)))
                } else if let Some(n) = s.strip_prefix("escrow:wager:") {
                    Ok(AccountId::Escrow(EscrowId::Wager(num(n)?)))
                } else if let Some(n) = s.strip_prefix("escrow:pool:") {
                    Ok(AccountId::Escrow(EscrowId::Pool(num(n)?)))
                } else if let Some(n) = s.strip_prefix("escrow:tournament:") {
                    Ok(AccountId::Escrow(EscrowId::Tournament(num(n)?)))
                } else {
                    Err(bad())
                }
            }
        }
    }
}

impl From<UserId> for AccountId {
    fn from(user: UserId) -> AccountId {
        AccountId::User(user)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_names_round_trip_and_have_one_spelling() {
        for a in [
            AccountId::User(UserId(7)),
            AccountId::Escrow(EscrowId::Wager(0)),
            AccountId::Escrow(EscrowId::Pool(12)),
            AccountId::House,
            AccountId::Mint,
        ] {
            assert_eq!(a.to_string().parse::<AccountId>(), Ok(a));
        }
        for bad in [
            "", "user:", "user:07", "user:-1", "user:1x", "escrow:3", "Mint", "user:+1",
        ] {
            assert!(bad.parse::<AccountId>().is_err(), "{bad}");
        }
    }
}
