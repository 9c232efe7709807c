//! The coin ledger in the database (`platform::ledger` stored): `ledger_accounts` holds each
//! account's balance, `ledger_tx` one row per applied transaction (its idempotency key is
//! unique), `ledger_entries` its lines with each account's balance after the transaction.
//!
//! Decision: concurrency is left to the database, with no lock in the server. A key already
//! applied is answered first, without locks (replay or conflict). Otherwise each balance moves by
//! one conditional `UPDATE … SET balance = balance + Δ WHERE balance + Δ stays in range
//! RETURNING balance`: on PostgreSQL the update locks the row and re-checks the condition against
//! the latest committed balance; SQLite runs one writer at a time (`BEGIN IMMEDIATE`). Accounts
//! are updated in `AccountId` order, so two ledger transactions never wait on each other in a
//! cycle. Only then is the key claimed (`INSERT … ON CONFLICT (key) DO NOTHING`, which waits for
//! a concurrent claim of the same key): drawing the id while holding the account locks makes ids
//! follow each account's balance history. Every application runs inside a savepoint: a refusal,
//! or a key taken meanwhile, rolls it back, so nothing is written and an enclosing transaction
//! stays usable. As in `platform`, refused transactions are not remembered.
//!
//! One global lock order over the whole database: `users` rows (by id) before `ledger_accounts`
//! rows (by `AccountId`). A database transaction that applies several ledger transactions locks
//! all their accounts first ([`Db::ledger_lock_in`]), and a transaction the database gave up on
//! (deadlock, serialization failure, busy) is run again as a whole (`retry.rs`).

use super::sql::Sql;
use super::write_gate::{Priority, WriteTurn};
use super::{Db, StoreError};
use platform::ledger::{
    AccountId, Applied, Coins, Entry, IdempotencyKey, LedgerError, Receipt, Transaction, TxKind,
    MAX_COINS,
};
use sqlx::{Acquire, Any, AnyConnection, Row};

/// A database transaction of the store that writes, for work that must commit together with
/// ledger moves. On SQLite it holds its turn at the write lock (`write_gate.rs`) until it ends.
/// Dereferences to its connection: `&mut *tx` is an executor.
pub struct DbTx {
    tx: sqlx::Transaction<'static, Any>,
    _turn: Option<WriteTurn>,
}

impl std::ops::Deref for DbTx {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.tx
    }
}

impl std::ops::DerefMut for DbTx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }
}

impl DbTx {
    /// Commits the transaction (and gives the write turn back).
    ///
    /// # Errors
    /// [`sqlx::Error`] if the commit failed.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
    }

    /// Rolls the transaction back (and gives the write turn back); dropping it does too.
    ///
    /// # Errors
    /// [`sqlx::Error`] if the rollback failed.
    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        self.tx.rollback().await
    }
}

/// The stored name of a transaction kind (`starting_grant`, `reward`, …).
fn kind_name(kind: TxKind) -> Result<String, StoreError> {
    match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(s)) => Ok(s),
        _ => Err(StoreError::Corrupt(format!("kind {kind:?}"))),
    }
}

pub(super) fn kind_from_name(name: String) -> Result<TxKind, StoreError> {
    serde_json::from_value(serde_json::Value::String(name))
        .map_err(|e| StoreError::Corrupt(format!("ledger kind: {e}")))
}

pub(super) fn account_from(text: &str) -> Result<AccountId, StoreError> {
    text.parse()
        .map_err(|e| StoreError::Corrupt(format!("ledger account: {e}")))
}

/// The lowest balance after a transaction: 0, or `-i64::MAX` for the mint.
fn floor(account: &AccountId) -> i128 {
    i128::from(account.floor())
}

/// The highest balance after a transaction: `MAX_COINS` for a user receiving a grant, else
/// `i64::MAX`.
fn ceiling(account: &AccountId, kind: TxKind) -> i128 {
    if kind.is_grant() && matches!(account, AccountId::User(_)) {
        i128::from(MAX_COINS.get())
    } else {
        i128::from(i64::MAX)
    }
}

fn clamp(v: i128) -> i64 {
    i64::try_from(v.clamp(i128::from(i64::MIN), i128::from(i64::MAX))).unwrap_or(0)
}

/// A pooled connection for one statement that writes, holding its turn at SQLite's write lock
/// (`write_gate.rs`) so that it never waits for the lock with a connection in hand.
/// Dereferences to the connection: `&mut *conn` is an executor.
pub struct WriteConn {
    conn: sqlx::pool::PoolConnection<Any>,
    _turn: Option<WriteTurn>,
}

impl std::ops::Deref for WriteConn {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for WriteConn {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}

impl Db {
    /// A connection for one statement that writes (outside a transaction): on SQLite, taken
    /// after a turn at the write lock.
    ///
    /// # Errors
    /// [`StoreError::Db`] if no connection comes.
    pub async fn writer(&self) -> Result<WriteConn, StoreError> {
        let turn = self.write_turn(Priority::Other).await;
        Ok(WriteConn {
            conn: self.pool.acquire().await?,
            _turn: turn,
        })
    }

