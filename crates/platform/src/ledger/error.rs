//! Why the ledger refused a transaction, or found itself inconsistent.

use crate::ledger::{AccountId, Coins};
use thiserror::Error;

/// Why a transaction was not applied. A rejected transaction changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LedgerError {
    /// An idempotency key must be 1 to 200 printable characters.
    #[error("invalid idempotency key {0:?}: 1 to 200 characters without control characters")]
    InvalidKey(String),
    /// A transaction must have at least one line.
    #[error("transaction {key} has no entries")]
    EmptyTransaction {
        /// The transaction's key.
        key: String,
    },
    /// Every line must move a non-zero amount.
    #[error("transaction {key} has a zero entry for {account}")]
    ZeroEntry {
        /// The transaction's key.
        key: String,
        /// The account of the zero line.
        account: AccountId,
    },
    /// Transfers and grants must move a positive amount.
    #[error("amount must be positive, got {0}")]
    NonPositiveAmount(Coins),
    /// An amount, or the balance a grant leads to, above [`crate::ledger::MAX_COINS`].
    #[error("{0} is above the maximum of {max} coins", max = crate::ledger::MAX_COINS)]
    AboveMaximum(Coins),
    /// A transfer from an account to itself.
    #[error("transfer from {0} to itself")]
    SelfTransfer(AccountId),
    /// The lines do not sum to zero.
    #[error("transaction {key} is unbalanced: entries sum to {sum}")]
    Unbalanced {
        /// The transaction's key.
        key: String,
        /// The sum of its lines.
        sum: i128,
    },
    /// An account other than the mint would go below zero.
    #[error("insufficient funds in {account}: needs {needed}, has {available}")]
    InsufficientFunds {
        /// The account.
        account: AccountId,
        /// What the transaction takes out of it.
        needed: Coins,
        /// Its balance before the transaction.
        available: Coins,
    },
    /// A balance would leave the range of `i64`.
    #[error("balance of {0} would overflow")]
    Overflow(AccountId),
    /// The key was already used by a different transaction.
    #[error("idempotency key {0} was already used by a different transaction")]
    KeyConflict(String),
}

/// An inconsistency found by [`Ledger::check`](crate::ledger::Ledger::check).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    /// All balances together must be zero.
    #[error("balances sum to {0}, not zero")]
    NonZeroTotal(i128),
    /// An account's balance differs from the sum of its journal lines.
    #[error("balance of {account} is {balance} but its entries sum to {entries}")]
    BalanceMismatch {
        /// The account.
        account: AccountId,
        /// Its recorded balance.
        balance: Coins,
        /// The sum of its lines in the journal.
        entries: i128,
    },
    /// An account other than the mint is below zero.
    #[error("balance of {account} is negative: {balance}")]
    NegativeBalance {
        /// The account.
        account: AccountId,
        /// Its balance.
        balance: Coins,
    },
    /// A journal transaction does not sum to zero.
    #[error("journal transaction #{seq} is unbalanced")]
    UnbalancedTransaction {
        /// Its sequence number.
        seq: u64,
    },
}
