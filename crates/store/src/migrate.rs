//! Embedded migrations, applied in order at start-up and recorded in `schema_migrations`.

use super::sql::Sql;
use super::{Backend, Db, StoreError};
use sqlx::Executor;

/// `(version, SQLite text, PostgreSQL text)`, in order. Never edit one that shipped: add another.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        include_str!("../migrations/0001_init.sqlite.sql"),
        include_str!("../migrations/0001_init.postgres.sql"),
    ),
    (
        2,
        include_str!("../migrations/0002_ledger.sqlite.sql"),
        include_str!("../migrations/0002_ledger.postgres.sql"),
    ),
    (
        3,
        include_str!("../migrations/0003_wagers.sqlite.sql"),
        include_str!("../migrations/0003_wagers.postgres.sql"),
    ),
    (
        4,
        include_str!("../migrations/0004_ratings.sqlite.sql"),
        include_str!("../migrations/0004_ratings.postgres.sql"),
    ),
    (
        5,
        include_str!("../migrations/0005_coin_requests.sqlite.sql"),
        include_str!("../migrations/0005_coin_requests.postgres.sql"),
    ),
    (
        6,
        include_str!("../migrations/0006_drop_users_coins.sqlite.sql"),
        include_str!("../migrations/0006_drop_users_coins.postgres.sql"),
    ),
    (
        7,
        include_str!("../migrations/0007_compact_records.sqlite.sql"),
        include_str!("../migrations/0007_compact_records.postgres.sql"),
    ),
    (
        8,
        include_str!("../migrations/0008_tournaments.sqlite.sql"),
        include_str!("../migrations/0008_tournaments.postgres.sql"),
    ),
    (
        9,
        include_str!("../migrations/0009_computer_players.sqlite.sql"),
        include_str!("../migrations/0009_computer_players.postgres.sql"),
    ),
    (
        10,
        include_str!("../migrations/0010_ownership.sqlite.sql"),
        include_str!("../migrations/0010_ownership.postgres.sql"),
    ),
    (
        11,
        include_str!("../migrations/0011_casual_games.sqlite.sql"),
        include_str!("../migrations/0011_casual_games.postgres.sql"),
    ),
    (
        12,
        include_str!("../migrations/0012_behaviour.sqlite.sql"),
        include_str!("../migrations/0012_behaviour.postgres.sql"),
    ),
    (
        13,
        include_str!("../migrations/0013_ladders.sqlite.sql"),
        include_str!("../migrations/0013_ladders.postgres.sql"),
    ),
    (
        14,
        include_str!("../migrations/0014_analyses.sqlite.sql"),
        include_str!("../migrations/0014_analyses.postgres.sql"),
    ),
    (
        15,
        include_str!("../migrations/0015_collections.sqlite.sql"),
        include_str!("../migrations/0015_collections.postgres.sql"),
    ),
    (
        16,
        include_str!("../migrations/0016_recurring_events.sqlite.sql"),
        include_str!("../migrations/0016_recurring_events.postgres.sql"),
    ),
    (
        17,
        include_str!("../migrations/0017_notices.sqlite.sql"),
        include_str!("../migrations/0017_notices.postgres.sql"),
    ),
    (
        18,
        include_str!("../migrations/0018_teams.sqlite.sql"),
        include_str!("../migrations/0018_teams.postgres.sql"),
    ),
    (
        19,
        include_str!("../migrations/0019_leagues.sqlite.sql"),
        include_str!("../migrations/0019_leagues.postgres.sql"),
    ),
    (
        20,
        include_str!("../migrations/0020_organisers.sqlite.sql"),
        include_str!("../migrations/0020_organisers.postgres.sql"),
    ),
    (
        21,
        include_str!("../migrations/0021_rating_pools.sqlite.sql"),
        include_str!("../migrations/0021_rating_pools.postgres.sql"),
    ),
    (
        22,
        include_str!("../migrations/0022_masters.sqlite.sql"),
        include_str!("../migrations/0022_masters.postgres.sql"),
    ),
    (
        23,
        include_str!("../migrations/0023_puzzles.sqlite.sql"),
        include_str!("../migrations/0023_puzzles.postgres.sql"),
    ),
    (
        24,
        include_str!("../migrations/0024_journal_append.sqlite.sql"),
        include_str!("../migrations/0024_journal_append.postgres.sql"),
    ),
    (
        25,
        include_str!("../migrations/0025_user_settings.sqlite.sql"),
        include_str!("../migrations/0025_user_settings.postgres.sql"),
    ),
    (
        27,
        include_str!("../migrations/0027_owner_kind.sqlite.sql"),
        include_str!("../migrations/0027_owner_kind.postgres.sql"),
    ),
];

/// The statements of a migration: its text without `--` comment lines, split at `;` (so a
/// comment may say anything, semicolons included).
fn statements(text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("--"))
        .map(|l| format!("{l}\n"))
        .collect();
    code.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

impl Db {
    /// Applies the migrations not yet applied, each in its own transaction, then converts
    /// games stored in the legacy record format to the compact one
    /// ([`Db::compact_old_games`]).
    ///
    /// # Errors
    /// [`StoreError::Db`] if one fails (it is rolled back).
    pub async fn migrate(&self) -> Result<(), StoreError> {
        self.pool
            .execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations \
                 (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)",
            )
            .await?;
        for &(version, sqlite, postgres) in MIGRATIONS {
            let done: Option<i64> =
                sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
                    .bind(version)
                    .fetch_optional(&self.pool)
                    .await?;
            if done.is_some() {
                continue;
            }
            let text = match self.backend {
                Backend::Sqlite => sqlite,
                Backend::Postgres => postgres,
            };
            let mut tx = self.pool.begin().await?;
            for stmt in statements(text) {
                (&mut *tx).execute(stmt.as_str()).await?;
            }
            sqlx::query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)")
                .bind(version)
                .bind(kit::clock::now().sql())
                .execute(&mut *tx)
                .await?;
            if version == 1 {
                sqlx::query("INSERT INTO heartbeat (id, at) VALUES (1, 0)")
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        }
        self.compact_old_games().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::statements;

    #[test]
    fn comments_may_hold_semicolons() {
        let text = "-- one; two\nCREATE TABLE a (x INTEGER);\n  -- three;\nDROP TABLE b;\n";
        assert_eq!(
            statements(text),
            vec![
                "CREATE TABLE a (x INTEGER)".to_owned(),
                "DROP TABLE b".to_owned()
            ]
        );
    }
}
