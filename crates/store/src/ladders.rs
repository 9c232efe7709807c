//! `ladder_log`: each ladder's journal of accepted commands (JSON of
//! `platform::ladder::LadderCommand`), which rebuilds the ladder exactly at start-up (see
//! `ladder::restore`).

use super::lease::{fence_in, Fence};
use super::sql::{get, Sql};
use super::{Db, StoreError};
use sqlx::Row;

/// One entry of a ladder's journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderLogEntry {
    /// Its position (0, 1, …).
    pub seq: u64,
    /// When it was applied (ms since the epoch).
    pub at: u64,
    /// The command (JSON).
    pub entry: String,
}

impl Db {
    /// Appends entry `e` to the journal of ladder `ladder`, only while the director's lease
    /// `fence` still holds (checked in the same transaction: docs/scale.md "The fence").
    ///
    /// # Errors
    /// [`StoreError::Fenced`] (another node runs the ladder now), [`StoreError::Db`] (a duplicate
    /// `seq` included): nothing is written.
    pub async fn append_ladder_log(
        &self,
        (ladder, fence): (u32, Fence),
        e: &LadderLogEntry,
    ) -> Result<(), StoreError> {
        super::retry::retry("ladder journal", || async {
            let mut tx = self.begin_write().await?;
            fence_in(self, &mut tx, fence).await?;
            sqlx::query(
                "INSERT INTO ladder_log (ladder_id, seq, at, entry) VALUES ($1, $2, $3, $4)",
            )
            .bind(i64::from(ladder))
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

    /// The journal of ladder `ladder`, in order.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn ladder_log(&self, ladder: u32) -> Result<Vec<LadderLogEntry>, StoreError> {
        let rows =
            sqlx::query("SELECT seq, at, entry FROM ladder_log WHERE ladder_id = $1 ORDER BY seq")
                .bind(i64::from(ladder))
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| {
                Ok(LadderLogEntry {
                    seq: get::<u64>(r, "seq")?,
                    at: get::<u64>(r, "at")?,
                    entry: r.try_get("entry")?,
                })
            })
            .collect()
    }
}
