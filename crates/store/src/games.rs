//! Games: one row per game, its moves and each move's clock reading stored as
//! `game_record.rs` says (compact since migration 0007); results and rating changes written in
//! the same transaction as the players' new ratings (read in it too: `ratings.rs`) and the
//! winner's reward.

use super::game_record::{decode_record, StoredRecord};
use super::journal_entry::JournalEntry;
use super::lease::{fence_in, Fence};
use super::ratings::{rate_in_tx, RateRequest, RatingOutcome, Ratings};
use super::sql::{get, get_opt, Sql};
use super::wagers::{write_on, CoinWrite};
use super::{Backend, Db, DbTx, Fault, StoreError};
use platform::clock::TimeControl;
use platform::ledger::{AccountId, Transaction};
use platform::{GameId, TableId, UserId};
use sqlx::any::AnyRow;
use sqlx::Row;
use std::collections::BTreeSet;
use xiangqi::Move;

/// A game about to start.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    /// The table it is played at.
    pub table: TableId,
    /// The room (`ai` for games against the computer).
    pub room: &'a str,
    /// Red player.
    pub red: UserId,
    /// Black player.
    pub black: UserId,
    /// Its time control.
    pub control: &'a TimeControl,
    /// The start position.
    pub start_fen: &'a str,
    /// The computer's level, in games against it.
    pub ai_level: Option<u8>,
    /// When it started (ms since the epoch).
    pub started_at: u64,
    /// Played unrated by choice (a pair of unrated seeks): never rated.
    pub casual: bool,
    /// The table's grant the write must still hold (`None`: bound to no owner, as in tools).
    pub fence: Option<Fence>,
}

/// How a game ended, for storage.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// The game.
    pub id: GameId,
    /// `finished` or `aborted`.
    pub status: &'static str,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The end reason (snake_case), or the abort reason.
    pub reason: Option<String>,
    /// The moves played.
    pub moves: Vec<Move>,
    /// Each move's clock reading (ms).
    pub clocks: Vec<u32>,
    /// When it ended.
    pub ended_at: u64,
    /// Rate it (in the same transaction), when both players could be rated.
    pub rate: Option<RateRequest>,
    /// The winner's reward, applied to the ledger in the same transaction.
    pub reward: Option<Transaction>,
    /// Wager and pool settlements to write in the same transaction.
    pub coins: Vec<CoinWrite>,
    /// The table's grant the write must still hold (`None`: bound to no owner, as in tools).
    pub fence: Option<Fence>,
}

/// A stored game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Id.
    pub id: GameId,
    /// The table.
    pub table: TableId,
    /// The room.
    pub room: String,
    /// Red player.
    pub red: UserId,
    /// Black player.
    pub black: UserId,
    /// Time control.
    pub control: TimeControl,
    /// Start position.
    pub start_fen: String,
    /// The computer's level, if against it.
    pub ai_level: Option<u8>,
    /// `playing`, `finished` or `aborted`.
    pub status: String,
    /// Result (`*` while playing).
    pub result: Option<String>,
    /// End reason.
    pub reason: Option<String>,
    /// Moves (only once finished).
    pub moves: Vec<Move>,
    /// Clock readings per move (ms).
    pub clocks: Vec<u32>,
    /// Whether ratings changed.
    pub rated: bool,
    /// Played unrated by choice (a pair of unrated seeks).
    pub casual: bool,
    /// The rating lines.
    pub ratings: Option<Ratings>,
    /// Start instant.
    pub started_at: u64,
    /// End instant.
    pub ended_at: Option<u64>,
}

/// An unfinished game with its command journal, to be restored after a restart.
#[derive(Clone, Debug)]
pub struct UnfinishedGame {
    /// The game.
    pub game: GameRow,
    /// Its commands, in order.
    pub log: Vec<JournalEntry>,
}

/// The columns a [`GameRow`] is read from.
pub(super) const GAME_COLUMNS: &str =
    "id, table_id, room, red, black, control, start_fen, ai_level, status, \
     result, reason, moves, clocks, record_format, rated, casual, ratings, started_at, ended_at";

