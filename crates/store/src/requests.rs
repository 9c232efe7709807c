//! Client idempotency keys of coin requests (`bet`, `wager_topup`, `wager_agree`): one row per
//! user and key with what was asked and the answer given, written in the same database
//! transaction as the request's coins and wager or pool row. A retry with the same key finds it
//! and gets the same answer, whatever happened at the table since and across restarts; the
//! same key for anything else is a conflict. Refused requests are not stored.

use super::sql::Sql;
use super::{Db, DbTx, StoreError};
use platform::ledger::LedgerError;
use platform::UserId;
use sqlx::Row;

/// A keyed request to remember with its write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedRequest {
    /// Who sent it.
    pub user: UserId,
    /// The client's key.
    pub key: String,
    /// `bet`, `wager_topup` or `wager_agree`.
    pub op: &'static str,
    /// What was asked, as canonical JSON (table, amounts, pick, game…).
    pub request: String,
    /// The answer given, as JSON.
    pub answer: String,
}

/// A stored request: what was asked and the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRequest {
    /// `bet`, `wager_topup` or `wager_agree`.
    pub op: String,
    /// What was asked.
    pub request: String,
    /// The answer given.
    pub answer: String,
}

impl Db {
    /// The request `user` stored under `key`, if any.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn coin_request(
        &self,
        user: UserId,
        key: &str,
    ) -> Result<Option<StoredRequest>, StoreError> {
        let row = sqlx::query(
            "SELECT op, request, answer FROM coin_requests WHERE user_id = $1 AND key = $2",
        )
        .bind(user.sql())
        .bind(key)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| {
            Ok(StoredRequest {
                op: r.try_get("op")?,
                request: r.try_get("request")?,
                answer: r.try_get("answer")?,
            })
        })
        .transpose()
    }
}

/// Stores `req` inside `tx`. A key already stored for the same request is fine (the write is
/// a replay); for another request it is [`LedgerError::KeyConflict`], which rolls `tx` back.
pub(crate) async fn remember_on(tx: &mut DbTx, req: &KeyedRequest) -> Result<(), StoreError> {
    let claimed: Option<i64> = sqlx::query_scalar(
        "INSERT INTO coin_requests (user_id, key, op, request, answer, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, key) DO NOTHING RETURNING user_id",
    )
    .bind(req.user.sql())
    .bind(&req.key)
    .bind(req.op)
    .bind(&req.request)
    .bind(&req.answer)
    .bind(kit::clock::now().sql())
    .fetch_optional(&mut **tx)
    .await?;
    if claimed.is_some() {
        return Ok(());
    }
    let same: Option<i64> = sqlx::query_scalar(
        "SELECT user_id FROM coin_requests WHERE user_id = $1 AND key = $2 AND op = $3 \
         AND request = $4",
    )
    .bind(req.user.sql())
    .bind(&req.key)
    .bind(req.op)
    .bind(&req.request)
    .fetch_optional(&mut **tx)
    .await?;
    match same {
        Some(_) => Ok(()),
        None => Err(LedgerError::KeyConflict(req.key.clone()).into()),
    }
}
