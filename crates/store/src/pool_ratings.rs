//! Ratings in pools (`pool_ratings`, migration 0021): an event's own rating of its players,
//! read and written inside a game's result transaction like the site rating (`ratings.rs`), and
//! read for the ladder's places and the player's profile. A player's first rated game in a pool
//! creates their row; until then their rating there is the pool profile's initial one.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::rating::{PlayerRating, RatingPool};
use platform::{GameId, UserId};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A player's rating in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRating {
    /// The pool.
    pub pool: String,
    /// The profile that rates it (`glicko2`, …).
    pub profile: String,
    /// The rating.
    pub rating: PlayerRating,
}

fn pool_rating(row: &AnyRow) -> Result<PoolRating, sqlx::Error> {
    let games: i64 = row.try_get("games")?;
    Ok(PoolRating {
        pool: row.try_get("pool")?,
        profile: row.try_get("profile")?,
        rating: PlayerRating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
            games: u32::try_from(games).unwrap_or(0),
        },
    })
}

/// Both players' ratings in `pool`, read on `conn` inside the result transaction (whose
/// `users` rows are already locked on PostgreSQL, so two games of one player cannot both
/// start from the same old rating): the stored ones, or the profile's initial rating for a
/// first game. `None` when a stored row belongs to another profile (the game stays unrated).
pub(crate) async fn pair_in_tx(
    conn: &mut sqlx::AnyConnection,
    pool: &RatingPool,
    red: UserId,
    black: UserId,
) -> Result<Option<(PlayerRating, PlayerRating)>, StoreError> {
    let rows = sqlx::query(
        "SELECT user_id, pool, profile, rating, deviation, volatility, games FROM pool_ratings \
         WHERE pool = $1 AND (user_id = $2 OR user_id = $3)",
    )
    .bind(pool.name.as_str())
    .bind(red.sql())
    .bind(black.sql())
    .fetch_all(&mut *conn)
    .await?;
    let (mut r, mut b) = (pool.profile.initial(), pool.profile.initial());
    for row in &rows {
        let user: UserId = get(row, "user_id")?;
        let stored = pool_rating(row)?;
        if stored.profile != pool.profile.name() {
            tracing::warn!(
                pool = pool.name.as_str(),
                stored = %stored.profile,
                "a rating pool is rated with another profile now; game not rated"
            );
            return Ok(None);
        }
        if user == red {
            r = stored.rating;
        } else if user == black {
            b = stored.rating;
        }
    }
    Ok(Some((r, b)))
}

/// Writes `user`'s new rating in `pool` and its history row (which names the pool), on `conn`
/// inside the result transaction.
pub(crate) async fn store_in_tx(
    conn: &mut sqlx::AnyConnection,
    pool: &RatingPool,
    user: UserId,
    old: &PlayerRating,
    new: &PlayerRating,
    game: (GameId, u64),
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO pool_ratings (user_id, pool, profile, rating, deviation, volatility, games) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, pool) DO UPDATE SET \
         rating = excluded.rating, deviation = excluded.deviation, \
         volatility = excluded.volatility, games = excluded.games",
    )
    .bind(user.sql())
    .bind(pool.name.as_str())
    .bind(pool.profile.name())
    .bind(new.rating)
    .bind(new.deviation)
    .bind(new.volatility)
    .bind(i64::from(new.games))
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO rating_history (user_id, game_id, profile, pool, at, rating_before, \
         rating_after, games) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(user.sql())
    .bind(game.0.sql())
    .bind(pool.profile.name())
    .bind(pool.name.as_str())
    .bind(game.1.sql())
    .bind(old.rating)
    .bind(new.rating)
    .bind(i64::from(new.games))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

impl Db {
    /// `user`'s ratings in every pool they have played a rated game in, by pool name.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn pool_ratings(&self, user: UserId) -> Result<Vec<PoolRating>, StoreError> {
        let rows = sqlx::query(
            "SELECT pool, profile, rating, deviation, volatility, games FROM pool_ratings \
             WHERE user_id = $1 ORDER BY pool",
        )
        .bind(user.sql())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(pool_rating).collect::<Result<_, _>>()?)
    }

    /// `user`'s rating in `pool`: the stored one, or the pool profile's initial rating before
    /// their first rated game there.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn pool_rating(
        &self,
        user: UserId,
        pool: &RatingPool,
    ) -> Result<PlayerRating, StoreError> {
        let row = sqlx::query(
            "SELECT pool, profile, rating, deviation, volatility, games FROM pool_ratings \
             WHERE user_id = $1 AND pool = $2",
        )
        .bind(user.sql())
        .bind(pool.name.as_str())
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => Ok(pool_rating(&row)?.rating),
            None => Ok(pool.profile.initial()),
        }
    }

    /// The profile pool `pool` is rated with, if anyone has a rating in it.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn pool_profile(&self, pool: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT profile FROM pool_ratings WHERE pool = $1 LIMIT 1")
            .bind(pool)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("profile")).transpose()?)
    }
}
