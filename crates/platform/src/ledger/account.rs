//! Who can hold coins: users, escrows, the house and the mint.
//!
//! `UserId` and `GameId` are the ledger's own small ids; they are plain numbers so that the
//! server can map them onto its database keys (and onto `crate::ids` once both exist).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A registered user, as the ledger knows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub u64);

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A game, as wagers and betting pools refer to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An account that holds coins for the duration of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EscrowId {
    /// The stakes of one player wager (竞猜), by wager number.
    Wager(u64),
    /// A spectators' betting pool, by pool number.
    Pool(u64),
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
}

impl fmt::Display for AccountId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountId::User(u) => write!(f, "user:{u}"),
            AccountId::Escrow(EscrowId::Wager(w)) => write!(f, "escrow:wager:{w}"),
            AccountId::Escrow(EscrowId::Pool(p)) => write!(f, "escrow:pool:{p}"),
            AccountId::House => f.write_str("house"),
            AccountId::Mint => f.write_str("mint"),
        }
    }
}

impl From<UserId> for AccountId {
    fn from(user: UserId) -> AccountId {
        AccountId::User(user)
    }
}
