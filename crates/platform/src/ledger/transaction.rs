//! Transactions: balanced sets of entries, with an idempotency key. Storable as serde data.

use crate::ledger::{AccountId, Coins, LedgerError, UserId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A client- or server-chosen key that makes a transaction apply at most once. Builders in this
/// crate derive keys from what the transaction is for (`wager:7:escrow`), so a retry after a
/// crash produces the same key.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    /// The longest key, in characters.
    pub const MAX_LEN: usize = 200;

    /// A key; 1 to 200 characters, no control characters.
    ///
    /// # Errors
    /// [`LedgerError::InvalidKey`] otherwise.
    pub fn new(key: impl Into<String>) -> Result<IdempotencyKey, LedgerError> {
        let key = key.into();
        let len = key.chars().count();
        if len == 0 || len > Self::MAX_LEN || key.chars().any(char::is_control) {
            return Err(LedgerError::InvalidKey(key));
        }
        Ok(IdempotencyKey(key))
    }

    /// The key as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for IdempotencyKey {
    type Error = LedgerError;
    fn try_from(s: String) -> Result<IdempotencyKey, LedgerError> {
        IdempotencyKey::new(s)
    }
}

impl From<IdempotencyKey> for String {
    fn from(k: IdempotencyKey) -> String {
        k.0
    }
}

impl fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a transaction is for; stored with it for statements and audits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TxKind {
    /// A new user's starting coins, from the mint.
    StartingGrant,
    /// Coins granted by an administrator, from the mint.
    AdminGrant,
    /// A winner's reward, from the mint.
    Reward,
    /// Both players' stakes into a wager's escrow.
    WagerEscrow,
    /// A player adds to their stake (追加).
    WagerTopUp,
    /// A wager paid out after its game.
    WagerSettlement,
    /// A wager's stakes returned (draw, game never played, coach left).
    WagerRefund,
    /// A spectator's bet (or addition) into a pool.
    Bet,
    /// A betting pool paid out after its game.
    PoolSettlement,
    /// A betting pool returned to its bettors.
    PoolRefund,
    /// A tournament's entry fee into its escrow.
    EntryFee,
    /// Entry fees returned (withdrawal before the start, cancelled event).
    EntryRefund,
    /// A tournament's prizes paid from its escrow.
    Prize,
}

impl TxKind {
    /// Whether the transaction creates coins for a user by grant (starting or admin grant):
    /// such a transaction may not take a balance above [`crate::ledger::MAX_COINS`].
    #[must_use]
    pub const fn is_grant(self) -> bool {
        matches!(self, TxKind::StartingGrant | TxKind::AdminGrant)
    }
}

/// One line of a transaction: a positive amount credits the account, a negative one debits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entry {
    /// The account.
    pub account: AccountId,
    /// The signed amount.
    pub amount: Coins,
}

/// A positive amount moved from one account to another; becomes two entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Transfer {
    /// The account debited.
    pub from: AccountId,
    /// The account credited.
    pub to: AccountId,
    /// The amount, above zero.
    pub amount: Coins,
}

/// A set of entries that must sum to zero, applied all at once or not at all.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Transaction {
    /// Makes the transaction apply at most once.
    pub key: IdempotencyKey,
    /// What it is for.
    pub kind: TxKind,
    /// A short human-readable note (shown in statements).
    pub memo: String,
    /// The lines; they must sum to zero and none may be zero.
    pub entries: Vec<Entry>,
}

