//! Embedded migrations, applied in order at start-up and recorded in `schema_migrations`.

use super::{to_i64, Backend, Db, StoreError};
use sqlx::Executor;

/// `(version, SQLite text, PostgreSQL text)`, in order. Never edit one that shipped: add another.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        include_str!("../../migrations/0001_init.sqlite.sql"),
        include_str!("../../migrations/0001_init.postgres.sql"),
    ),
    (
        2,
        include_str!("../../migrations/0002_ledger.sqlite.sql"),
        include_str!("../../migrations/0002_ledger.postgres.sql"),
    ),
    (
        3,
        include_str!("../../migrations/0003_wagers.sqlite.sql"),
        include_str!("../../migrations/0003_wagers.postgres.sql"),
    ),
    (
        4,
        include_str!("../../migrations/0004_ratings.sqlite.sql"),
        include_str!("../../migrations/0004_ratings.postgres.sql"),
    ),
    (
        5,
        include_str!("../../migrations/0005_coin_requests.sqlite.sql"),
        include_str!("../../migrations/0005_coin_requests.postgres.sql"),
    ),
];

impl Db {
    /// Applies the migrations not yet applied, each in its own transaction.
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
            for stmt in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                (&mut *tx).execute(stmt).await?;
            }
            sqlx::query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)")
                .bind(version)
                .bind(to_i64(crate::clock::now().0))
                .execute(&mut *tx)
                .await?;
            if version == 1 {
                sqlx::query("INSERT INTO heartbeat (id, at) VALUES (1, 0)")
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        }
        Ok(())
    }
}
