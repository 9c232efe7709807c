//! Retrying a whole database transaction that the database gave up on through no fault of its
//! own: a PostgreSQL deadlock (`40P01`) or serialization failure (`40001`), or a busy or locked
//! SQLite database. Such a transaction was rolled back entirely, so running it again is safe.

use super::StoreError;
use std::future::Future;
use std::time::Duration;

/// How many times a transaction is tried before its failure is returned.
pub const ATTEMPTS: u32 = 8;

/// Whether `e` is a transient failure after which the transaction may simply be run again.
#[must_use]
pub fn is_transient(e: &StoreError) -> bool {
    let StoreError::Db(sqlx::Error::Database(db)) = e else {
        return false;
    };
    let Some(code) = db.code() else { return false };
    match code.as_ref() {
        "40P01" | "40001" => true,
        // SQLite's extended result codes: the primary code is the low byte (5 busy, 6 locked).
        other => other
            .parse::<i64>()
            .is_ok_and(|c| matches!(c & 0xff, 5 | 6)),
    }
}

/// Runs `attempt` until it succeeds, fails for good, or [`ATTEMPTS`] transient failures
/// happened, waiting a little longer (with jitter) before each new try.
///
/// # Errors
/// The last failure.
pub(crate) async fn retry<T, F, Fut>(what: &str, mut attempt: F) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, StoreError>>,
{
    let mut tries = 1;
    loop {
        match attempt().await {
            Err(e) if tries < ATTEMPTS && is_transient(&e) => {
                tracing::warn!(attempt = tries, "{what}: {e}; trying again");
                let base = 5u64 << tries.min(7);
                let jitter = rand::random::<u64>() % base;
                tokio::time::sleep(Duration::from_millis(base + jitter)).await;
                tries += 1;
            }
            other => return other,
        }
    }
}
