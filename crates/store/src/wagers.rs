//! Player wagers (竞猜) and spectator betting pools as stored: one row per wager (`wagers`) and
//! per game's pool (`bet_pools`), each holding the `platform` value as JSON plus the columns that
//! queries need. A row is written in the same database transaction as the ledger transaction
//! that goes with the step ([`Db::coin_write`]), so the books and the wager never disagree, even
//! after a crash.

use super::lease::{fence_in, Fence};
use super::requests::{remember_on, KeyedRequest};
use super::sql::{get, get_opt, Sql};
use super::wager_summary::CloseSummary;
use super::{Db, DbTx, StoreError};
use platform::ledger::{Applied, Transaction};
use platform::parimutuel::{Pool, PoolStatus};
use platform::wager::{Wager, WagerMode, WagerStatus};
use platform::{GameId, TableId, UserId};
use sqlx::any::AnyRow;
use sqlx::Row;

/// How a closed wager ended, for the table's history.
#[derive(Clone, Debug, PartialEq)]
pub struct WagerClose {
    /// `won`, `drawn`, `coaching` or `refunded`.
    pub outcome: &'static str,
    /// Stakes and statements by colour.
    pub summary: CloseSummary,
}

/// A wager or pool to store.
#[derive(Clone, Debug, PartialEq)]
pub enum Stored {
    /// A wager; `red` is the player shown on red; `close` once it is over.
    Wager {
        /// The wager.
        wager: Box<Wager>,
        /// The player on red.
        red: UserId,
        /// Its end, once over.
        close: Option<WagerClose>,
    },
    /// A game's betting pool.
    Pool(Box<Pool>),
}

/// One step of a wager or pool: the row to write and the ledger transaction to apply with it.
#[derive(Clone, Debug, PartialEq)]
pub struct CoinWrite {
    /// The table.
    pub table: TableId,
    /// What to store.
    pub what: Stored,
    /// The coins to move.
    pub ledger: Option<Transaction>,
    /// The client's keyed request this step answers, stored with it.
    pub request: Option<KeyedRequest>,
    /// The table's grant the write must still hold (`None`: a recovery, bound to no owner).
    pub fence: Option<Fence>,
}

impl CoinWrite {
    /// The same write, refused unless `fence` still holds.
    #[must_use]
    pub fn fenced(self, fence: Fence) -> CoinWrite {
        CoinWrite {
            fence: Some(fence),
            ..self
        }
    }
}

/// A closed wager in a table's history.
#[derive(Clone, Debug, PartialEq)]
pub struct WagerHistory {
    /// Id.
    pub id: u64,
    /// The game it was for.
    pub game_id: Option<GameId>,
    /// `ordinary` or `coaching`.
    pub mode: String,
    /// How it ended.
    pub outcome: Option<String>,
    /// Stakes and statements by colour (`None` if unreadable).
    pub summary: Option<CloseSummary>,
    /// When it closed.
    pub at: u64,
}

/// `negotiating`, `escrowed`, `in_game`, `cancelled` or `closed`.
#[must_use]
pub fn wager_status(w: &Wager) -> &'static str {
    match w.status {
        WagerStatus::Negotiating { .. } | WagerStatus::Confirmed { .. } => "negotiating",
        WagerStatus::Escrowed { game: None } => "escrowed",
        WagerStatus::Escrowed { game: Some(_) } => "in_game",
        WagerStatus::Cancelled => "cancelled",
        WagerStatus::Closed { .. } => "closed",
    }
}

/// `ordinary` or `coaching`.
#[must_use]
pub fn mode_name(mode: WagerMode) -> &'static str {
    match mode {
        WagerMode::Ordinary => "ordinary",
        WagerMode::Coaching { .. } => "coaching",
    }
}

fn pool_status(p: &Pool) -> &'static str {
    match p.status {
        PoolStatus::Open => "open",
        PoolStatus::Closed => "closed",
        PoolStatus::Settled { .. } => "settled",
        PoolStatus::Refunded(_) => "refunded",
    }
}