/// A [`GameRow`] of a row of [`GAME_COLUMNS`].
pub(super) fn game_from_row(row: &AnyRow) -> Result<GameRow, StoreError> {
    let control: String = row.try_get("control")?;
    let ratings: Option<String> = row.try_get("ratings")?;
    let moves: Option<Vec<u8>> = row.try_get("moves")?;
    let clocks: Option<Vec<u8>> = row.try_get("clocks")?;
    let level: Option<i64> = row.try_get("ai_level")?;
    let start_fen: String = row.try_get("start_fen")?;
    let (moves, clocks) = decode_record(
        row.try_get("record_format")?,
        &start_fen,
        moves.as_deref(),
        clocks.as_deref(),
    )?;
    Ok(GameRow {
        id: get(row, "id")?,
        table: get(row, "table_id")?,
        room: row.try_get("room")?,
        red: get(row, "red")?,
        black: get(row, "black")?,
        control: serde_json::from_str(&control)
            .map_err(|e| StoreError::Corrupt(format!("control: {e}")))?,
        start_fen,
        ai_level: level.and_then(|l| u8::try_from(l).ok()),
        status: row.try_get("status")?,
        result: row.try_get("result")?,
        reason: row.try_get("reason")?,
        moves,
        clocks,
        rated: row.try_get::<i64, _>("rated")? != 0,
        casual: row.try_get::<i64, _>("casual")? != 0,
        ratings: ratings
            .map(|r| serde_json::from_str(&r))
            .transpose()
            .map_err(|e| StoreError::Corrupt(format!("ratings: {e}")))?,
        started_at: get(row, "started_at")?,
        ended_at: get_opt(row, "ended_at")?,
    })
}

