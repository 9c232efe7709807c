//! A bettor's own bets (`pool_bets`, kept with every pool write): what `GET /api/me/bets`
//! lists.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::{GameId, TableId, UserId};
use sqlx::Row;

/// One bet of a user on one game (additions included).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BetRow {
    /// The game bet on.
    pub game_id: GameId,
    /// Its table.
    pub table: TableId,
    /// `red`, `black` or `draw`.
    pub pick: String,
    /// Coins bet.
    pub amount: i64,
    /// Coins returned once the pool was settled or refunded.
    pub payout: Option<i64>,
    /// The pool's status: `open`, `closed`, `settled` or `refunded`.
    pub status: String,
    /// When it last changed (ms).
    pub at: u64,
}

impl Db {
    /// `user`'s bets, newest game first, on games with ids below `before`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn bets_of(
        &self,
        user: UserId,
        limit: u32,
        before: Option<GameId>,
    ) -> Result<Vec<BetRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, table_id, pick, amount, returned, status, updated_at FROM pool_bets \
             WHERE user_id = $1 AND game_id < $2 ORDER BY game_id DESC LIMIT $3",
        )
        .bind(user.sql())
        .bind(before.map_or(i64::MAX, Sql::sql))
        .bind(i64::from(limit))
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BetRow {
                    game_id: get(r, "game_id")?,
                    table: get(r, "table_id")?,
                    pick: r.try_get("pick")?,
                    amount: r.try_get("amount")?,
                    payout: r.try_get("returned")?,
                    status: r.try_get("status")?,
                    at: get(r, "updated_at")?,
                })
            })
            .collect()
    }
}
