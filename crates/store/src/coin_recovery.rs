//! Recovery of wagers and pools whose game will not be played on (after a restart, or when a
//! game's settlements could not be stored with its end): they are settled from the stored
//! result, or refunded.

use super::wager_close::wager_write;
use super::{CoinWrite, Db, Fence, StoreError, Stored};
use platform::wager::{WagerGameEnd, WagerStatus};
use platform::{GameId, TableId};
use std::collections::{HashMap, HashSet};
use xiangqi::{EndReason, GameResult};

/// How a stored game ended, as wagers and pools need it (`Unfinished` when aborted).
fn stored_end(status: &str, result: Option<&str>, reason: Option<&str>) -> (GameResult, EndReason) {
    let result = match status {
        "finished" => result
            .and_then(|r| r.parse().ok())
            .unwrap_or(GameResult::Unfinished),
        _ => GameResult::Unfinished,
    };
    let reason = reason
        .and_then(|r| r.parse().ok())
        .unwrap_or(EndReason::Adjudication);
    (result, reason)
}

/// Settles or refunds the wagers and pools whose game will not be played on: at start-up
/// (`only_game: None`: everything not bound to a game still in progress; negotiations are
/// dropped and stakes held for a next game are returned, since tables start empty) and when a
/// game that could not be restored is marked aborted (`only_game: Some(id)`). Safe to repeat:
/// the transactions' keys make each apply once.
///
/// # Errors
/// [`StoreError`] when the database fails; a step the ledger refuses is logged and skipped.
pub async fn recover_coins(db: &Db, only_game: Option<GameId>) -> Result<(), StoreError> {
    recover(db, only_game, &HashSet::new(), None).await
}

/// The node recovering at start-up: its id and the instant before which a node's last beat
/// counts as stale (`Node::stale_before`).
#[derive(Debug, Clone, Copy)]
pub struct Recoverer<'a> {
    /// This node's id.
    pub node: &'a str,
    /// Beats before this instant (ms) are stale.
    pub stale_before: u64,
}

/// [`recover_coins`] at start-up on a site of several nodes: everything except the wagers and
/// pools of `held_elsewhere`, the tables that live nodes hold (their games go on there).
///
/// A wager still alive at its table (negotiating, confirmed, or stakes held for a next game)
/// is cancelled or refunded only under the table's lease: `node` claims the table first and
/// writes with that fence, then releases the table (its row stays, its epoch keeps rising). A
/// table a live node claimed since `held_elsewhere` was read is refused and left to that node.
/// Settling a wager or pool of a game that has ended needs no lease: the stored result decides
/// it, wherever it is written, and its keys make it apply once.
///
/// # Errors
/// As [`recover_coins`].
pub async fn recover_coins_except(
    db: &Db,
    held_elsewhere: &HashSet<TableId>,
    by: Recoverer<'_>,
) -> Result<(), StoreError> {
    recover(db, None, held_elsewhere, Some(by)).await
}

/// The leases a start-up recovery took, one per table, released when it is done.
struct Leases<'a> {
    by: Option<Recoverer<'a>>,
    held: HashMap<TableId, Option<Fence>>,
}

impl Leases<'_> {
    /// The fence to write `table`'s live wager under: `Ok(None)` without a recoverer (a game's
    /// own recovery), `Err(())` when a live node holds the table.
    async fn fence(
        &mut self,
        db: &Db,
        table: TableId,
    ) -> Result<Result<Option<Fence>, ()>, StoreError> {
        let Some(by) = self.by else {
            return Ok(Ok(None));
        };
        if let Some(held) = self.held.get(&table) {
            return Ok(held.map(Some).ok_or(()));
        }
        let grant = db.claim_table(table, by.node, by.stale_before).await?;
        let fence = grant.map(|g| g.fence);
        self.held.insert(table, fence);
        Ok(fence.map(Some).ok_or(()))
    }

    /// Releases every table claimed for the recovery.
    async fn release(self, db: &Db) -> Result<(), StoreError> {
        for fence in self.held.into_values().flatten() {
            db.release_table(fence).await?;
        }
        Ok(())
    }
}

async fn recover(
    db: &Db,
    only_game: Option<GameId>,
    skip: &HashSet<TableId>,
    by: Option<Recoverer<'_>>,
) -> Result<(), StoreError> {
    let mut leases = Leases {
        by,
        held: HashMap::new(),
    };
    recover_wagers(db, only_game, skip, &mut leases).await?;
    leases.release(db).await?;
    recover_pools(db, only_game, skip).await
}

async fn recover_wagers(
    db: &Db,
    only_game: Option<GameId>,
    skip: &HashSet<TableId>,
    leases: &mut Leases<'_>,
) -> Result<(), StoreError> {
    for (table, red, w) in db.open_wagers().await? {
        if skip.contains(&table) {
            continue;
        }
        let bound = match w.status {
            WagerStatus::Escrowed { game } => game,
            _ => None,
        };
        if only_game.is_some() && bound != only_game {
            continue;
        }
        // A wager not bound to an ended game is still alive at its table: written under a lease.
        let fence = if bound.is_none() {
            match leases.fence(db, table).await? {
                Ok(fence) => fence,
                Err(()) => {
                    tracing::info!(wager = w.id, table = table.0, "a live node holds the table");
                    continue;
                }
            }
        } else {
            None
        };
        let step = match (w.status, bound) {
            (WagerStatus::Negotiating { .. } | WagerStatus::Confirmed { .. }, _) => {
                w.cancel().map(|wager| (wager, None, red))
            }
            (_, None) => w.refund_unplayed().map(|s| (s.wager, s.transaction, red)),
            (_, Some(g)) => {
                let Some(game) = db.game(g).await? else {
                    tracing::warn!(wager = w.id, game = g.0, "the wager's game is missing");
                    continue;
                };
                if game.status == "playing" {
                    continue;
                }
                let (result, reason) =
                    stored_end(&game.status, game.result.as_deref(), game.reason.as_deref());
                let end = WagerGameEnd {
                    game: g,
                    red: game.red,
                    black: game.black,
                    result,
                    reason,
                };
                w.settle(&end).map(|s| (s.wager, s.transaction, game.red))
            }
        };
        match step {
            Ok((wager, ledger, red)) => {
                let mut write = wager_write(table, &wager, red, ledger);
                write.fence = fence;
                if let Err(e) = db.coin_write(&write).await {
                    tracing::error!(wager = w.id, "recovering the wager: {e}");
                }
            }
            Err(e) => tracing::error!(wager = w.id, "recovering the wager: {e}"),
        }
    }
    Ok(())
}

async fn recover_pools(
    db: &Db,
    only_game: Option<GameId>,
    skip: &HashSet<TableId>,
) -> Result<(), StoreError> {
    for (table, pool) in db.open_pools().await? {
        if only_game.is_some_and(|g| g != pool.game) || skip.contains(&table) {
            continue;
        }
        let result = match db.game(pool.game).await? {
            Some(g) if g.status == "playing" => continue,
            Some(g) => stored_end(&g.status, g.result.as_deref(), g.reason.as_deref()).0,
            None => GameResult::Unfinished,
        };
        match pool.settle(result) {
            Ok(step) => {
                let write = CoinWrite {
                    table,
                    what: Stored::Pool(Box::new(step.pool)),
                    ledger: step.transaction,
                    request: None,
                    fence: None,
                };
                if let Err(e) = db.coin_write(&write).await {
                    tracing::error!(game = pool.game.0, "recovering the betting pool: {e}");
                }
            }
            Err(e) => tracing::error!(game = pool.game.0, "recovering the betting pool: {e}"),
        }
    }
    Ok(())
}
