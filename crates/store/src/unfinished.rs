//! Games still marked in progress, read back with their command journals: what a restart or a
//! takeover brings back (`tables::table::restore`).

use super::games::{game_from_row, GameRow, UnfinishedGame, GAME_COLUMNS};
use super::journal_entry::JournalEntry;
use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::TableId;
use sqlx::Row;

impl Db {
    /// Games still marked in progress, with their journals.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn unfinished_games(&self) -> Result<Vec<UnfinishedGame>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'playing' ORDER BY id"
        ))
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            out.push(self.with_journal(game_from_row(row)?).await?);
        }
        Ok(out)
    }

    /// The game still marked in progress at `table` (the latest, should there be several),
    /// with its journal.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn unfinished_game_at(
        &self,
        table: TableId,
    ) -> Result<Option<UnfinishedGame>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'playing' AND table_id = $1 \
             ORDER BY id DESC LIMIT 1"
        ))
        .bind(table.sql())
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => Ok(Some(self.with_journal(game_from_row(&row)?).await?)),
            None => Ok(None),
        }
    }

    /// `game` with its command journal.
    async fn with_journal(&self, game: GameRow) -> Result<UnfinishedGame, StoreError> {
        {
            let log = sqlx::query(
                "SELECT game_id, seq, at, user_id, action FROM game_log WHERE game_id = $1 ORDER BY seq",
            )
            .bind(game.id.sql())
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| -> Result<JournalEntry, StoreError> {
                Ok(JournalEntry {
                    game_id: get(r, "game_id")?,
                    seq: get(r, "seq")?,
                    at: get(r, "at")?,
                    user: get(r, "user_id")?,
                    action: r.try_get("action")?,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
            Ok(UnfinishedGame { game, log })
        }
    }
}