impl Db {
    /// Stores a game that starts now, if its fence (when it has one) still holds; returns its
    /// id.
    ///
    /// # Errors
    /// [`StoreError::Fenced`], [`StoreError::Db`].
    pub async fn create_game(&self, g: &NewGame<'_>) -> Result<GameId, StoreError> {
        self.check_fault(Fault::NewGame)?;
        let control =
            serde_json::to_string(g.control).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut tx = self.begin_write().await?;
        if let Some(fence) = g.fence {
            fence_in(self, &mut tx, fence).await?;
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO games (table_id, room, red, black, control, start_fen, ai_level, status, \
             plies, rated, started_at, casual) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'playing', 0, 0, $8, $9) \
             RETURNING id",
        )
        .bind(g.table.sql())
        .bind(g.room)
        .bind(g.red.sql())
        .bind(g.black.sql())
        .bind(control)
        .bind(g.start_fen)
        .bind(g.ai_level.map(i64::from))
        .bind(g.started_at.sql())
        .bind(i64::from(g.casual))
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(GameId::from_sql(id))
    }

    /// Writes a game's end and its moves, rates it from both players' ratings as they are in
    /// this transaction (storing the new ratings and history rows), writes the winner's reward and
    /// the settlements of its wager and betting pool, and drops its command journal, all in one
    /// transaction. Returns how the rating came out (`None`: not rated at all, e.g. a guest
    /// played).
    ///
    /// # Errors
    /// [`StoreError::Fenced`] when the table's fence no longer holds, [`StoreError::Db`];
    /// nothing is written then.
    pub async fn finish_game(&self, f: &FinishedGame) -> Result<Option<RatingOutcome>, StoreError> {
        self.check_fault(Fault::Finish)?;
        let record = self.stored_record(f.id, &f.moves, &f.clocks).await?;
        if let Some(ends) = &self.ends {
            // SQLite: stored together with the other ends waiting then (`end_batch.rs`).
            if let Some(done) = ends.finish(f, &record).await {
                return done;
            }
        }
        self.finish_game_alone(f, &record).await
    }

    /// [`Db::finish_game`] in a transaction of its own, tried again after a transient failure.
    pub(crate) async fn finish_game_alone(
        &self,
        f: &FinishedGame,
        record: &StoredRecord,
    ) -> Result<Option<RatingOutcome>, StoreError> {
        super::retry::retry("game end", || async {
            let mut tx = self.begin_write().await?;
            let outcome = self.finish_in(&mut tx, f, record).await?;
            tx.commit().await?;
            Ok(outcome)
        })
        .await
    }

    /// Stores `f`'s end in `tx`. Locks, in the global order: the table's owner row, the
    /// players' user rows (by id, when rating), then every ledger account of the reward and the
    /// settlements (by `AccountId`), before any balance moves.
    pub(crate) async fn finish_in(
        &self,
        tx: &mut DbTx,
        f: &FinishedGame,
        record: &StoredRecord,
    ) -> Result<Option<RatingOutcome>, StoreError> {
        // The owner row first (one global lock order: table_owner, users, ledger_accounts).
        if let Some(fence) = f.fence {
            fence_in(self, tx, fence).await?;
        }
        if let Some(delay) = self.faults.finish_delay() {
            tokio::time::sleep(delay).await;
        }
        // Only a game still in progress is finished: its end is stored, rated and settled
        // exactly once.
        let updated = sqlx::query(
            "UPDATE games SET status = $1, result = $2, reason = $3, plies = $4, moves = $5, \
             clocks = $6, record_format = $7, rated = 0, ratings = NULL, ended_at = $8 \
             WHERE id = $9 AND status = 'playing'",
        )
        .bind(f.status)
        .bind(f.result)
        .bind(f.reason.as_deref())
        .bind(i64::try_from(f.moves.len()).unwrap_or(i64::MAX))
        .bind(record.1.clone())
        .bind(record.2.clone())
        .bind(record.0)
        .bind(f.ended_at.sql())
        .bind(f.id.sql())
        .execute(&mut **tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(StoreError::NotInProgress(f.id));
        }
        let outcome = match &f.rate {
            Some(req) => rate_in_tx(tx, self.backend, f.id, f.ended_at, req).await?,
            None => None,
        };
        let accounts: BTreeSet<AccountId> = f
            .reward
            .iter()
            .chain(f.coins.iter().filter_map(|w| w.ledger.as_ref()))
            .flat_map(|t| t.entries.iter().map(|e| e.account))
            .collect();
        self.ledger_lock_in(tx, &accounts).await?;
        if let Some(reward) = &f.reward {
            self.ledger_apply_in(tx, reward).await?;
        }
        // SQLite's journal is swept in the background (`journal_sweep.rs`).
        if self.backend == Backend::Postgres {
            sqlx::query("DELETE FROM game_log WHERE game_id = $1")
                .bind(f.id.sql())
                .execute(&mut **tx)
                .await?;
        }
        for w in &f.coins {
            write_on(self, tx, w).await?;
        }
        Ok(outcome)
    }

    /// The game with `id`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id.sql())
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// `user`'s ended games, newest first, with ids below `before`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn games_of(
        &self,
        user: UserId,
        limit: u32,
        before: Option<GameId>,
    ) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE (red = $1 OR black = $1) \
             AND status <> 'playing' \
             AND id < $2 ORDER BY id DESC LIMIT $3"
        ))
        .bind(user.sql())
        .bind(before.map_or(i64::MAX, Sql::sql))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// Marks a game that cannot be restored as aborted, keeping the moves (and their clock
    /// readings) known of it; with a `fence` (its table's lease), only while that still holds.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] (nothing written), [`StoreError::Db`].
    pub async fn abandon_game(
        &self,
        (id, fence): (GameId, Option<Fence>),
        now: u64,
        moves: &[Move],
        clocks: &[u32],
    ) -> Result<(), StoreError> {
        let (format, moves_blob, clocks_blob) = self.stored_record(id, moves, clocks).await?;
        let mut tx = self.begin_write().await?;
        if let Some(fence) = fence {
            fence_in(self, &mut tx, fence).await?;
        }
        sqlx::query(
            "UPDATE games SET status = 'aborted', result = '*', reason = 'server_restart', \
             plies = $1, moves = $2, clocks = $3, record_format = $4, ended_at = $5 \
             WHERE id = $6 AND status = 'playing'",
        )
        .bind(i64::try_from(moves.len()).unwrap_or(i64::MAX))
        .bind(moves_blob)
        .bind(clocks_blob)
        .bind(format)
        .bind(now.sql())
        .bind(id.sql())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