fn json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn parse<T: serde::de::DeserializeOwned>(row: &AnyRow, what: &str) -> Result<T, StoreError> {
    let text: String = row.try_get("state")?;
    serde_json::from_str(&text).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

/// Applies `w.ledger` (if any) and writes its row inside the caller's transaction `tx`.
/// Returns what the ledger did; on a replay (the key was already applied) the row is left as it
/// is, since it was written with that transaction.
pub(crate) async fn write_on(
    db: &Db,
    tx: &mut DbTx,
    w: &CoinWrite,
) -> Result<Option<Applied>, StoreError> {
    let mut applied = None;
    if let Some(ltx) = &w.ledger {
        let a = db.ledger_apply_in(tx, ltx).await?;
        if a.replayed {
            if let Some(r) = &w.request {
                remember_on(tx, r).await?;
            }
            return Ok(Some(a));
        }
        applied = Some(a);
    }
    let conn = &mut **tx;
    let now = kit::clock::now().sql();
    match &w.what {
        Stored::Wager { wager, red, close } => {
            let game = match wager.status {
                WagerStatus::Escrowed { game } | WagerStatus::Closed { game, .. } => game,
                _ => None,
            };
            let ended = matches!(
                wager.status,
                WagerStatus::Closed { .. } | WagerStatus::Cancelled
            )
            .then_some(now);
            sqlx::query(
                "UPDATE wagers SET game_id = $1, red = $2, status = $3, state = $4, outcome = $5, \
                 summary = $6, ended_at = $7 WHERE id = $8",
            )
            .bind(game.map(|g| g.sql()))
            .bind(red.sql())
            .bind(wager_status(wager))
            .bind(json(wager.as_ref())?)
            .bind(close.as_ref().map(|c| c.outcome))
            .bind(close.as_ref().map(|c| json(&c.summary)).transpose()?)
            .bind(ended)
            .bind(wager.id.sql())
            .execute(&mut *conn)
            .await?;
        }
        Stored::Pool(pool) => {
            let ended = matches!(
                pool.status,
                PoolStatus::Settled { .. } | PoolStatus::Refunded(_)
            )
            .then_some(now);
            sqlx::query(
                "INSERT INTO bet_pools (game_id, table_id, status, state, created_at, ended_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id) DO UPDATE SET \
                 status = excluded.status, state = excluded.state, ended_at = excluded.ended_at",
            )
            .bind(pool.game.sql())
            .bind(w.table.sql())
            .bind(pool_status(pool))
            .bind(json(pool.as_ref())?)
            .bind(now)
            .bind(ended)
            .execute(&mut *conn)
            .await?;
            write_bets(conn, w, pool, now).await?;
        }
    }
    if let Some(r) = &w.request {
        remember_on(tx, r).await?;
    }
    Ok(applied)
}

/// Keeps `pool_bets` (each bettor's bet, for `GET /api/me/bets`) in step with `pool`: while it
/// is open, the bets of the users the step's transaction moved; else every bet.
async fn write_bets(
    conn: &mut sqlx::AnyConnection,
    w: &CoinWrite,
    pool: &Pool,
    now: i64,
) -> Result<(), StoreError> {
    let moved = |b: &platform::parimutuel::Bet| {
        w.ledger.as_ref().is_some_and(|t| {
            t.entries
                .iter()
                .any(|e| e.account == platform::ledger::AccountId::User(b.bettor))
        })
    };
    let open = matches!(pool.status, PoolStatus::Open);
    for bet in pool.bets.iter().filter(|b| !open || moved(b)) {
        let returned = pool.statement(bet.bettor).map(|s| s.returned.get());
        sqlx::query(
            "INSERT INTO pool_bets (game_id, user_id, table_id, pick, amount, returned, status, \
             updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id, game_id) \
             DO UPDATE SET pick = excluded.pick, amount = excluded.amount, \
             returned = excluded.returned, status = excluded.status, updated_at = excluded.updated_at",
        )
        .bind(pool.game.sql())
        .bind(bet.bettor.sql())
        .bind(w.table.sql())
        .bind(pick_name(bet.pick))
        .bind(bet.amount.get())
        .bind(returned)
        .bind(pool_status(pool))
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// `red`, `black` or `draw`.
#[must_use]
pub fn pick_name(p: platform::parimutuel::Pick) -> &'static str {
    match p {
        platform::parimutuel::Pick::RedWins => "red",
        platform::parimutuel::Pick::BlackWins => "black",
        platform::parimutuel::Pick::Draw => "draw",
    }
}

impl Db {
    /// A new wager's number: inserts its row (under negotiation) at `table`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn new_wager_id(
        &self,
        table: TableId,
        red: UserId,
        mode: WagerMode,
    ) -> Result<u64, StoreError> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO wagers (table_id, red, mode, status, state, created_at) \
             VALUES ($1, $2, $3, 'negotiating', '{}', $4) RETURNING id",
        )
        .bind(table.sql())
        .bind(red.sql())
        .bind(mode_name(mode))
        .bind(kit::clock::now().sql())
        .fetch_one(self.pool())
        .await?;
        Ok(u64::from_sql(id))
    }

    /// Writes one wager or pool step with its ledger transaction, all or nothing, if its
    /// fence (when it has one) still holds; returns what the ledger did (`replayed`: the key
    /// had already been applied, so nothing changed now).
    ///
    /// # Errors
    /// [`StoreError::Ledger`] when the ledger refuses (`InsufficientFunds`, `KeyConflict`),
    /// [`StoreError::Fenced`], [`StoreError::Db`]; nothing is written then.
    pub async fn coin_write(&self, w: &CoinWrite) -> Result<Option<Applied>, StoreError> {
        self.check_fault(super::Fault::Ledger)?;
        super::retry::retry("coin write", || async {
            let mut tx = self.begin_write().await?;
            if let Some(fence) = w.fence {
                fence_in(self, &mut tx, fence).await?;
            }
            let applied = write_on(self, &mut tx, w).await?;
            tx.commit().await?;
            Ok(applied)
        })
        .await
    }

    /// Wagers not yet over (negotiating, escrowed or in a game): `(table, red, wager)`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn open_wagers(&self) -> Result<Vec<(TableId, UserId, Wager)>, StoreError> {
        let rows = sqlx::query(
            "SELECT table_id, red, state FROM wagers \
             WHERE status IN ('negotiating', 'escrowed', 'in_game') ORDER BY id",
        )
        .fetch_all(self.pool())
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let table = get(row, "table_id")?;
            let red = get(row, "red")?;
            let state: String = row.try_get("state")?;
            if state == "{}" {
                continue;
            }
            out.push((table, red, parse(row, "wager")?));
        }
        Ok(out)
    }

    /// Betting pools not yet settled: `(table, pool)`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn open_pools(&self) -> Result<Vec<(TableId, Pool)>, StoreError> {
        let rows = sqlx::query(
            "SELECT table_id, state FROM bet_pools WHERE status IN ('open', 'closed') ORDER BY game_id",
        )
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| Ok((get(row, "table_id")?, parse(row, "pool")?)))
            .collect()
    }

    /// The closed wagers of `table`, newest first.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn table_wagers(
        &self,
        table: TableId,
        limit: u32,
    ) -> Result<Vec<WagerHistory>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game_id, mode, outcome, summary, ended_at FROM wagers \
             WHERE table_id = $1 AND status = 'closed' ORDER BY id DESC LIMIT $2",
        )
        .bind(table.sql())
        .bind(i64::from(limit))
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                let summary: Option<String> = r.try_get("summary")?;
                Ok(WagerHistory {
                    id: get(r, "id")?,
                    game_id: get_opt(r, "game_id")?,
                    mode: r.try_get("mode")?,
                    outcome: r.try_get("outcome")?,
                    summary: summary.and_then(|s| serde_json::from_str(&s).ok()),
                    at: get_opt(r, "ended_at")?.unwrap_or(0),
                })
            })
            .collect()
    }
}
