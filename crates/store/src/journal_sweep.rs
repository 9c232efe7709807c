//! Deleting the journal rows of ended games on SQLite, in small steps in the background.
//!
//! SQLite's journal is an append-only log (migration 0024): a commit of many moves appends to one
//! or two pages. A game's rows are then spread over every page written while it was played, so
//! deleting them when it ends rewrote dozens of pages per game. Instead a cursor walks the log
//! in steps of [`STEP`] rows, each its own short write, and deletes the rows whose game is no
//! longer in progress: each page is rewritten once per pass for all the games that ended. The
//! rows of a game still in progress are never touched, so a restart finds them whole.
//! PostgreSQL keeps deleting a game's rows in its end's transaction (its key is by game).

use super::{Db, StoreError};
use std::time::Duration;

/// How often a step runs while the cursor has rows ahead of it.
pub(crate) const EVERY: Duration = Duration::from_millis(250);

/// How long the cursor rests once it reached the end of the log, before starting over.
pub(crate) const REST: Duration = Duration::from_secs(2);

/// Rows one step looks at (at most this many rows are deleted in one write).
pub(crate) const STEP: i64 = 2_000;

/// Starts the sweep of the SQLite database `db`; it stops when the pool closes.
pub(crate) fn spawn(db: Db) {
    tokio::spawn(async move {
        let mut cursor = 0;
        loop {
            let wait = if cursor == 0 { REST } else { EVERY };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = db.pool().close_event() => return,
            }
            cursor = match db.sweep_journal(cursor).await {
                Ok(next) => next,
                Err(e) => {
                    tracing::debug!("journal sweep: {e}");
                    0
                }
            };
        }
    });
}

impl Db {
    /// One step of the sweep: deletes, among the [`STEP`] journal rows after `cursor`, those
    /// of games no longer in progress. Returns where the next step starts (0: the end of the
    /// log was reached).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn sweep_journal(&self, cursor: i64) -> Result<i64, StoreError> {
        // Read first, without the write lock: an idle site writes nothing, and a node that is
        // stopped (SIGSTOP) at a random instant almost never holds the lock of a shared file.
        let (last, seen): (Option<i64>, i64) = sqlx::query_as(
            "SELECT MAX(id), COUNT(*) FROM \
             (SELECT id FROM game_log WHERE id > $1 ORDER BY id LIMIT $2) AS ahead",
        )
        .bind(cursor)
        .bind(STEP)
        .fetch_one(&self.pool)
        .await?;
        let Some(last) = last else {
            return Ok(0);
        };
        let ended: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM game_log WHERE id > $1 AND id <= $2 AND NOT EXISTS \
             (SELECT 1 FROM games g WHERE g.id = game_log.game_id AND g.status = 'playing')",
        )
        .bind(cursor)
        .bind(last)
        .fetch_one(&self.pool)
        .await?;
        if ended > 0 {
            let mut tx = self.begin_write().await?;
            sqlx::query(
                "DELETE FROM game_log WHERE id > $1 AND id <= $2 AND NOT EXISTS \
                 (SELECT 1 FROM games g WHERE g.id = game_log.game_id AND g.status = 'playing')",
            )
            .bind(cursor)
            .bind(last)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        }
        Ok(if seen < STEP { 0 } else { last.max(1) })
    }
}
