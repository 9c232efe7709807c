//! A user's settings of the web client (one JSON text, validated by the server before it comes
//! here), a password change, and signing out of one's other sessions.

use super::sql::Sql;
use super::{Db, StoreError};
use platform::UserId;
use sqlx::Row;

impl Db {
    /// `user`'s stored settings (a JSON text), if any were saved.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn user_settings(&self, user: UserId) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT body FROM user_settings WHERE user_id = $1")
            .bind(user.sql())
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get("body")?),
            None => None,
        })
    }

    /// Stores `body` as `user`'s settings, replacing what was there.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn set_user_settings(
        &self,
        user: UserId,
        body: &str,
        now: u64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO user_settings (user_id, body, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at",
        )
        .bind(user.sql())
        .bind(body)
        .bind(now.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(())
    }

    /// Replaces `user`'s password hash and deletes every session of theirs but `keep` (a token
    /// hash), in one transaction; returns the token hashes deleted.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn set_password(
        &self,
        user: UserId,
        password_hash: &str,
        keep: &str,
    ) -> Result<Vec<String>, StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(user.sql())
            .execute(&mut *tx)
            .await?;
        let gone = delete_others(&mut tx, user, keep).await?;
        tx.commit().await?;
        Ok(gone)
    }

    /// Deletes every session of `user` but `keep` (a token hash); returns the token hashes
    /// deleted.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn delete_other_sessions(
        &self,
        user: UserId,
        keep: &str,
    ) -> Result<Vec<String>, StoreError> {
        let mut tx = self.begin_write().await?;
        let gone = delete_others(&mut tx, user, keep).await?;
        tx.commit().await?;
        Ok(gone)
    }
}

async fn delete_others(
    tx: &mut super::DbTx,
    user: UserId,
    keep: &str,
) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query(
        "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash",
    )
    .bind(user.sql())
    .bind(keep)
    .fetch_all(&mut **tx)
    .await?;
    rows.iter()
        .map(|r| r.try_get("token_hash").map_err(StoreError::from))
        .collect()
}
