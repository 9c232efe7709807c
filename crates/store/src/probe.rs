//! How long a request waits for a database connection, measured by asking for one every
//! [`EVERY`]: the pool hands connections out in order of asking, so the probe waits as long as
//! a request that arrived with it. Each wait goes into `/metrics`
//! (`chuhe_db_acquire_wait_seconds`, and the longest since start); a wait over [`SLOW`] is
//! logged as a warning, so an operator sees a stall coming.

use super::Db;
use std::time::{Duration, Instant};

/// How often the pool is probed.
pub(crate) const EVERY: Duration = Duration::from_millis(50);

/// A wait this long is logged (sqlx logs every slow acquisition past it too).
pub const SLOW: Duration = Duration::from_millis(100);

/// Starts the probe of `db`'s pool; it stops when the pool closes.
pub(crate) fn spawn(db: Db) {
    tokio::spawn(async move {
        let metrics = kit::metrics::metrics();
        let mut tick = tokio::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = db.pool().close_event() => return,
            }
            let pool = db.pool();
            if pool.num_idle() == 0 && pool.size() < pool.options().get_max_connections() {
                // A request now would open a connection of its own rather than wait for one:
                // nothing to measure, and the probe must not grow the pool.
                continue;
            }
            let started = Instant::now();
            let conn = tokio::select! {
                c = db.pool().acquire() => c,
                () = db.pool().close_event() => return,
            };
            let waited = started.elapsed();
            drop(conn);
            metrics.db_acquire_wait.observe(waited.as_secs_f64());
            kit::metrics::raise(
                &metrics.db_acquire_wait_max,
                i64::try_from(waited.as_micros()).unwrap_or(i64::MAX),
            );
            if waited > SLOW {
                tracing::warn!(
                    waited_ms = waited.as_millis(),
                    "a database connection took over {} ms to come",
                    SLOW.as_millis()
                );
            }
        }
    });
}
