//! `masters_games`, `masters_positions` and `masters_sources`: the masters database (issue #39).
//! Games are written in batches, each game once (`dedupe_key`: its start, moves and result), so
//! loading the same files again changes nothing. The `masters` crate decides what a row holds.

use super::sql::{get, numbered_rows, Sql};
use super::{Db, StoreError};
use sqlx::Row;
use xiangqi::Position;

/// A position's key as `masters_positions` stores it: [`Position::hash`] (placement and side to
/// move), its bits as a signed integer.
#[must_use]
pub fn position_key(pos: &Position) -> i64 {
    i64::from_ne_bytes(pos.hash().to_ne_bytes())
}

/// A master game to store: the columns of `masters_games` and its positions.
#[derive(Clone, Debug, Default)]
pub struct NewMasterGame {
    /// Start, moves and result hashed: the same game under other headers has the same key.
    pub dedupe_key: i64,
    /// Where it came from (`ccpd`, a file name).
    pub source: String,
    /// `Red` as written.
    pub red: String,
    /// `Black` as written.
    pub black: String,
    /// `Red` in simplified characters.
    pub red_hans: String,
    /// `Black` in simplified characters.
    pub black_hans: String,
    /// `Red` as searched (simplified, lower case, no spaces).
    pub red_key: String,
    /// `Black` as searched.
    pub black_key: String,
    /// `Event` as written.
    pub event: String,
    /// `Event` in simplified characters.
    pub event_hans: String,
    /// `Event` as searched.
    pub event_key: String,
    /// `Site`.
    pub site: String,
    /// `Date` as written (`1955.5`, `1997年11月16日`).
    pub date: String,
    /// `Round`.
    pub round: String,
    /// The year, 0 when unknown.
    pub year: i64,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// ECCO code (`C44`), or empty.
    pub ecco: String,
    /// The opening's Chinese name, or empty.
    pub opening: String,
    /// Its English gloss, or empty.
    pub opening_en: String,
    /// The start position.
    pub start_fen: String,
    /// Moves of the main line.
    pub plies: i64,
    /// The moves, `xiangqi::record::compact`.
    pub moves: Vec<u8>,
    /// Each position once, in the order first reached.
    pub positions: Vec<MasterPosition>,
}

/// One position of a master game, the first time the game reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MasterPosition {
    /// `xiangqi::Position::hash` (placement and side to move), as stored.
    pub key: i64,
    /// The ply at which it is reached (0 = the start).
    pub ply: i64,
    /// The move played from it (`Move::to_u16`), -1 at the end of the game.
    pub next_move: i64,
}

/// The game's result as `masters_positions` keeps it: 0 Red won, 1 Black won, 2 draw, 3 unknown.
#[must_use]
pub fn result_code(result: &str) -> i64 {
    match result {
        "1-0" => 0,
        "0-1" => 1,
        "1/2-1/2" => 2,
        _ => 3,
    }
}

/// A loaded source and its credit.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MastersSource {
    /// Its name (`ccpd`).
    pub name: String,
    /// The credit to show with its games.
    pub credit: String,
    /// When it was loaded (ms).
    pub loaded_at: u64,
    /// The games it added.
    pub games: u64,
}

/// Rows of `masters_positions` written by one statement.
const POSITION_ROWS: usize = 200;

impl Db {
    /// Stores the games not stored yet (by `dedupe_key`) with their positions, in one
    /// transaction. Returns how many were new.
    ///
    /// # Errors
    /// [`StoreError::Db`]: nothing of the batch is written.
    pub async fn insert_master_games(&self, games: &[NewMasterGame]) -> Result<u64, StoreError> {
        // A writer's transaction (SQLite: BEGIN IMMEDIATE), as the server's own writes take.
        let mut tx = self.begin_write().await?;
        let mut added = 0;
        let mut pending: Vec<[i64; 6]> = Vec::with_capacity(POSITION_ROWS * 2);
        for g in games {
            let row = sqlx::query(
                "INSERT INTO masters_games (dedupe_key, source, red, black, red_hans, black_hans, \
                 red_key, black_key, event, event_hans, event_key, site, date, round, year, \
                 result, ecco, opening, opening_en, start_fen, plies, moves) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
                 $17, $18, $19, $20, $21, $22) \
                 ON CONFLICT (dedupe_key) DO NOTHING RETURNING id",
            )
            .bind(g.dedupe_key)
            .bind(&g.source)
            .bind(&g.red)
            .bind(&g.black)
            .bind(&g.red_hans)
            .bind(&g.black_hans)
            .bind(&g.red_key)
            .bind(&g.black_key)
            .bind(&g.event)
            .bind(&g.event_hans)
            .bind(&g.event_key)
            .bind(&g.site)
            .bind(&g.date)
            .bind(&g.round)
            .bind(g.year)
            .bind(&g.result)
            .bind(&g.ecco)
            .bind(&g.opening)
            .bind(&g.opening_en)
            .bind(&g.start_fen)
            .bind(g.plies)
            .bind(g.moves.clone())
            .fetch_optional(&mut *tx)
            .await?;
            let Some(row) = row else {
                continue;
            };
            added += 1;
            let id: i64 = row.try_get("id")?;
            let result = result_code(&g.result);
            for p in &g.positions {
                pending.push([p.key, id, p.ply, p.next_move, result, g.year]);
            }
            while pending.len() >= POSITION_ROWS {
                let rest = pending.split_off(POSITION_ROWS);
                insert_positions(&mut tx, &pending).await?;
                pending = rest;
            }
        }
        if !pending.is_empty() {
            insert_positions(&mut tx, &pending).await?;
        }
        tx.commit().await?;
        Ok(added)
    }

    /// The games stored.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn master_games_count(&self) -> Result<u64, StoreError> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM masters_games")
            .fetch_one(&self.pool)
            .await?;
        Ok(u64::from_sql(n))
    }

    /// Records that `name` was loaded (`games` new games), or adds to its count.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn record_masters_source(
        &self,
        name: &str,
        credit: &str,
        at: u64,
        games: u64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO masters_sources (name, credit, loaded_at, games) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (name) DO UPDATE SET credit = excluded.credit, \
             loaded_at = excluded.loaded_at, games = masters_sources.games + excluded.games",
        )
        .bind(name)
        .bind(credit)
        .bind(at.sql())
        .bind(games.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(())
    }

    /// The sources loaded, by name.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn masters_sources(&self) -> Result<Vec<MastersSource>, StoreError> {
        let rows =
            sqlx::query("SELECT name, credit, loaded_at, games FROM masters_sources ORDER BY name")
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| {
                Ok(MastersSource {
                    name: r.try_get("name")?,
                    credit: r.try_get("credit")?,
                    loaded_at: get::<u64>(r, "loaded_at")?,
                    games: get::<u64>(r, "games")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}

async fn insert_positions(tx: &mut super::DbTx, rows: &[[i64; 6]]) -> Result<(), sqlx::Error> {
    let sql = format!(
        "INSERT INTO masters_positions (pos_key, game_id, ply, next_move, result, year) VALUES {} \
         ON CONFLICT DO NOTHING",
        numbered_rows(rows.len(), &[""; 6])
    );
    let mut q = sqlx::query(&sql);
    for r in rows {
        for v in r {
            q = q.bind(*v);
        }
    }
    q.execute(&mut **tx).await?;
    Ok(())
}
