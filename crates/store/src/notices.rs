//! Stored notices: each private notice a player is sent is also kept (the newest
//! [`NOTICES_KEPT`] per player), read back with `GET /api/me/notices` and marked seen.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::{Millis, UserId};
use sqlx::Row;

/// Notices kept per player; older ones are deleted as new ones arrive.
pub const NOTICES_KEPT: u64 = 200;

/// One stored notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeRow {
    /// Its id (rising).
    pub id: u64,
    /// When it was sent.
    pub at: Millis,
    /// The WebSocket message it was (JSON text).
    pub body: String,
    /// Whether the player has marked it seen.
    pub seen: bool,
}

impl Db {
    /// Keeps `body` as a notice to `user`, deleting the ones beyond the newest
    /// [`NOTICES_KEPT`], in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn add_notice(
        &self,
        user: UserId,
        at: Millis,
        body: &str,
    ) -> Result<u64, StoreError> {
        let mut tx = self.begin_write().await?;
        let row =
            sqlx::query("INSERT INTO notices (user_id, at, body) VALUES ($1, $2, $3) RETURNING id")
                .bind(user.sql())
                .bind(at.sql())
                .bind(body)
                .fetch_one(&mut *tx)
                .await?;
        let id: u64 = get(&row, "id")?;
        sqlx::query(
            "DELETE FROM notices WHERE user_id = $1 AND id <= (SELECT id FROM notices \
             WHERE user_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)",
        )
        .bind(user.sql())
        .bind(NOTICES_KEPT.sql())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// `user`'s notices, newest first: at most `limit`, with ids below `before` if given.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn notices(
        &self,
        user: UserId,
        limit: u32,
        before: Option<u64>,
    ) -> Result<Vec<NoticeRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at, body, seen FROM notices WHERE user_id = $1 AND id < $2 \
             ORDER BY id DESC LIMIT $3",
        )
        .bind(user.sql())
        .bind(before.unwrap_or(u64::MAX).sql())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(NoticeRow {
                    id: get(r, "id")?,
                    at: get(r, "at")?,
                    body: r.try_get("body")?,
                    seen: r.try_get::<i64, _>("seen")? != 0,
                })
            })
            .collect()
    }

    /// How many of `user`'s notices are not seen yet.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn unseen_notices(&self, user: UserId) -> Result<u64, StoreError> {
        let n: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM notices WHERE user_id = $1 AND seen = 0")
                .bind(user.sql())
                .fetch_one(&self.pool)
                .await?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// Marks `user`'s notices up to `up_to` (inclusive) seen; returns how many changed. Other
    /// players' notices are never touched.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn mark_notices_seen(&self, user: UserId, up_to: u64) -> Result<u64, StoreError> {
        let done =
            sqlx::query("UPDATE notices SET seen = 1 WHERE user_id = $1 AND id <= $2 AND seen = 0")
                .bind(user.sql())
                .bind(up_to.sql())
                .execute(&mut *self.writer().await?)
                .await?;
        Ok(done.rows_affected())
    }
}
