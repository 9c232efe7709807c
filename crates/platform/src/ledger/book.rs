//! The in-memory ledger: balances plus the journal of applied transactions.
//!
//! Decision: only applied transactions are remembered. A transaction that was rejected (for
//! example for insufficient funds) leaves no trace, so a retry with the same key is evaluated
//! afresh; a retry of an applied one returns the original receipt and changes nothing.

use crate::ledger::{AccountId, CheckError, Coins, LedgerError, Transaction, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// The record of one applied transaction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    /// Position in the journal, from 0.
    pub seq: u64,
    /// The transaction as applied.
    pub transaction: Transaction,
    /// The balance of every account it touched, after it was applied.
    pub balances_after: Vec<(AccountId, Coins)>,
}

/// What [`Ledger::apply`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The receipt (for a replay, the original one).
    pub receipt: Receipt,
    /// Whether the key had already been applied, so that nothing changed now.
    pub replayed: bool,
}

/// Read access to users' balances, for checks made before a transaction is built (stakes and
/// bets may not exceed the balance). Implemented by [`Ledger`] and by closures.
pub trait Balances {
    /// The coins `user` holds now.
    fn balance_of(&self, user: UserId) -> Coins;
}

impl<F: Fn(UserId) -> Coins> Balances for F {
    fn balance_of(&self, user: UserId) -> Coins {
        self(user)
    }
}

/// Balances and journal. Applies balanced transactions atomically.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    balances: BTreeMap<AccountId, Coins>,
    journal: Vec<Receipt>,
    by_key: HashMap<String, usize>,
}

impl Ledger {
    /// An empty ledger: every balance zero.
    #[must_use]
    pub fn new() -> Ledger {
        Ledger::default()
    }

    /// Rebuilds a ledger by applying stored transactions in order (replays are skipped as usual).
    ///
    /// # Errors
    /// The first [`LedgerError`] met; nothing is returned then.
    pub fn from_journal(
        transactions: impl IntoIterator<Item = Transaction>,
    ) -> Result<Ledger, LedgerError> {
        let mut ledger = Ledger::new();
        for tx in transactions {
            ledger.apply(tx)?;
        }
        Ok(ledger)
    }

    /// The balance of `account` (zero if it never held coins).
    #[must_use]
    pub fn balance(&self, account: &AccountId) -> Coins {
        self.balances.get(account).copied().unwrap_or(Coins::ZERO)
    }

    /// Every account that has appeared in a transaction, with its balance.
    pub fn balances(&self) -> impl Iterator<Item = (&AccountId, &Coins)> {
        self.balances.iter()
    }

    /// The applied transactions, oldest first.
    #[must_use]
    pub fn journal(&self) -> &[Receipt] {
        &self.journal
    }

    /// The receipt of the transaction applied under `key`, if any.
    #[must_use]
    pub fn receipt(&self, key: &str) -> Option<&Receipt> {
        self.by_key.get(key).and_then(|&i| self.journal.get(i))
    }

    /// Coins in circulation: everything the mint has created.
    #[must_use]
    pub fn issued(&self) -> Coins {
        Coins(self.balance(&AccountId::Mint).get().saturating_neg())
    }

    /// Applies `tx` atomically. A key seen before returns the original receipt, with
    /// `replayed: true`, provided the transaction is the same.
    ///
    /// # Errors
    /// Any shape error of [`Transaction::validate`]; [`LedgerError::InsufficientFunds`] when an
    /// account other than the mint would go below zero; [`LedgerError::Overflow`];
    /// [`LedgerError::KeyConflict`] when the key was used by a different transaction. The ledger
    /// is unchanged after an error.
    pub fn apply(&mut self, tx: Transaction) -> Result<Applied, LedgerError> {
        if let Some(&i) = self.by_key.get(tx.key.as_str()) {
            return match self.journal.get(i) {
                Some(r) if r.transaction == tx => Ok(Applied {
                    receipt: r.clone(),
                    replayed: true,
                }),
                _ => Err(LedgerError::KeyConflict(tx.key.to_string())),
            };
        }
        tx.validate()?;
        // Compute every new balance before changing anything.
        let mut after = Vec::new();
        for (account, delta) in tx.net_by_account() {
            let before = self.balance(&account);
            let new = i128::from(before.get()) + delta;
            let new = i64::try_from(new).map_err(|_| LedgerError::Overflow(account))?;
            if account == AccountId::Mint && new < account.floor() {
                return Err(LedgerError::Overflow(account));
            }
            if tx.kind.is_grant() && delta > 0 && new > super::MAX_COINS.get() {
                return Err(LedgerError::AboveMaximum(Coins(new)));
            }
            if new < 0 && !account.may_go_negative() {
                return Err(LedgerError::InsufficientFunds {
                    account,
                    needed: Coins(i64::try_from(-delta).unwrap_or(i64::MAX)),
                    available: before,
                });
            }
            after.push((account, Coins(new)));
        }
        for &(account, balance) in &after {
            self.balances.insert(account, balance);
        }
        let receipt = Receipt {
            seq: self.journal.len() as u64,
            transaction: tx,
            balances_after: after,
        };
        self.by_key
            .insert(receipt.transaction.key.to_string(), self.journal.len());
        self.journal.push(receipt.clone());
        Ok(Applied {
            receipt,
            replayed: false,
        })
    }

