//! The organiser role granted at run time (`organisers`, migration 0020): granted and revoked
//! by an administrator (`chuhe admin organiser`), asked by the tournament routes.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::{Millis, UserId};
use sqlx::Row;

/// One organiser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrganiserRow {
    /// The user.
    pub user: UserId,
    /// Their name.
    pub name: String,
    /// Who granted the role.
    pub granted_by: String,
    /// When.
    pub granted_at: Millis,
}

impl Db {
    /// Grants `user` the organiser role; `false` if they already had it (nothing changes).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn grant_organiser(
        &self,
        user: UserId,
        by: &str,
        at: Millis,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO organisers (user_id, granted_by, granted_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO NOTHING",
        )
        .bind(user.sql())
        .bind(by)
        .bind(at.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes the organiser role from `user`; `false` if they did not have it.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn revoke_organiser(&self, user: UserId) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM organisers WHERE user_id = $1")
            .bind(user.sql())
            .execute(&mut *self.writer().await?)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether `user` holds the organiser role.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn is_organiser(&self, user: UserId) -> Result<bool, StoreError> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM organisers WHERE user_id = $1")
            .bind(user.sql())
            .fetch_one(&self.pool)
            .await?;
        Ok(n > 0)
    }

    /// Every organiser, by name.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn organisers(&self) -> Result<Vec<OrganiserRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT o.user_id, u.name, o.granted_by, o.granted_at FROM organisers o \
             JOIN users u ON u.id = o.user_id ORDER BY u.name",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(OrganiserRow {
                    user: get(r, "user_id")?,
                    name: r.try_get("name")?,
                    granted_by: r.try_get("granted_by")?,
                    granted_at: get(r, "granted_at")?,
                })
            })
            .collect()
    }
}
