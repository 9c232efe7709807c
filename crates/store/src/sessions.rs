//! Sessions: a random token in an HttpOnly cookie; only its SHA-256 is stored.

use super::sql::Sql;
use super::users::user_from_row;
use super::{Db, StoreError, UserRow};
use platform::UserId;

impl Db {
    /// Stores a session for `user` valid until `expires_at`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn create_session(
        &self,
        token_hash: &str,
        user: UserId,
        now: u64,
        expires_at: u64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(user.sql())
        .bind(now.sql())
        .bind(expires_at.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(())
    }

    /// The user of an unexpired session.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn session_user(
        &self,
        token_hash: &str,
        now: u64,
    ) -> Result<Option<UserRow>, StoreError> {
        let row = sqlx::query(
            "SELECT u.id, u.name, u.guest, u.rating, u.deviation, u.volatility, u.games, u.titles, \
             u.computer_level \
             FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now.sql())
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(r) => Ok(Some(self.with_coins(user_from_row(&r)?).await?)),
            None => Ok(None),
        }
    }

    /// Deletes a session (log out).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&mut *self.writer().await?)
            .await?;
        Ok(())
    }
}
