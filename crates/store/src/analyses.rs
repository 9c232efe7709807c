//! `analyses`: the engine analyses of finished games — a queue in the database (so every node of
//! a site sees one queue and a restart loses nothing), the progress of the running ones and the
//! stored results (JSON, see `analysis::view`).

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::{GameId, UserId};
use sqlx::any::AnyRow;
use sqlx::Row;

/// Where an analysis stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisState {
    /// Waiting; `position` 1 starts next.
    Queued {
        /// Its place in the queue.
        position: u64,
    },
    /// Being searched.
    Running {
        /// Positions searched.
        done: u64,
        /// Positions to search.
        total: u64,
    },
    /// Finished: the analysis as JSON.
    Done {
        /// `analysis::view::AnalysisView` as JSON.
        result: String,
    },
    /// It could not be analysed (an unreadable record).
    Failed,
}

/// A queued analysis taken by a worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisJob {
    /// The game.
    pub game: GameId,
    /// Positions to search.
    pub total: u64,
}

impl Db {
    /// Queues an analysis of `game` (`total` positions) for `user`, unless the game has one
    /// already, or `user` has `per_user` queued or running. Returns `Ok(false)` when the user is
    /// at the limit (nothing written); `Ok(true)` when it is queued or the game had one.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn queue_analysis(
        &self,
        game: GameId,
        user: UserId,
        total: u64,
        per_user: u64,
        now: u64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let exists: Option<i64> =
            sqlx::query_scalar("SELECT game_id FROM analyses WHERE game_id = $1")
                .bind(game.sql())
                .fetch_optional(&mut *tx)
                .await?;
        if exists.is_some() {
            return Ok(true);
        }
        let mine: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM analyses WHERE requested_by = $1 \
             AND status IN ('queued', 'running')",
        )
        .bind(user.sql())
        .fetch_one(&mut *tx)
        .await?;
        if u64::from_sql(mine) >= per_user {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO analyses (game_id, requested_by, requested_at, status, total_positions) \
             VALUES ($1, $2, $3, 'queued', $4) ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game.sql())
        .bind(user.sql())
        .bind(now.sql())
        .bind(total.sql())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The analysis of `game`, if one was asked for.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn analysis_state(&self, game: GameId) -> Result<Option<AnalysisState>, StoreError> {
        let row = sqlx::query(
            "SELECT status, requested_at, done_positions, total_positions, result \
             FROM analyses WHERE game_id = $1",
        )
        .bind(game.sql())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let status: String = row.try_get("status")?;
        let state = match status.as_str() {
            "queued" => {
                let at: i64 = row.try_get("requested_at")?;
                let ahead: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM analyses WHERE status = 'queued' \
                     AND (requested_at < $1 OR (requested_at = $1 AND game_id < $2))",
                )
                .bind(at)
                .bind(game.sql())
                .fetch_one(&self.pool)
                .await?;
                AnalysisState::Queued {
                    position: u64::from_sql(ahead) + 1,
                }
            }
            "running" => progress(&row)?,
            "done" => AnalysisState::Done {
                result: row
                    .try_get::<Option<String>, _>("result")?
                    .ok_or_else(|| StoreError::Corrupt(format!("analysis {game}: no result")))?,
            },
            _ => AnalysisState::Failed,
        };
        Ok(Some(state))
    }

    /// Takes the first queued analysis for node `node`, if any (another node taking the same one
    /// at the same moment makes this one try the next).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn take_analysis(&self, node: &str) -> Result<Option<AnalysisJob>, StoreError> {
        for _ in 0..8 {
            let row = sqlx::query(
                "SELECT game_id, total_positions FROM analyses WHERE status = 'queued' \
                 ORDER BY requested_at, game_id LIMIT 1",
            )
            .fetch_optional(&self.pool)
            .await?;
            let Some(row) = row else { return Ok(None) };
            let job = AnalysisJob {
                game: get(&row, "game_id")?,
                total: get(&row, "total_positions")?,
            };
            let taken = sqlx::query(
                "UPDATE analyses SET status = 'running', node_id = $1, done_positions = 0 \
                 WHERE game_id = $2 AND status = 'queued'",
            )
            .bind(node)
            .bind(job.game.sql())
            .execute(&mut *self.writer().await?)
            .await?;
            if taken.rows_affected() == 1 {
                return Ok(Some(job));
            }
        }
        Ok(None)
    }

    /// Records that `done` positions of `game`'s analysis are searched.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn analysis_progress(&self, game: GameId, done: u64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE analyses SET done_positions = $1 WHERE game_id = $2 AND status = 'running'",
        )
        .bind(done.sql())
        .bind(game.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(())
    }

    /// Stores the end of `game`'s analysis: its result (JSON), or `None` when it failed.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn finish_analysis(
        &self,
        game: GameId,
        result: Option<&str>,
        now: u64,
    ) -> Result<(), StoreError> {
        let status = if result.is_some() { "done" } else { "failed" };
        sqlx::query(
            "UPDATE analyses SET status = $1, result = $2, finished_at = $3, \
             done_positions = total_positions WHERE game_id = $4",
        )
        .bind(status)
        .bind(result)
        .bind(now.sql())
        .bind(game.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(())
    }

    /// Puts back in the queue the running analyses of node `node` (when `mine`) and of nodes that
    /// have not beaten since `stale_before`; they restart from the first position. Returns how
    /// many.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn requeue_analyses(
        &self,
        node: &str,
        mine: bool,
        stale_before: u64,
    ) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "UPDATE analyses SET status = 'queued', node_id = NULL, done_positions = 0 \
             WHERE status = 'running' AND (($1 = 1 AND node_id = $2) OR node_id NOT IN \
             (SELECT node_id FROM nodes WHERE beat_at >= $3))",
        )
        .bind(i64::from(mine))
        .bind(node)
        .bind(stale_before.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(done.rows_affected())
    }
}

fn progress(row: &AnyRow) -> Result<AnalysisState, StoreError> {
    Ok(AnalysisState::Running {
        done: get(row, "done_positions")?,
        total: get(row, "total_positions")?,
    })
}
