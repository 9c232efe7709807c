//! Tournaments as stored: one `tournaments` row per event (its spec as JSON, its status, its
//! final standings) and `tournament_log`, the director's journal of accepted commands, which
//! rebuilds the event exactly at start-up (see `tournament::restore`).

use super::games::{game_from_row, GAME_COLUMNS};
use super::lease::{fence_in, Fence};
use super::sql::{get, Sql};
use super::users::{titles_from_column, titles_to_column};
use super::{Db, DbTx, GameRow, StoreError};
use platform::ledger::{Applied, Transaction};
use platform::rating::Title;
use platform::{TableId, UserId};
use sqlx::Row;

/// One event as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// `swiss` (the only system the director runs so far).
    pub kind: String,
    /// Its spec (JSON of `tournament::Spec`).
    pub spec: String,
    /// `upcoming`, `running`, `finished` or `cancelled`.
    pub status: String,
    /// Who created it.
    pub created_by: UserId,
    /// When (ms since the epoch).
    pub created_at: u64,
    /// When it starts (ms since the epoch).
    pub starts_at: u64,
    /// Final standings (JSON), once finished.
    pub standings: Option<String>,
}

/// One entry of a director's journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentLogEntry {
    /// Its position (0, 1, …).
    pub seq: u64,
    /// When it was applied (ms since the epoch).
    pub at: u64,
    /// The entry (JSON of `tournament::Entry`).
    pub entry: String,
}

/// A game that ended at a tournament table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndedGame {
    /// The game.
    pub id: u64,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (aborted).
    pub result: String,
    /// Why (`checkmate`, `no_first_move`, …).
    pub reason: Option<String>,
    /// Plies played.
    pub plies: u64,
}

const COLUMNS: &str = "id, name, kind, spec, status, created_by, created_at, starts_at, standings";

fn row_of(r: &sqlx::any::AnyRow) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: get::<u64>(r, "id")?,
        name: r.try_get("name")?,
        kind: r.try_get("kind")?,
        spec: r.try_get("spec")?,
        status: r.try_get("status")?,
        created_by: get::<UserId>(r, "created_by")?,
        created_at: get::<u64>(r, "created_at")?,
        starts_at: get::<u64>(r, "starts_at")?,
        standings: r.try_get("standings")?,
    })
}

