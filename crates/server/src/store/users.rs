//! Users: accounts and guests, with their rating in the site's profile.

use super::{to_i64, to_u64, Db, StoreError};
use platform::rating::PlayerRating;
use platform::UserId;
use sqlx::any::AnyRow;
use sqlx::Row;

/// A stored user.
#[derive(Clone, Debug, PartialEq)]
pub struct UserRow {
    /// Id.
    pub id: UserId,
    /// Display name (as registered).
    pub name: String,
    /// A guest account (no password, unrated).
    pub guest: bool,
    /// Rating in the site's profile.
    pub rating: PlayerRating,
    /// Coin balance, once coins exist (`None` until then).
    pub coins: Option<i64>,
}

const COLUMNS: &str = "id, name, guest, rating, deviation, volatility, games, coins";

pub(crate) fn user_from_row(row: &AnyRow) -> Result<UserRow, StoreError> {
    let games: i64 = row.try_get("games")?;
    Ok(UserRow {
        id: UserId(to_u64(row.try_get("id")?)),
        name: row.try_get("name")?,
        guest: row.try_get::<i64, _>("guest")? != 0,
        rating: PlayerRating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
            games: u32::try_from(games).unwrap_or(0),
        },
        coins: row.try_get("coins")?,
    })
}

impl Db {
    /// Creates a user. `password_hash` is `None` for guests.
    ///
    /// # Errors
    /// [`StoreError::NameTaken`] if the name (case-insensitively) exists.
    pub async fn create_user(
        &self,
        name: &str,
        password_hash: Option<&str>,
        guest: bool,
        rating: PlayerRating,
        now: u64,
    ) -> Result<UserRow, StoreError> {
        let row = sqlx::query(&format!(
            "INSERT INTO users (name, name_key, password_hash, guest, rating, deviation, volatility, games, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING {COLUMNS}"
        ))
        .bind(name)
        .bind(name_key(name))
        .bind(password_hash)
        .bind(i64::from(guest))
        .bind(rating.rating)
        .bind(rating.deviation)
        .bind(rating.volatility)
        .bind(i64::from(rating.games))
        .bind(to_i64(now))
        .fetch_one(&self.pool)
        .await
        .map_err(|e| match &e {
            sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::NameTaken,
            _ => StoreError::Db(e),
        })?;
        user_from_row(&row)
    }

    /// The user named `name` (case-insensitively) and their password hash.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn user_by_name(
        &self,
        name: &str,
    ) -> Result<Option<(UserRow, Option<String>)>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS}, password_hash FROM users WHERE name_key = $1"
        ))
        .bind(name_key(name))
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((user_from_row(&r)?, r.try_get("password_hash")?)))
            .transpose()
    }

    /// The user with `id`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn user(&self, id: UserId) -> Result<Option<UserRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM users WHERE id = $1"))
            .bind(to_i64(id.0))
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(user_from_row).transpose()
    }
}

/// Names are unique regardless of case.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}
