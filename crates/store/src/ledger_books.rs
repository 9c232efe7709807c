//! The books as read: a user's statement ([`Db::ledger_statement`]), the escrows that still
//! hold coins ([`Db::held_escrows`]) and the audit of the whole ledger ([`Db::ledger_check`]).

use super::ledger::{account_from, kind_from_name};
use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::ledger::{AccountId, CheckError, Coins, TxKind};
use sqlx::any::AnyRow;
use sqlx::Row;
use std::collections::BTreeMap;
use std::fmt;

/// One line of a user's statement (`GET /api/me/ledger`): what one transaction did to an account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The transaction's id.
    pub tx: u64,
    /// When it was applied (ms since the epoch).
    pub at: u64,
    /// What it was for.
    pub kind: TxKind,
    /// Its note.
    pub memo: String,
    /// The net amount it moved into (positive) or out of (negative) the account.
    pub amount: i64,
    /// The account's balance after it.
    pub balance_after: i64,
}

/// What [`Db::ledger_check`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LedgerReport {
    /// Accounts with a balance row.
    pub accounts: u64,
    /// Applied transactions.
    pub transactions: u64,
    /// The sum of all balances (zero when the books balance).
    pub total: i128,
    /// Coins in circulation: minus the mint's balance.
    pub issued: i64,
    /// Every discrepancy found; empty when the books are right.
    pub mismatches: Vec<CheckError>,
}

impl LedgerReport {
    /// Whether the books are right.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.mismatches.is_empty()
    }
}

impl fmt::Display for LedgerReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "accounts: {}", self.accounts)?;
        writeln!(f, "transactions: {}", self.transactions)?;
        writeln!(f, "sum of balances: {}", self.total)?;
        writeln!(f, "coins issued: {}", self.issued)?;
        if self.is_ok() {
            write!(f, "ok: every balance equals the sum of its entries")
        } else {
            write!(f, "{} discrepancies:", self.mismatches.len())?;
            for m in &self.mismatches {
                write!(f, "\n  {m}")?;
            }
            Ok(())
        }
    }
}

fn statement_from_row(row: &AnyRow) -> Result<Statement, StoreError> {
    Ok(Statement {
        tx: get(row, "id")?,
        at: get(row, "created_at")?,
        kind: kind_from_name(row.try_get("kind")?)?,
        memo: row.try_get("memo")?,
        amount: row.try_get("amount")?,
        balance_after: row.try_get("balance_after")?,
    })
}

impl Db {
    /// The escrow accounts (wagers' and pools') that hold coins now, with their balances: once
    /// every game is over and recovered, none should.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn held_escrows(&self) -> Result<Vec<(AccountId, Coins)>, StoreError> {
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT account, balance FROM ledger_accounts \
             WHERE account LIKE 'escrow:%' AND balance <> 0 ORDER BY account",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|(a, b)| Ok((account_from(&a)?, Coins(b))))
            .collect()
    }

    /// What the transactions with ids below `before` did to `account`, newest first, at most
    /// `limit` of them.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn ledger_statement(
        &self,
        account: &AccountId,
        limit: u32,
        before: Option<u64>,
    ) -> Result<Vec<Statement>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id, t.kind, t.memo, t.created_at, CAST(SUM(e.amount) AS BIGINT) AS amount, \
             MAX(e.balance_after) AS balance_after \
             FROM ledger_entries e JOIN ledger_tx t ON t.id = e.tx_id \
             WHERE e.account = $1 AND e.tx_id < $2 \
             GROUP BY t.id, t.kind, t.memo, t.created_at ORDER BY t.id DESC LIMIT $3",
        )
        .bind(account.to_string())
        .bind(before.map_or(i64::MAX, Sql::sql))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(statement_from_row).collect()
    }

    /// Audits the books: every transaction balanced, every balance equal to the sum of its
    /// entries, no account but the mint below zero, all balances summing to zero.
    ///
    /// # Errors
    /// [`StoreError`] if the data cannot be read (discrepancies are in the report).
    pub async fn ledger_check(&self) -> Result<LedgerReport, StoreError> {
        let mut db_tx = self.pool.begin().await?;
        let mut report = LedgerReport::default();
        let balances = sqlx::query("SELECT account, balance FROM ledger_accounts ORDER BY account")
            .fetch_all(&mut *db_tx)
            .await?;
        let sums = sqlx::query(
            "SELECT account, CAST(SUM(amount) AS BIGINT) AS total FROM ledger_entries GROUP BY account",
        )
        .fetch_all(&mut *db_tx)
        .await?;
        let unbalanced = sqlx::query(
            "SELECT tx_id FROM ledger_entries GROUP BY tx_id HAVING SUM(amount) <> 0 ORDER BY tx_id",
        )
        .fetch_all(&mut *db_tx)
        .await?;
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ledger_tx")
            .fetch_one(&mut *db_tx)
            .await?;
        db_tx.commit().await?;

        report.transactions = u64::from_sql(count);
        for row in &unbalanced {
            report.mismatches.push(CheckError::UnbalancedTransaction {
                seq: get(row, "tx_id")?,
            });
        }
        let mut from_entries: BTreeMap<AccountId, i128> = BTreeMap::new();
        for row in &sums {
            let account = account_from(&row.try_get::<String, _>("account")?)?;
            from_entries.insert(account, i128::from(row.try_get::<i64, _>("total")?));
        }
        for row in &balances {
            let account = account_from(&row.try_get::<String, _>("account")?)?;
            let balance = Coins(row.try_get("balance")?);
            report.accounts += 1;
            report.total += i128::from(balance.get());
            if account == AccountId::Mint {
                report.issued = balance.get().saturating_neg();
            }
            let entries = from_entries.remove(&account).unwrap_or(0);
            if i128::from(balance.get()) != entries {
                report.mismatches.push(CheckError::BalanceMismatch {
                    account,
                    balance,
                    entries,
                });
            }
            if balance.is_negative() && !account.may_go_negative() {
                report
                    .mismatches
                    .push(CheckError::NegativeBalance { account, balance });
            }
        }
        for (account, entries) in from_entries.into_iter().filter(|(_, v)| *v != 0) {
            report.mismatches.push(CheckError::BalanceMismatch {
                account,
                balance: Coins::ZERO,
                entries,
            });
        }
        if report.total != 0 {
            report
                .mismatches
                .push(CheckError::NonZeroTotal(report.total));
        }
        Ok(report)
    }
}