    /// Begins a transaction that will write: `BEGIN IMMEDIATE` on SQLite (so it queues for the
    /// write lock at once instead of failing on upgrade), a plain `BEGIN` on PostgreSQL.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn begin_write(&self) -> Result<DbTx, StoreError> {
        Ok(match self.backend {
            super::Backend::Sqlite => {
                let turn = self.write_turn(Priority::Other).await;
                DbTx {
                    tx: self.pool.begin_with("BEGIN IMMEDIATE").await?,
                    _turn: turn,
                }
            }
            super::Backend::Postgres => DbTx {
                tx: self.pool.begin().await?,
                _turn: None,
            },
        })
    }

    /// Applies `tx` in a database transaction of its own: all or nothing.
    ///
    /// The same key with the same transaction returns the original receipt with
    /// `replayed: true`, changing nothing; the receipt's `seq` is the transaction's id.
    ///
    /// # Errors
    /// [`StoreError::Ledger`] with [`LedgerError::InsufficientFunds`] when an account other than
    /// the mint would go below zero, [`LedgerError::KeyConflict`] when the key was used by a
    /// different transaction, or a shape error; [`StoreError::Db`]. Nothing is written then.
    pub async fn ledger_apply(&self, tx: &Transaction) -> Result<Applied, StoreError> {
        self.check_fault(super::Fault::Ledger)?;
        super::retry::retry("ledger transaction", || async {
            let mut db_tx = self.begin_write().await?;
            let applied = self.ledger_apply_in(&mut db_tx, tx).await?;
            db_tx.commit().await?;
            Ok(applied)
        })
        .await
    }

    /// Locks the balance rows of `accounts` (creating missing ones) in `AccountId` order, the
    /// one global order of every lock on `ledger_accounts`: a database transaction that will
    /// apply several ledger transactions (a game's end with its reward, wager and pool) calls
    /// this first with all their accounts, so it never holds one account while waiting for an
    /// account that comes before it. On SQLite the write lock of `BEGIN IMMEDIATE` is held
    /// already, so nothing is done.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn ledger_lock_in(
        &self,
        db_tx: &mut DbTx,
        accounts: &std::collections::BTreeSet<AccountId>,
    ) -> Result<(), StoreError> {
        if self.backend == super::Backend::Sqlite {
            return Ok(());
        }
        for account in accounts {
            let name = account.to_string();
            create_account(db_tx, &name).await?;
            sqlx::query("SELECT balance FROM ledger_accounts WHERE account = $1 FOR UPDATE")
                .bind(&name)
                .fetch_optional(&mut **db_tx)
                .await?;
        }
        Ok(())
    }

    /// [`Db::ledger_apply`] inside the caller's transaction `db_tx` (for example with a game's
    /// result), which the caller commits. A refusal writes nothing and leaves `db_tx` usable.
    ///
    /// # Errors
    /// As [`Db::ledger_apply`].
    pub async fn ledger_apply_in(
        &self,
        db_tx: &mut DbTx,
        tx: &Transaction,
    ) -> Result<Applied, StoreError> {
        tx.validate()?;
        // A replay needs no lock: answer it before touching any balance.
        if let Some(done) = replay(db_tx, tx).await? {
            return Ok(done);
        }
        let mut sp = Acquire::begin(&mut **db_tx).await?;
        let result = apply(&mut sp, tx).await;
        if let Ok(Some(applied)) = result {
            sp.commit().await?;
            return Ok(applied);
        }
        if let Err(r) = sp.rollback().await {
            tracing::warn!("ledger savepoint rollback: {r}");
        }
        match result {
            // The key was claimed meanwhile (the claim waited for that transaction to commit).
            Ok(_) => replay(db_tx, tx)
                .await?
                .ok_or_else(|| StoreError::Corrupt(format!("ledger key {} vanished", tx.key))),
            // Refused: unless a concurrent submission of the same key got there first (and
            // spent what this one needed), in which case this is its replay.
            Err(StoreError::Ledger(e)) => match replay(db_tx, tx).await? {
                Some(done) => Ok(done),
                None => Err(e.into()),
            },
            Err(e) => Err(e),
        }
    }

    /// The balance of `account` (zero if it never held coins).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn balance(&self, account: &AccountId) -> Result<Coins, StoreError> {
        let b: Option<i64> =
            sqlx::query_scalar("SELECT balance FROM ledger_accounts WHERE account = $1")
                .bind(account.to_string())
                .fetch_optional(&self.pool)
                .await?;
        Ok(Coins(b.unwrap_or(0)))
    }
}

