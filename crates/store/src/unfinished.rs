//! Games still marked in progress, read back with their command journals: what a restart or a
//! takeover brings back (`tables::table::restore`).

use super::games::{game_from_row, GameRow, UnfinishedGame, GAME_COLUMNS};
use super::journal_entry::JournalEntry;
use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::{GameId, TableId};
use sqlx::any::AnyRow;
use sqlx::Row;
use std::collections::HashMap;

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
        // Every journal in one read (SQLite's log has no index by game: migration 0024).
        let mut logs: HashMap<GameId, Vec<JournalEntry>> = HashMap::new();
        let entries = sqlx::query(
            "SELECT l.game_id, l.seq, l.at, l.user_id, l.action FROM game_log l \
             JOIN games g ON g.id = l.game_id WHERE g.status = 'playing' \
             ORDER BY l.game_id, l.seq",
        )
        .fetch_all(&self.pool)
        .await?;
        for r in &entries {
            let entry = entry_from_row(r)?;
            logs.entry(entry.game_id).or_default().push(entry);
        }
        rows.iter()
            .map(|row| {
                let game = game_from_row(row)?;
                let log = logs.remove(&game.id).unwrap_or_default();
                Ok(UnfinishedGame { game, log })
            })
            .collect()
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
            .map(entry_from_row)
            .collect::<Result<Vec<_>, _>>()?;
            Ok(UnfinishedGame { game, log })
        }
    }
}

/// One journal row read back.
fn entry_from_row(r: &AnyRow) -> Result<JournalEntry, StoreError> {
    Ok(JournalEntry {
        game_id: get(r, "game_id")?,
        seq: get(r, "seq")?,
        at: get(r, "at")?,
        user: get(r, "user_id")?,
        action: r.try_get("action")?,
    })
}