impl Db {
    /// Stores a new event (status `upcoming`) and returns its id.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn create_tournament(
        &self,
        name: &str,
        kind: &str,
        spec: &str,
        created_by: UserId,
        created_at: u64,
        starts_at: u64,
    ) -> Result<u64, StoreError> {
        let id = self
            .create_tournament_in(
                name,
                (kind, spec),
                created_by,
                (created_at, starts_at),
                None,
            )
            .await?;
        id.ok_or_else(|| StoreError::Corrupt("no event id returned".into()))
    }

    /// Stores a new event of series `series` (`None`: none) and returns its id; `None` when
    /// that series already has it (a recurring event's occurrence is created once).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn create_tournament_in(
        &self,
        name: &str,
        (kind, spec): (&str, &str),
        created_by: UserId,
        (created_at, starts_at): (u64, u64),
        series: Option<&str>,
    ) -> Result<Option<u64>, StoreError> {
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO tournaments (name, kind, spec, status, created_by, created_at, \
             starts_at, series) VALUES ($1, $2, $3, 'upcoming', $4, $5, $6, $7) \
             ON CONFLICT (series) DO NOTHING RETURNING id",
        )
        .bind(name)
        .bind(kind)
        .bind(spec)
        .bind(created_by.0.sql())
        .bind(created_at.sql())
        .bind(starts_at.sql())
        .bind(series)
        .fetch_optional(&self.pool)
        .await?;
        Ok(id.map(u64::from_sql))
    }

    /// The ended games played at tables `tables` (an event's range), in the order they
    /// started (at most `limit`).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn ended_games_at(
        &self,
        tables: std::ops::RangeInclusive<u64>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE table_id >= $1 AND table_id <= $2 \
             AND status <> 'playing' ORDER BY id LIMIT $3"
        ))
        .bind(tables.start().sql())
        .bind(tables.end().sql())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// Every event, newest first (at most `limit`).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn tournaments(&self, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments ORDER BY id DESC LIMIT $1"
        ))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(row_of).collect()
    }

    /// Events not finished or cancelled (their directors run), oldest first.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn live_tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE status IN ('upcoming', 'running') \
             ORDER BY id"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(row_of).collect()
    }

    /// The event with `id`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn tournament(&self, id: u64) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
            .bind(id.sql())
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(row_of).transpose()
    }

    /// Appends journal entry `seq` of event `id` together with the event's status (and final
    /// standings) and the coins it moves (an entry fee, refunds, the prizes: one balanced ledger
    /// transaction), all in one database transaction: the entry and what it implies are stored
    /// together or not at all, and only while the director's lease `fence` still holds
    /// (checked first, in the same transaction: docs/scale.md "The fence"). The ledger accounts
    /// are locked next, in `AccountId` order.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] (another node runs the event now), [`StoreError::Ledger`]
    /// (`not_enough_coins`, …) or [`StoreError::Db`] (a duplicate `seq` included): nothing is
    /// written.
    pub async fn append_tournament_log(
        &self,
        (id, fence): (u64, Fence),
        e: &TournamentLogEntry,
        (status, standings): (&str, Option<&str>),
        (coins, awards): (Option<&Transaction>, &[(UserId, Title)]),
    ) -> Result<Option<Applied>, StoreError> {
        if coins.is_some() {
            self.check_fault(super::Fault::Ledger)?;
        }
        super::retry::retry("tournament journal", || async {
            let mut tx = self.begin_write().await?;
            fence_in(self, &mut tx, fence).await?;
            let applied = match coins {
                Some(c) => {
                    let accounts = c.entries.iter().map(|e| e.account).collect();
                    self.ledger_lock_in(&mut tx, &accounts).await?;
                    Some(self.ledger_apply_in(&mut tx, c).await?)
                }
                None => None,
            };
            for &(user, title) in awards {
                award_in(&mut tx, user, title).await?;
            }
            log_in(&mut tx, id, e, status, standings).await?;
            tx.commit().await?;
            Ok(applied)
        })
        .await
    }

    /// Asks the server to `start` or `cancel` event `id` (from `chuhe admin tournament`); the
    /// running server's director applies it. `false` if the event is not upcoming.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn request_tournament(&self, id: u64, request: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE tournaments SET request = $1 WHERE id = $2 AND status = 'upcoming'",
        )
        .bind(request)
        .bind(id.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Requests waiting: `(event, request)`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn tournament_requests(&self) -> Result<Vec<(u64, String)>, StoreError> {
        let rows = sqlx::query("SELECT id, request FROM tournaments WHERE request IS NOT NULL")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((get::<u64>(r, "id")?, r.try_get("request")?)))
            .collect()
    }

    /// Forgets request `request` of event `id` (it was handed to the director).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn clear_tournament_request(&self, id: u64, request: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET request = NULL WHERE id = $1 AND request = $2")
            .bind(id.sql())
            .bind(request)
            .execute(&mut *self.writer().await?)
            .await?;
        Ok(())
    }

    /// The journal of event `id`, in order.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn tournament_log(&self, id: u64) -> Result<Vec<TournamentLogEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, at, entry FROM tournament_log WHERE tournament_id = $1 ORDER BY seq",
        )
        .bind(id.sql())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(TournamentLogEntry {
                    seq: get::<u64>(r, "seq")?,
                    at: get::<u64>(r, "at")?,
                    entry: r.try_get("entry")?,
                })
            })
            .collect()
    }

    /// The last ended game played at `table` (`None`: none ended there): its id, result (`1-0`,
    /// `0-1`, `1/2-1/2`, `*`), reason and plies — how a director learns a result that was stored
    /// just before the server stopped.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn ended_game_at(&self, table: TableId) -> Result<Option<EndedGame>, StoreError> {
        let row = sqlx::query(
            "SELECT id, result, reason, plies FROM games WHERE table_id = $1 AND status <> 'playing' \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(table.0.sql())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            let result: Option<String> = r.try_get("result")?;
            Ok(EndedGame {
                id: get::<u64>(&r, "id")?,
                result: result.unwrap_or_else(|| "*".into()),
                reason: r.try_get("reason")?,
                plies: get::<u64>(&r, "plies")?,
            })
        })
        .transpose()
    }
}

/// Writes journal entry `e` of event `id` and the event's status inside `tx`.
async fn log_in(
    tx: &mut DbTx,
    id: u64,
    e: &TournamentLogEntry,
    status: &str,
    standings: Option<&str>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tournament_log (tournament_id, seq, at, entry) VALUES ($1, $2, $3, $4)",
    )
    .bind(id.sql())
    .bind(e.seq.sql())
    .bind(e.at.sql())
    .bind(&e.entry)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE tournaments SET status = $1, standings = $2 WHERE id = $3")
        .bind(status)
        .bind(standings)
        .bind(id.sql())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Awards `title` to `user` inside `tx` (kept if they hold a higher one, or one of another
/// ladder; a guest or a vanished user gets nothing).
async fn award_in(tx: &mut DbTx, user: UserId, title: Title) -> Result<(), StoreError> {
    let row = sqlx::query("SELECT titles FROM users WHERE id = $1")
        .bind(user.sql())
        .fetch_optional(&mut **tx)
        .await?;
    let Some(row) = row else {
        return Ok(());
    };
    let mut titles = titles_from_column(row.try_get("titles")?)?;
    if !titles.award(title).unwrap_or(false) {
        return Ok(());
    }
    let text = titles_to_column(&titles)?;
    sqlx::query("UPDATE users SET titles = $1 WHERE id = $2")
        .bind(text)
        .bind(user.sql())
        .execute(&mut **tx)
        .await?;
    Ok(())
}