/// The work of [`Db::ledger_apply_in`], inside its savepoint: moves the balances, then claims
/// the key; `None` if the key turned out to be taken (the savepoint must be rolled back).
///
/// The transaction's id is drawn after its accounts are locked, so for every account, ids grow
/// in the order its balance changed: statements sorted by id show consistent balances.
async fn apply(conn: &mut AnyConnection, tx: &Transaction) -> Result<Option<Applied>, StoreError> {
    let mut after = Vec::new();
    for (account, delta) in tx.net_by_account() {
        let balance = move_balance(conn, &account, delta, ceiling(&account, tx.kind)).await?;
        after.push((account, Coins(balance)));
    }
    let now = kit::clock::now().0;
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO ledger_tx (key, kind, memo, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (key) DO NOTHING RETURNING id",
    )
    .bind(tx.key.as_str())
    .bind(kind_name(tx.kind)?)
    .bind(&tx.memo)
    .bind(now.sql())
    .fetch_optional(&mut *conn)
    .await?;
    let Some(id) = id else {
        return Ok(None);
    };
    for (seq, e) in tx.entries.iter().enumerate() {
        let balance_after = after
            .iter()
            .find(|(a, _)| *a == e.account)
            .map_or(0, |(_, b)| b.get());
        sqlx::query(
            "INSERT INTO ledger_entries (tx_id, seq, account, amount, balance_after) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(i64::try_from(seq).unwrap_or(i64::MAX))
        .bind(e.account.to_string())
        .bind(e.amount.get())
        .bind(balance_after)
        .execute(&mut *conn)
        .await?;
    }
    Ok(Some(Applied {
        receipt: Receipt {
            seq: u64::from_sql(id),
            transaction: tx.clone(),
            balances_after: after,
        },
        replayed: false,
    }))
}

/// Moves `account` by `delta` if its balance stays in [floor, `top`]; returns the new balance.
/// Creates the balance row of account `name` at zero unless it exists.
async fn create_account(conn: &mut AnyConnection, name: &str) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO ledger_accounts (account, balance) VALUES ($1, 0) \
         ON CONFLICT (account) DO NOTHING",
    )
    .bind(name)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn move_balance(
    conn: &mut AnyConnection,
    account: &AccountId,
    delta: i128,
    top: i128,
) -> Result<i64, StoreError> {
    let name = account.to_string();
    let Ok(step) = i64::try_from(delta) else {
        return Err(LedgerError::Overflow(*account).into());
    };
    // The balance before must lie in [lo, hi] for the balance after to lie in [floor, top].
    let lo = clamp(floor(account) - delta);
    let hi = clamp(top - delta);
    for attempt in 0..2 {
        let updated: Option<i64> = sqlx::query_scalar(
            "UPDATE ledger_accounts SET balance = balance + $1 \
             WHERE account = $2 AND balance >= $3 AND balance <= $4 RETURNING balance",
        )
        .bind(step)
        .bind(&name)
        .bind(lo)
        .bind(hi)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(b) = updated {
            return Ok(b);
        }
        if attempt == 0 {
            // A new account (or one another transaction is creating: this waits for it).
            create_account(conn, &name).await?;
        }
    }
    let available: i64 =
        sqlx::query_scalar("SELECT balance FROM ledger_accounts WHERE account = $1")
            .bind(&name)
            .fetch_optional(&mut *conn)
            .await?
            .unwrap_or(0);
    let after = i128::from(available) + delta;
    if after < floor(account) && *account != AccountId::Mint {
        Err(LedgerError::InsufficientFunds {
            account: *account,
            needed: Coins(clamp(-delta)),
            available: Coins(available),
        }
        .into())
    } else if after > top && top < i128::from(i64::MAX) {
        Err(LedgerError::AboveMaximum(Coins(clamp(after))).into())
    } else {
        Err(LedgerError::Overflow(*account).into())
    }
}

/// If `tx`'s key is taken: the original receipt when `tx` is the same transaction, else a
/// conflict. `None` when the key is free.
async fn replay(conn: &mut AnyConnection, tx: &Transaction) -> Result<Option<Applied>, StoreError> {
    let Some(row) = sqlx::query("SELECT id, kind, memo FROM ledger_tx WHERE key = $1")
        .bind(tx.key.as_str())
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let id: i64 = row.try_get("id")?;
    let lines = sqlx::query(
        "SELECT account, amount, balance_after FROM ledger_entries WHERE tx_id = $1 ORDER BY seq",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let mut entries = Vec::with_capacity(lines.len());
    let mut after: Vec<(AccountId, Coins)> = Vec::new();
    for l in &lines {
        let account = account_from(&l.try_get::<String, _>("account")?)?;
        entries.push(Entry {
            account,
            amount: Coins(l.try_get("amount")?),
        });
        if !after.iter().any(|(a, _)| *a == account) {
            after.push((account, Coins(l.try_get("balance_after")?)));
        }
    }
    after.sort_by_key(|(a, _)| *a);
    let stored = Transaction {
        key: IdempotencyKey::new(tx.key.as_str())?,
        kind: kind_from_name(row.try_get("kind")?)?,
        memo: row.try_get("memo")?,
        entries,
    };
    if stored != *tx {
        return Err(LedgerError::KeyConflict(tx.key.to_string()).into());
    }
    Ok(Some(Applied {
        receipt: Receipt {
            seq: u64::from_sql(id),
            transaction: stored,
            balances_after: after,
        },
        replayed: true,
    }))
}
