//! Recovery of wagers and pools whose game will not be played on (after a restart, or when a
//! game's settlements could not be stored with its end): they are settled from the stored
//! result, or refunded.

use super::wager_close::wager_write;
use super::{CoinWrite, Db, StoreError, Stored};
use platform::wager::{WagerGameEnd, WagerStatus};
use platform::{GameId, TableId};
use std::collections::HashSet;
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
    recover(db, only_game, &HashSet::new()).await
}

/// [`recover_coins`] at start-up on a site of several nodes: everything except the wagers and
/// pools of `held_elsewhere`, the tables that live nodes hold (their games go on there).
///
/// # Errors
/// As [`recover_coins`].
pub async fn recover_coins_except(
    db: &Db,
    held_elsewhere: &HashSet<TableId>,
) -> Result<(), StoreError> {
    recover(db, None, held_elsewhere).await
}

async fn recover(
    db: &Db,
    only_game: Option<GameId>,
    skip: &HashSet<TableId>,
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
                let write = wager_write(table, &wager, red, ledger);
                if let Err(e) = db.coin_write(&write).await {
                    tracing::error!(wager = w.id, "recovering the wager: {e}");
                }
            }
            Err(e) => tracing::error!(wager = w.id, "recovering the wager: {e}"),
        }
    }
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
