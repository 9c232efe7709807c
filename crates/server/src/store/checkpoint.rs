//! SQLite's WAL checkpoints, off the write path. By default SQLite checkpoints inside the
//! commit that grows the WAL past 1,000 pages: with the journal writer committing every batch
//! of moves, that was the journal's own commit, so every move in flight waited for the copy
//! of the WAL into the database and its two `fsync`s. The server's connections turn the
//! automatic checkpoint off (`PRAGMA wal_autocheckpoint = 0`, `store/mod.rs`) and this task
//! checkpoints every [`CHECKPOINT_EVERY`] on a connection of its own, beside the writers
//! (`PASSIVE`: it never waits for or blocks a writer or a reader).
//!
//! Durability is unchanged: a commit is in the WAL (`synchronous = NORMAL`) whether or not it
//! has been checkpointed, and opening the database after a crash replays the WAL.

use sqlx::AnyPool;
use std::time::Duration;
use tokio::task::JoinHandle;

/// How often the WAL is checkpointed.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// The checkpointing task; it stops when the last handle to its database is dropped.
#[derive(Debug)]
pub(super) struct Checkpoints(JoinHandle<()>);

impl Drop for Checkpoints {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Checkpoints {
    /// Starts checkpointing the database of `pool` until the pool closes.
    pub(super) fn spawn(pool: AnyPool) -> Checkpoints {
        Checkpoints(tokio::spawn(async move {
            let mut every = tokio::time::interval(CHECKPOINT_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            every.tick().await;
            loop {
                every.tick().await;
                if pool.is_closed() {
                    return;
                }
                let done = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&pool)
                    .await;
                if let Err(e) = done {
                    if pool.is_closed() {
                        return;
                    }
                    tracing::warn!("WAL checkpoint: {e}");
                }
            }
        }))
    }
}
