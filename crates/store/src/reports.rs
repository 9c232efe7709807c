//! Players' reports of players: one open report per reporter and target (a unique index on
//! the open ones), listed for moderators, closed by them.

use super::behaviour::opt_millis;
use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::{Millis, UserId};
use sqlx::Row;

/// A stored report with both names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    /// Its id.
    pub id: u64,
    /// Who reported.
    pub reporter: UserId,
    /// Their name.
    pub reporter_name: String,
    /// Whom.
    pub target: UserId,
    /// Their name.
    pub target_name: String,
    /// Why.
    pub reason: String,
    /// When.
    pub created_at: Millis,
    /// When a moderator closed it.
    pub closed_at: Option<Millis>,
}

impl Db {
    /// Stores a report; `None` if the reporter has an open report of the target already.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn create_report(
        &self,
        reporter: UserId,
        target: UserId,
        reason: &str,
        now: Millis,
    ) -> Result<Option<u64>, StoreError> {
        let row = sqlx::query(
            "INSERT INTO reports (reporter, target, reason, created_at) VALUES ($1, $2, $3, $4) \
             RETURNING id",
        )
        .bind(reporter.sql())
        .bind(target.sql())
        .bind(reason)
        .bind(now.sql())
        .fetch_one(&self.pool)
        .await;
        match row {
            Ok(r) => Ok(Some(get(&r, "id")?)),
            Err(sqlx::Error::Database(d)) if d.is_unique_violation() => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Reports, newest first (at most `limit`): the open ones only, or all.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn reports(
        &self,
        open_only: bool,
        limit: usize,
    ) -> Result<Vec<ReportRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.id, r.reporter, a.name AS reporter_name, r.target, b.name AS target_name, \
             r.reason, r.created_at, r.closed_at \
             FROM reports r JOIN users a ON a.id = r.reporter JOIN users b ON b.id = r.target \
             WHERE ($1 = 0 OR r.closed_at IS NULL) ORDER BY r.id DESC LIMIT $2",
        )
        .bind(i64::from(open_only))
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ReportRow {
                    id: get(r, "id")?,
                    reporter: get(r, "reporter")?,
                    reporter_name: r.try_get("reporter_name")?,
                    target: get(r, "target")?,
                    target_name: r.try_get("target_name")?,
                    reason: r.try_get("reason")?,
                    created_at: get(r, "created_at")?,
                    closed_at: opt_millis(r, "closed_at")?,
                })
            })
            .collect()
    }

    /// Closes report `id`; `false` if there is no such open report.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn close_report(&self, id: u64, now: Millis) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE reports SET closed_at = $2 WHERE id = $1 AND closed_at IS NULL")
                .bind(id.sql())
                .bind(now.sql())
                .execute(&mut *self.writer().await?)
                .await?;
        Ok(done.rows_affected() > 0)
    }
}
