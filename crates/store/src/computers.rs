//! The computer's levels as stored players (migration 0009): one `users` row per level, created
//! at start-up where missing, rated like people in games played rated against them.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::rating::Profile;
use platform::UserId;

/// The stored name of level `level`'s player ("Computer L3": a space, so no account can take
/// it; clients show their own words for it).
#[must_use]
pub fn computer_name(level: u8) -> String {
    format!("Computer L{level}")
}

impl Db {
    /// The user ids of the computer's levels 1..=`ladder.len()`, creating the rows that are
    /// missing with `profile`'s rating for their place on `ladder` (Elo over level 1). Rows that
    /// exist keep their rating.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn computer_players(
        &self,
        profile: &Profile,
        ladder: &[f64],
        now: u64,
    ) -> Result<Vec<UserId>, StoreError> {
        let mut ids = Vec::with_capacity(ladder.len());
        for (i, elo) in ladder.iter().enumerate() {
            let level = i64::try_from(i + 1).unwrap_or(i64::MAX);
            let name = computer_name(u8::try_from(i + 1).unwrap_or(u8::MAX));
            let rating = profile.computer_initial(*elo);
            sqlx::query(
                "INSERT INTO users (name, name_key, password_hash, guest, rating, deviation, \
                 volatility, games, created_at, computer_level) \
                 VALUES ($1, $2, NULL, 0, $3, $4, $5, 0, $6, $7) ON CONFLICT DO NOTHING",
            )
            .bind(&name)
            .bind(name.to_lowercase())
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .bind(now.sql())
            .bind(level)
            .execute(&mut *self.writer().await?)
            .await?;
            let row = sqlx::query("SELECT id FROM users WHERE computer_level = $1")
                .bind(level)
                .fetch_one(&self.pool)
                .await?;
            ids.push(get(&row, "id")?);
        }
        Ok(ids)
    }

    /// How many of `user`'s ended games were rated and how many not (aborted ones included).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn played_counts(&self, user: UserId) -> Result<(u64, u64), StoreError> {
        let rows = sqlx::query(
            "SELECT rated, COUNT(*) AS n FROM games \
             WHERE (red = $1 OR black = $1) AND status <> 'playing' GROUP BY rated",
        )
        .bind(user.sql())
        .fetch_all(&self.pool)
        .await?;
        let (mut rated, mut unrated) = (0, 0);
        for row in &rows {
            let n: u64 = get(row, "n")?;
            if get::<u64>(row, "rated")? != 0 {
                rated += n;
            } else {
                unrated += n;
            }
        }
        Ok((rated, unrated))
    }
}
