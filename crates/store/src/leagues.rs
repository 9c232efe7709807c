//! Leagues: `leagues` (name and configuration), `league_log` (each league's journal of accepted
//! commands, JSON of `platform::league::LeagueCommand`, replayed at start-up; see
//! `league::restore`) and `league_requests` (the admin's `start` / `next_season` until applied).

use super::lease::{fence_in, Fence};
use super::sql::{get, Sql};
use super::{Db, StoreError};
use sqlx::Row;

/// One entry of a league's journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueLogEntry {
    /// Its position (0, 1, …).
    pub seq: u64,
    /// When it was applied (ms since the epoch).
    pub at: u64,
    /// The command (JSON).
    pub entry: String,
}

/// A stored league.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueRow {
    /// Its id.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// Its configuration (JSON of `LeagueConfig`).
    pub config: String,
}

impl Db {
    /// Stores a new league; returns its id (one more than the largest).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn create_league(
        &self,
        name: &str,
        config: &str,
        now: u64,
    ) -> Result<u32, StoreError> {
        let max: Option<i64> = sqlx::query_scalar("SELECT MAX(id) FROM leagues")
            .fetch_one(&self.pool)
            .await?;
        let id = max.unwrap_or(0) + 1;
        sqlx::query("INSERT INTO leagues (id, name, config, created_at) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(name)
            .bind(config)
            .bind(now.sql())
            .execute(&mut *self.writer().await?)
            .await?;
        u32::try_from(id).map_err(|e| StoreError::Corrupt(e.to_string()))
    }

    /// Every league, oldest first.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn leagues(&self) -> Result<Vec<LeagueRow>, StoreError> {
        let rows = sqlx::query("SELECT id, name, config FROM leagues ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(LeagueRow {
                    id: u32::try_from(r.try_get::<i64, _>("id")?)
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                    name: r.try_get("name")?,
                    config: r.try_get("config")?,
                })
            })
            .collect()
    }

    /// Appends entry `e` to the journal of league `league`, fenced by its director's lease
    /// (`fence`) in the same transaction.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] (another node holds the league's lease now),
    /// [`StoreError::Db`] (a duplicate `seq` included): nothing is written.
    pub async fn append_league_log(
        &self,
        (league, fence): (u32, Fence),
        e: &LeagueLogEntry,
    ) -> Result<(), StoreError> {
        super::retry::retry("league journal", || async {
            let mut tx = self.begin_write().await?;
            fence_in(self, &mut tx, fence).await?;
            sqlx::query(
                "INSERT INTO league_log (league_id, seq, at, entry) VALUES ($1, $2, $3, $4)",
            )
            .bind(i64::from(league))
            .bind(e.seq.sql())
            .bind(e.at.sql())
            .bind(&e.entry)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// The journal of league `league`, in order.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn league_log(&self, league: u32) -> Result<Vec<LeagueLogEntry>, StoreError> {
        let rows =
            sqlx::query("SELECT seq, at, entry FROM league_log WHERE league_id = $1 ORDER BY seq")
                .bind(i64::from(league))
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| {
                Ok(LeagueLogEntry {
                    seq: get::<u64>(r, "seq")?,
                    at: get::<u64>(r, "at")?,
                    entry: r.try_get("entry")?,
                })
            })
            .collect()
    }

    /// Stores an admin request (`start`, `next_season`) for league `league`'s director.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn request_league(&self, league: u32, request: &str) -> Result<(), StoreError> {
        let max: Option<i64> =
            sqlx::query_scalar("SELECT MAX(seq) FROM league_requests WHERE league_id = $1")
                .bind(i64::from(league))
                .fetch_one(&self.pool)
                .await?;
        sqlx::query("INSERT INTO league_requests (league_id, seq, request) VALUES ($1, $2, $3)")
            .bind(i64::from(league))
            .bind(max.unwrap_or(0) + 1)
            .bind(request)
            .execute(&mut *self.writer().await?)
            .await?;
        Ok(())
    }

    /// League `league`'s waiting requests, oldest first, as `(seq, request)`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn league_requests(&self, league: u32) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, request FROM league_requests WHERE league_id = $1 ORDER BY seq",
        )
        .bind(i64::from(league))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("seq")?, r.try_get("request")?)))
            .collect()
    }

    /// Drops a request once applied (or refused).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn drop_league_request(&self, league: u32, seq: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM league_requests WHERE league_id = $1 AND seq = $2")
            .bind(i64::from(league))
            .bind(seq)
            .execute(&mut *self.writer().await?)
            .await?;
        Ok(())
    }
}
