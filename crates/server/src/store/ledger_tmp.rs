//! TEMPORARY stand-in for the ledger store of branch `ledger` (CONTRACTS.md §A), with the same
//! signatures, so that wagers can be built and tested before it lands; dropped at the merge.

use super::{Db, StoreError};
use platform::ledger::{AccountId, Applied, Coins, LedgerError, Receipt, Transaction};
use sqlx::{Any, Row};
use std::collections::BTreeMap;

/// A database transaction that writes.
pub type DbTx = sqlx::Transaction<'static, Any>;

impl Db {
    /// Begins a transaction that will write (`BEGIN IMMEDIATE` on SQLite).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn begin_write(&self) -> Result<DbTx, StoreError> {
        Ok(match self.backend() {
            super::Backend::Sqlite => self.pool().begin_with("BEGIN IMMEDIATE").await?,
            super::Backend::Postgres => self.pool().begin().await?,
        })
    }

    /// Applies `tx` in its own database transaction.
    ///
    /// # Errors
    /// [`StoreError::Ledger`], [`StoreError::Db`].
    pub async fn ledger_apply(&self, tx: &Transaction) -> Result<Applied, StoreError> {
        let mut db_tx = self.begin_write().await?;
        let applied = self.ledger_apply_in(&mut db_tx, tx).await?;
        db_tx.commit().await?;
        Ok(applied)
    }

    /// Applies `tx` inside `db_tx`.
    ///
    /// # Errors
    /// [`StoreError::Ledger`], [`StoreError::Db`].
    pub async fn ledger_apply_in(
        &self,
        db_tx: &mut DbTx,
        tx: &Transaction,
    ) -> Result<Applied, StoreError> {
        let conn = &mut **db_tx;
        let existing: Option<i64> = sqlx::query_scalar("SELECT id FROM ledger_tx WHERE key = $1")
            .bind(tx.key.as_str())
            .fetch_optional(&mut *conn)
            .await?;
        let net: BTreeMap<String, i64> = tx
            .net_by_account()
            .into_iter()
            .filter(|(_, v)| *v != 0)
            .map(|(a, v)| (a.to_string(), i64::try_from(v).unwrap_or(i64::MAX)))
            .collect();
        let receipt = |seq: i64| Receipt {
            seq: u64::try_from(seq).unwrap_or(0),
            transaction: tx.clone(),
            balances_after: Vec::new(),
        };
        if let Some(id) = existing {
            let rows = sqlx::query("SELECT account, amount FROM ledger_entries WHERE tx_id = $1")
                .bind(id)
                .fetch_all(&mut *conn)
                .await?;
            let mut old: BTreeMap<String, i64> = BTreeMap::new();
            for r in rows {
                let a: String = r.try_get("account")?;
                let v: i64 = r.try_get("amount")?;
                *old.entry(a).or_default() += v;
            }
            old.retain(|_, v| *v != 0);
            return if old == net {
                Ok(Applied {
                    receipt: receipt(id),
                    replayed: true,
                })
            } else {
                Err(LedgerError::KeyConflict(tx.key.to_string()).into())
            };
        }
        tx.validate()?;
        let mut sp = sqlx::Acquire::begin(&mut *conn).await?;
        let mut after = Vec::new();
        for (account, delta) in tx.net_by_account() {
            let delta = i64::try_from(delta).unwrap_or(i64::MAX);
            let name = account.to_string();
            sqlx::query(
                "INSERT INTO ledger_accounts (account, balance) VALUES ($1, 0) ON CONFLICT (account) DO NOTHING",
            )
            .bind(&name)
            .execute(&mut *sp)
            .await?;
            let floor = if account.may_go_negative() {
                i64::MIN
            } else {
                0
            };
            let done = sqlx::query(
                "UPDATE ledger_accounts SET balance = balance + $1 WHERE account = $2 AND balance + $1 >= $3",
            )
            .bind(delta)
            .bind(&name)
            .bind(floor)
            .execute(&mut *sp)
            .await?;
            if done.rows_affected() == 0 {
                sp.rollback().await?;
                return Err(LedgerError::InsufficientFunds {
                    account,
                    needed: Coins(-delta),
                    available: Coins::ZERO,
                }
                .into());
            }
            after.push((account, Coins::ZERO));
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO ledger_tx (key, kind, memo, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(tx.key.as_str())
        .bind(
            serde_json::to_value(tx.kind)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
        )
        .bind(&tx.memo)
        .bind(super::to_i64(crate::clock::now().0))
        .fetch_one(&mut *sp)
        .await?;
        for e in &tx.entries {
            sqlx::query("INSERT INTO ledger_entries (tx_id, account, amount) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(e.account.to_string())
                .bind(e.amount.get())
                .execute(&mut *sp)
                .await?;
        }
        sp.commit().await?;
        let mut r = receipt(id);
        r.balances_after = after;
        Ok(Applied {
            receipt: r,
            replayed: false,
        })
    }

    /// The balance of `account`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn balance(&self, account: &AccountId) -> Result<Coins, StoreError> {
        let b: Option<i64> =
            sqlx::query_scalar("SELECT balance FROM ledger_accounts WHERE account = $1")
                .bind(account.to_string())
                .fetch_optional(self.pool())
                .await?;
        Ok(Coins(b.unwrap_or(0)))
    }
}