impl Transaction {
    /// A transaction from transfers, two entries per transfer, in order.
    ///
    /// # Errors
    /// [`LedgerError::NonPositiveAmount`] for a transfer of zero or less,
    /// [`LedgerError::SelfTransfer`] for a transfer to the same account,
    /// [`LedgerError::EmptyTransaction`] without transfers.
    pub fn from_transfers(
        key: IdempotencyKey,
        kind: TxKind,
        memo: impl Into<String>,
        transfers: &[Transfer],
    ) -> Result<Transaction, LedgerError> {
        if transfers.is_empty() {
            return Err(LedgerError::EmptyTransaction {
                key: key.to_string(),
            });
        }
        let mut entries = Vec::with_capacity(transfers.len() * 2);
        for t in transfers {
            if !t.amount.is_positive() {
                return Err(LedgerError::NonPositiveAmount(t.amount));
            }
            if t.from == t.to {
                return Err(LedgerError::SelfTransfer(t.from));
            }
            // amount > 0, so the negation cannot overflow.
            entries.push(Entry {
                account: t.from,
                amount: Coins(-t.amount.get()),
            });
            entries.push(Entry {
                account: t.to,
                amount: t.amount,
            });
        }
        Ok(Transaction {
            key,
            kind,
            memo: memo.into(),
            entries,
        })
    }

    /// A new user's starting coins, created by the mint.
    ///
    /// # Errors
    /// [`LedgerError::NonPositiveAmount`] unless `amount` is above zero,
    /// [`LedgerError::AboveMaximum`] above [`crate::ledger::MAX_COINS`].
    pub fn starting_grant(
        user: UserId,
        amount: Coins,
        key: IdempotencyKey,
    ) -> Result<Transaction, LedgerError> {
        if !amount.within_max() {
            return Err(LedgerError::AboveMaximum(amount));
        }
        Self::from_transfers(
            key,
            TxKind::StartingGrant,
            "starting grant",
            &[Transfer {
                from: AccountId::Mint,
                to: AccountId::User(user),
                amount,
            }],
        )
    }

    /// Coins granted to `user` by an administrator, created by the mint; `note` says why.
    ///
    /// # Errors
    /// [`LedgerError::NonPositiveAmount`] unless `amount` is above zero,
    /// [`LedgerError::AboveMaximum`] above [`crate::ledger::MAX_COINS`].
    pub fn admin_grant(
        user: UserId,
        amount: Coins,
        note: &str,
        key: IdempotencyKey,
    ) -> Result<Transaction, LedgerError> {
        if !amount.within_max() {
            return Err(LedgerError::AboveMaximum(amount));
        }
        Self::from_transfers(
            key,
            TxKind::AdminGrant,
            format!("admin grant: {note}"),
            &[Transfer {
                from: AccountId::Mint,
                to: AccountId::User(user),
                amount,
            }],
        )
    }

    /// Checks the shape: at least one entry, no zero entry, entries summing to zero.
    ///
    /// # Errors
    /// [`LedgerError::EmptyTransaction`], [`LedgerError::ZeroEntry`] or
    /// [`LedgerError::Unbalanced`].
    pub fn validate(&self) -> Result<(), LedgerError> {
        if self.entries.is_empty() {
            return Err(LedgerError::EmptyTransaction {
                key: self.key.to_string(),
            });
        }
        if let Some(e) = self.entries.iter().find(|e| e.amount.is_zero()) {
            return Err(LedgerError::ZeroEntry {
                key: self.key.to_string(),
                account: e.account,
            });
        }
        let sum = self.sum();
        if sum != 0 {
            return Err(LedgerError::Unbalanced {
                key: self.key.to_string(),
                sum,
            });
        }
        Ok(())
    }

    /// The sum of all entries (zero for a balanced transaction), without overflow.
    #[must_use]
    pub fn sum(&self) -> i128 {
        self.entries
            .iter()
            .map(|e| i128::from(e.amount.get()))
            .sum()
    }

    /// The net amount per account (an account may appear on several lines).
    #[must_use]
    pub fn net_by_account(&self) -> BTreeMap<AccountId, i128> {
        let mut net = BTreeMap::new();
        for e in &self.entries {
            *net.entry(e.account).or_insert(0) += i128::from(e.amount.get());
        }
        net
    }

    /// The net amount this transaction moves into (positive) or out of (negative) `account`.
    #[must_use]
    pub fn net_for(&self, account: &AccountId) -> i128 {
        self.entries
            .iter()
            .filter(|e| &e.account == account)
            .map(|e| i128::from(e.amount.get()))
            .sum()
    }
}
