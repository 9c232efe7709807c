//! Coins in a pure double-entry ledger.
//!
//! Every movement of coins is a [`Transaction`]: a set of [`Entry`] lines, one per account, that
//! sum to zero. New coins come from the [`AccountId::Mint`], the only account allowed below zero,
//! so the balances of all accounts always sum to zero and the coins in circulation equal minus
//! the mint's balance. A [`Ledger`] applies a balanced transaction atomically or rejects it
//! unchanged; a transaction's [`IdempotencyKey`] makes a repeated submission apply once.
//!
//! The server mirrors this model in its database: transactions and their receipts are plain
//! serde data, and [`Ledger::from_journal`] rebuilds the balances from a stored journal.
//!
//! ```
//! use platform::ledger::{AccountId, Coins, IdempotencyKey, Ledger, Transaction, UserId};
//! let mut ledger = Ledger::new();
//! let alice = UserId(1);
//! let key = IdempotencyKey::new("grant:1")?;
//! ledger.apply(Transaction::starting_grant(alice, Coins(500), key.clone())?)?;
//! // A retry with the same key changes nothing.
//! let again = ledger.apply(Transaction::starting_grant(alice, Coins(500), key)?)?;
//! assert!(again.replayed);
//! assert_eq!(ledger.balance(&AccountId::User(alice)), Coins(500));
//! ledger.check()?;
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod account;
mod book;
mod coins;
mod error;
mod tax;
mod transaction;

pub use account::{AccountId, EscrowId, GameId, ParseAccountError, UserId};
pub use book::{Applied, Balances, Ledger, Receipt};
pub use coins::{Coins, MAX_COINS};
pub use error::{CheckError, LedgerError};
pub use tax::{TaxRate, TaxRateError};
pub use transaction::{Entry, IdempotencyKey, Transaction, Transfer, TxKind};
