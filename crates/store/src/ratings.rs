//! Rating a finished game inside its result transaction, and the rating history.
//!
//! Both players' ratings are read in the transaction that writes the result and the new ratings
//! (PostgreSQL: the two user rows are locked `FOR UPDATE`, in id order; SQLite: the transaction
//! already holds the write lock because its first statement wrote the game row), so two games of
//! one player that end at once cannot both start from the same old rating. A game of an event
//! with its own rating pool is rated there instead (`pool_ratings.rs`); the site rating and
//! titles are then untouched.

use super::pool_ratings;
use super::sql::{get, Sql};
use super::{Backend, Db, StoreError};
use platform::rating::{PlayerRating, Profile, RatedGame, RatingChange, RatingPool};
use platform::{GameId, UserId};
pub use protocol::rating::RatingLine;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use xiangqi::Color;

/// Both players' rating lines.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    /// Red's.
    pub red: RatingLine,
    /// Black's.
    pub black: RatingLine,
}

/// What the result transaction needs to rate a game.
#[derive(Clone, Debug)]
pub struct RateRequest {
    /// The site's profile.
    pub profile: Profile,
    /// The event's own pool, rated with its own profile instead of the site's (`None`: the
    /// site's rating).
    pub pool: Option<RatingPool>,
    /// Red player.
    pub red: UserId,
    /// Black player.
    pub black: UserId,
    /// The finished game as the rating systems see it.
    pub game: RatedGame,
    /// In a rated game against the computer, the colour of the level's player (it moves
    /// slowly: `Profile::rate_against_computer`).
    pub computer: Option<Color>,
    /// In a rated handicap game, the giver and its rating offset (points taken off the giver's
    /// rating in the expected score: `Profile::rate_with_handicap`).
    pub handicap: Option<(Color, f64)>,
}

/// How the ratings of a game came out (also when the profile declined to rate it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingOutcome {
    /// New ratings (unchanged when not rated), deltas and status.
    pub change: RatingChange,
    /// The rounded before/after/delta lines of both players.
    pub lines: Ratings,
}

/// One point of a player's rating history.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingPoint {
    /// The game.
    pub game: GameId,
    /// When it ended (ms since the epoch).
    pub at: u64,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// Rated games played after it.
    pub games: u32,
}

/// A stored player's rating and whether they are a guest.
struct Rated {
    guest: bool,
    rating: PlayerRating,
}

/// Rates the game `game_id` for `req` on `conn`, which is inside the result transaction: reads
/// both ratings (locking them on PostgreSQL), writes the new ratings, the history rows and the
/// game's rating lines. `None` when a player is a guest or missing (nothing rated).
pub(crate) async fn rate_in_tx(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    game_id: GameId,
    at: u64,
    req: &RateRequest,
) -> Result<Option<RatingOutcome>, StoreError> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let rows = sqlx::query(&format!(
        "SELECT id, guest, rating, deviation, volatility, games FROM users \
         WHERE id = $1 OR id = $2 ORDER BY id{lock}"
    ))
    .bind(req.red.sql())
    .bind(req.black.sql())
    .fetch_all(&mut *conn)
    .await?;
    let mut red = None;
    let mut black = None;
    for row in &rows {
        let id: UserId = get(row, "id")?;
        let games: i64 = row.try_get("games")?;
        let player = Rated {
            guest: row.try_get::<i64, _>("guest")? != 0,
            rating: PlayerRating {
                rating: row.try_get("rating")?,
                deviation: row.try_get("deviation")?,
                volatility: row.try_get("volatility")?,
                games: u32::try_from(games).unwrap_or(0),
            },
        };
        if id == req.red {
            red = Some(player);
        } else if id == req.black {
            black = Some(player);
        }
    }
    let (Some(red), Some(black)) = (red, black) else {
        return Ok(None);
    };
    if red.guest || black.guest {
        return Ok(None);
    }
    let (profile, red_rating, black_rating) = match &req.pool {
        None => (req.profile, red.rating, black.rating),
        Some(pool) => match pool_ratings::pair_in_tx(conn, pool, req.red, req.black).await? {
            Some((r, b)) => (pool.profile, r, b),
            None => return Ok(None),
        },
    };
    let (red, black) = (
        Rated {
            rating: red_rating,
            ..red
        },
        Rated {
            rating: black_rating,
            ..black
        },
    );
    let change = match (req.computer, req.handicap) {
        (None, Some((giver, offset))) => {
            profile.rate_with_handicap(&red.rating, &black.rating, giver, offset, &req.game)
        }
        (Some(side), _) => {
            profile.rate_against_computer(&red.rating, &black.rating, side, &req.game)
        }
        (None, None) => profile.rate(&red.rating, &black.rating, &req.game),
    };
    let line = |before: f64, after: f64| RatingLine {
        before: before.round() as i64,
        after: after.round() as i64,
        delta: after.round() as i64 - before.round() as i64,
    };
    let lines = Ratings {
        red: line(red.rating.rating, change.red.rating),
        black: line(black.rating.rating, change.black.rating),
    };
    if change.is_rated() {
        for (user, old, new) in [
            (req.red, red.rating, change.red),
            (req.black, black.rating, change.black),
        ] {
            match &req.pool {
                None => store_rating(conn, user, &old, &new, game_id, at, profile.name()).await?,
                Some(pool) => {
                    pool_ratings::store_in_tx(conn, pool, user, &old, &new, (game_id, at)).await?;
                }
            }
        }
        let text = serde_json::to_string(&lines).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        sqlx::query("UPDATE games SET rated = 1, ratings = $1 WHERE id = $2")
            .bind(text)
            .bind(game_id.sql())
            .execute(&mut *conn)
            .await?;
    }
    Ok(Some(RatingOutcome { change, lines }))
}

/// Writes one player's new rating and its history row.
async fn store_rating(
    conn: &mut sqlx::AnyConnection,
    user: UserId,
    old: &PlayerRating,
    new: &PlayerRating,
    game_id: GameId,
    at: u64,
    profile: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE users SET rating = $1, deviation = $2, volatility = $3, games = $4 WHERE id = $5",
    )
    .bind(new.rating)
    .bind(new.deviation)
    .bind(new.volatility)
    .bind(i64::from(new.games))
    .bind(user.sql())
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO rating_history (user_id, game_id, profile, at, rating_before, rating_after, \
         games) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(user.sql())
    .bind(game_id.sql())
    .bind(profile)
    .bind(at.sql())
    .bind(old.rating)
    .bind(new.rating)
    .bind(i64::from(new.games))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

impl Db {
    /// `user`'s rated games in `profile`, oldest first (each rated game adds one to the count):
    /// the site rating's with `pool` `""`, else pool `pool`'s.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn rating_history(
        &self,
        user: UserId,
        profile: &str,
        pool: &str,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, at, rating_before, rating_after, games FROM rating_history \
             WHERE user_id = $1 AND profile = $2 AND pool = $3 ORDER BY games, game_id",
        )
        .bind(user.sql())
        .bind(profile)
        .bind(pool)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| -> Result<RatingPoint, StoreError> {
                let games: i64 = r.try_get("games")?;
                Ok(RatingPoint {
                    game: get(r, "game_id")?,
                    at: get(r, "at")?,
                    before: r.try_get("rating_before")?,
                    after: r.try_get("rating_after")?,
                    games: u32::try_from(games).unwrap_or(0),
                })
            })
            .collect()
    }
}
