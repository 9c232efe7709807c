//! A bettor's own bets (`pool_bets`, kept with every pool write): what `GET /api/me/bets`
//! lists.

use super::{to_i64, to_u64, Db, StoreError};
use platform::UserId;
use sqlx::Row;

/// One bet of a user on one game (additions included).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BetRow {
    /// The game bet on.
    pub game_id: u64,
    /// Its table.
    pub table: u64,
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
        before: Option<u64>,
    ) -> Result<Vec<BetRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, table_id, pick, amount, returned, status, updated_at FROM pool_bets \
             WHERE user_id = $1 AND game_id < $2 ORDER BY game_id DESC LIMIT $3",
        )
        .bind(to_i64(user.0))
        .bind(before.map_or(i64::MAX, to_i64))
        .bind(i64::from(limit))
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BetRow {
                    game_id: to_u64(r.try_get("game_id")?),
                    table: to_u64(r.try_get("table_id")?),
                    pick: r.try_get("pick")?,
                    amount: r.try_get("amount")?,
                    payout: r.try_get("returned")?,
                    status: r.try_get("status")?,
                    at: to_u64(r.try_get("updated_at")?),
                })
            })
            .collect()
    }
}