    /// Verifies the books: every journal transaction balanced, all balances summing to zero, each
    /// balance equal to the sum of its journal lines, and no account but the mint below zero.
    ///
    /// # Errors
    /// The first [`CheckError`] found.
    pub fn check(&self) -> Result<(), CheckError> {
        let mut from_entries: BTreeMap<AccountId, i128> = BTreeMap::new();
        for r in &self.journal {
            if r.transaction.sum() != 0 {
                return Err(CheckError::UnbalancedTransaction { seq: r.seq });
            }
            for e in &r.transaction.entries {
                *from_entries.entry(e.account).or_insert(0) += i128::from(e.amount.get());
            }
        }
        let total: i128 = self.balances.values().map(|c| i128::from(c.get())).sum();
        if total != 0 {
            return Err(CheckError::NonZeroTotal(total));
        }
        for (account, balance) in &self.balances {
            let entries = from_entries.remove(account).unwrap_or(0);
            if i128::from(balance.get()) != entries {
                return Err(CheckError::BalanceMismatch {
                    account: *account,
                    balance: *balance,
                    entries,
                });
            }
            if balance.is_negative() && !account.may_go_negative() {
                return Err(CheckError::NegativeBalance {
                    account: *account,
                    balance: *balance,
                });
            }
        }
        if let Some((account, entries)) = from_entries.into_iter().find(|(_, v)| *v != 0) {
            return Err(CheckError::BalanceMismatch {
                account,
                balance: Coins::ZERO,
                entries,
            });
        }
        Ok(())
    }
}

impl Balances for Ledger {
    fn balance_of(&self, user: UserId) -> Coins {
        self.balance(&AccountId::User(user))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::IdempotencyKey;

    fn grant(user: u64, amount: i64, key: &str) -> Transaction {
        Transaction::starting_grant(
            UserId(user),
            Coins(amount),
            IdempotencyKey::new(key).unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn check_detects_a_tampered_balance() {
        let mut ledger = Ledger::new();
        ledger.apply(grant(1, 100, "g1")).unwrap();
        assert_eq!(ledger.check(), Ok(()));
        ledger
            .balances
            .insert(AccountId::User(UserId(1)), Coins(90));
        assert_eq!(ledger.check(), Err(CheckError::NonZeroTotal(-10)));
        ledger.balances.insert(AccountId::Mint, Coins(-90));
        assert_eq!(
            ledger.check(),
            Err(CheckError::BalanceMismatch {
                account: AccountId::User(UserId(1)),
                balance: Coins(90),
                entries: 100,
            })
        );
    }

    #[test]
    fn check_detects_a_negative_user() {
        let mut ledger = Ledger::new();
        ledger.apply(grant(1, 100, "g1")).unwrap();
        // Forge a transaction that apply() would refuse: the user pays 200 back to the mint.
        let user = AccountId::User(UserId(1));
        let forged = Transaction {
            key: IdempotencyKey::new("forged").unwrap(),
            kind: crate::ledger::TxKind::AdminGrant,
            memo: String::new(),
            entries: vec![
                crate::ledger::Entry {
                    account: user,
                    amount: Coins(-200),
                },
                crate::ledger::Entry {
                    account: AccountId::Mint,
                    amount: Coins(200),
                },
            ],
        };
        assert!(matches!(
            ledger.apply(forged.clone()),
            Err(LedgerError::InsufficientFunds {
                needed: Coins(200),
                available: Coins(100),
                ..
            })
        ));
        ledger.journal.push(Receipt {
            seq: 1,
            transaction: forged,
            balances_after: vec![],
        });
        ledger.balances.insert(user, Coins(-100));
        ledger.balances.insert(AccountId::Mint, Coins(100));
        assert_eq!(
            ledger.check(),
            Err(CheckError::NegativeBalance {
                account: user,
                balance: Coins(-100)
            })
        );
    }
}
