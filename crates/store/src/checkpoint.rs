//! SQLite checkpoints in small steps, off every writer's path.
//!
//! In WAL mode each commit appends pages to the write-ahead log; a checkpoint copies them into
//! the database file and syncs it. Left to SQLite, the commit that crosses
//! `wal_autocheckpoint` runs the checkpoint itself: a move's journal batch or a game's end then
//! waited for megabytes to be copied and synced. Here every connection's automatic checkpoint is
//! set far out ([`AUTOCHECKPOINT_PAGES`], a safety net only) and a task of its own runs a
//! `PASSIVE` checkpoint every [`EVERY`]: it copies what the log holds without taking the write
//! lock, so writers go on meanwhile, and each step copies a fraction of a second of commits.

use super::Db;
use std::time::Duration;

/// How often the checkpoint task runs.
pub(crate) const EVERY: Duration = Duration::from_millis(500);

/// The page size of a new SQLite database (bytes). Every commit writes the pages it changed,
/// whole, to the write-ahead log; a journal commit changes one or two pages for a few rows, so
/// 1 KiB pages write a quarter of what SQLite's default 4 KiB do.
pub(crate) const PAGE_SIZE: u32 = 1_024;

/// Every connection's `wal_autocheckpoint` (pages): reached only if the checkpoint task falls
/// far behind.
pub(crate) const AUTOCHECKPOINT_PAGES: u32 = 50_000;

/// Bytes the log is truncated to after it was checkpointed whole (SQLite otherwise keeps it at
/// its largest size).
pub(crate) const JOURNAL_SIZE_LIMIT: u64 = 64 << 20;

/// Starts the checkpoint task of the SQLite database `db`; it stops when the pool closes.
pub(crate) fn spawn(db: Db) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = db.pool().close_event() => return,
            }
            if db.pool().is_closed() {
                return;
            }
            if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(db.pool())
                .await
            {
                tracing::debug!("checkpoint: {e}");
            }
        }
    });
}
