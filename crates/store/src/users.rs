//! Users: accounts and guests, with their rating in the site's profile.

use super::sql::{get, Sql};
use super::{Db, DbTx, StoreError};
use platform::ledger::{AccountId, Coins, IdempotencyKey, Transaction};
use platform::rating::{PlayerRating, TitleRecord};
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
    /// Coin balance, from the ledger (`ledger_accounts`), when it was read.
    pub coins: Option<i64>,
    /// Awarded and honorary titles.
    pub titles: TitleRecord,
    /// The computer's level this row plays as (`None` for people).
    pub computer_level: Option<u8>,
}

const COLUMNS: &str =
    "id, name, guest, rating, deviation, volatility, games, titles, computer_level";

pub(crate) fn user_from_row(row: &AnyRow) -> Result<UserRow, StoreError> {
    let games: i64 = row.try_get("games")?;
    Ok(UserRow {
        id: get(row, "id")?,
        name: row.try_get("name")?,
        guest: row.try_get::<i64, _>("guest")? != 0,
        rating: PlayerRating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
            games: u32::try_from(games).unwrap_or(0),
        },
        coins: None,
        titles: titles_from_column(row.try_get("titles")?)?,
        computer_level: row
            .try_get::<Option<i64>, _>("computer_level")?
            .and_then(|l| u8::try_from(l).ok()),
    })
}

/// `users.titles`: JSON of a [`TitleRecord`], `NULL` for none.
pub(super) fn titles_from_column(text: Option<String>) -> Result<TitleRecord, StoreError> {
    text.map_or(Ok(TitleRecord::default()), |t| {
        serde_json::from_str(&t).map_err(|e| StoreError::Corrupt(format!("titles: {e}")))
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
        let mut tx = self.begin_write().await?;
        let row = insert_user(&mut tx, name, password_hash, guest, rating, now).await?;
        tx.commit().await?;
        Ok(UserRow {
            coins: Some(0),
            ..row
        })
    }

    /// Creates a registered user and, in the same transaction, gives them `grant` coins from the
    /// mint (the starting grant, key `grant:start:<id>`; none when `grant` is zero).
    ///
    /// # Errors
    /// [`StoreError::NameTaken`] if the name (case-insensitively) exists; nothing is written then.
    pub async fn create_user_with_grant(
        &self,
        name: &str,
        password_hash: &str,
        rating: PlayerRating,
        now: u64,
        grant: Coins,
    ) -> Result<UserRow, StoreError> {
        let mut tx = self.begin_write().await?;
        let row = insert_user(&mut tx, name, Some(password_hash), false, rating, now).await?;
        let mut coins = 0;
        if grant.is_positive() {
            let key = IdempotencyKey::new(format!("grant:start:{}", row.id.0))?;
            let user = row.id;
            let applied = self
                .ledger_apply_in(&mut tx, &Transaction::starting_grant(user, grant, key)?)
                .await?;
            coins = applied
                .receipt
                .balances_after
                .iter()
                .find(|(a, _)| *a == AccountId::User(user))
                .map_or(0, |(_, b)| b.get());
        }
        tx.commit().await?;
        Ok(UserRow {
            coins: Some(coins),
            ..row
        })
    }

    /// `row` with its balance read from the ledger.
    pub(crate) async fn with_coins(&self, row: UserRow) -> Result<UserRow, StoreError> {
        let coins = self.balance(&AccountId::User(row.id)).await?;
        Ok(UserRow {
            coins: Some(coins.get()),
            ..row
        })
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
        match row {
            Some(r) => {
                let user = self.with_coins(user_from_row(&r)?).await?;
                Ok(Some((user, r.try_get("password_hash")?)))
            }
            None => Ok(None),
        }
    }

    /// The user with `id`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn user(&self, id: UserId) -> Result<Option<UserRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM users WHERE id = $1"))
            .bind(id.sql())
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(r) => Ok(Some(self.with_coins(user_from_row(&r)?).await?)),
            None => Ok(None),
        }
    }
}

/// Inserts a user row inside `tx`.
async fn insert_user(
    tx: &mut DbTx,
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
    .bind(now.sql())
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::NameTaken,
        _ => StoreError::Db(e),
    })?;
    user_from_row(&row)
}

impl Db {
    /// Stores `user`'s awarded and honorary titles; returns whether the user exists.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn set_titles(&self, user: UserId, titles: &TitleRecord) -> Result<bool, StoreError> {
        let text = titles_to_column(titles)?;
        let done = sqlx::query("UPDATE users SET titles = $1 WHERE id = $2")
            .bind(text)
            .bind(user.sql())
            .execute(&mut *self.writer().await?)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}

/// `users.titles` of `titles` (`None` for none).
pub(super) fn titles_to_column(titles: &TitleRecord) -> Result<Option<String>, StoreError> {
    (*titles != TitleRecord::default())
        .then(|| serde_json::to_string(titles))
        .transpose()
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// Names are unique regardless of case.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}
