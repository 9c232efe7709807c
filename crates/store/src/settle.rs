//! Storing a game's end with its settlements ([`Db::finish_game_settling`]), and the fallback
//! when they cannot be stored together (each write already retried on deadlocks and busy
//! databases): the game is stored alone, then each settlement in a transaction of its own. Only what committed is announced. A settlement that
//! still cannot be stored keeps its coins in escrow and its wager or pool open in the database;
//! a background task settles it from the stored result a few times over the next minute
//! ([`recover_coins`] for that game), and start-up recovery does if the database stays away.

use super::coin_recovery::recover_coins;
use super::{Db, FinishedGame, RatingOutcome, StoreError, Stored};
use platform::{GameId, TableId};
use std::time::Duration;

/// Which settlements of a game were stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoredParts {
    /// The wager's settlement (or lapse).
    pub wager: bool,
    /// The betting pool's.
    pub pool: bool,
}

impl Db {
    /// Stores the end of a game with its ratings, reward and settlements in one transaction;
    /// if that fails, the game alone and then each settlement on its own. Returns the rating
    /// outcome and which settlements were stored (only those may be announced).
    ///
    /// # Errors
    /// [`StoreError`] when even the game alone cannot be stored (nothing is then announced;
    /// the game stays in progress in the database).
    pub async fn finish_game_settling(
        &self,
        table: TableId,
        finished: &mut FinishedGame,
    ) -> Result<(Option<RatingOutcome>, StoredParts), StoreError> {
        let all = StoredParts {
            wager: true,
            pool: true,
        };
        match self.finish_game(finished).await {
            Ok(outcome) => Ok((outcome, all)),
            // Another node owns the table now: nothing of this node's may be stored.
            Err(e @ StoreError::Fenced(_)) => Err(e),
            Err(e) => {
                tracing::error!(
                    table = table.0,
                    game_id = finished.id.0,
                    "cannot store the game's end with its settlements: {e}"
                );
                finish_apart(self, table, finished).await.inspect_err(|e| {
                    tracing::error!(
                        table = table.0,
                        game_id = finished.id.0,
                        "cannot store the game's end: {e}"
                    );
                })
            }
        }
    }
}

/// Stores `finished` without its settlements, then each settlement on its own.
async fn finish_apart(
    db: &Db,
    table: TableId,
    finished: &mut FinishedGame,
) -> Result<(Option<RatingOutcome>, StoredParts), StoreError> {
    let coins = std::mem::take(&mut finished.coins);
    let outcome = db.finish_game(finished).await?;
    let mut parts = StoredParts::default();
    let mut missing = false;
    for w in &coins {
        match db.coin_write(w).await {
            Ok(_) => match w.what {
                Stored::Wager { .. } => parts.wager = true,
                Stored::Pool(_) => parts.pool = true,
            },
            Err(e) => {
                tracing::error!(
                    table = table.0,
                    game_id = finished.id.0,
                    "settlement not stored: {e}"
                );
                missing = true;
            }
        }
    }
    if missing {
        spawn_recovery(db.clone(), finished.id);
    }
    Ok((outcome, parts))
}

/// Settles what is still open for `game_id` from its stored result, trying again a few times.
fn spawn_recovery(db: Db, game_id: GameId) {
    tokio::spawn(async move {
        for wait in [1u64, 4, 15, 40] {
            tokio::time::sleep(Duration::from_secs(wait)).await;
            match recover_coins(&db, Some(game_id)).await {
                Ok(()) => {
                    let left = db.open_wagers().await.map(|w| {
                        w.iter().any(|(_, _, w)| {
                            matches!(w.status, platform::wager::WagerStatus::Escrowed { game: Some(g) } if g == game_id)
                        })
                    });
                    let pools = db
                        .open_pools()
                        .await
                        .map(|p| p.iter().any(|(_, p)| p.game == game_id));
                    if matches!((left, pools), (Ok(false), Ok(false))) {
                        tracing::info!(game_id = game_id.0, "settlements stored by the retry");
                        return;
                    }
                }
                Err(e) => tracing::warn!(game_id = game_id.0, "settling again: {e}"),
            }
        }
        tracing::error!(
            game_id = game_id.0,
            "settlements left for start-up recovery"
        );
    });
}
