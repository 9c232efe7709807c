//! The command journal of games in progress, written by writer tasks that batch concurrent
//! appends into a single transaction (group commit), so a thousand live tables do not fight
//! over SQLite's write lock. An append is acknowledged once committed: an acknowledged move
//! survives `kill -9`. A batch that fails is written again row by row, so one bad row fails only
//! its own command.
//!
//! SQLite has one writer (its write lock admits one anyway); PostgreSQL has [`PG_WRITERS`], so
//! that a batch is gathered and sent while the previous one waits for its commit. A table
//! awaits each append before its next command, so one game's entries are never in two
//! batches at once. Each writer keeps its own connection (no ping of the pool per batch) until
//! the pool closes.
//!
//! Every append carries its table's [`Fence`]; the batch's transaction checks each table's
//! epoch first (`lease.rs`) and writes only the rows of the tables still held: a fenced table's
//! appends are refused ([`StoreError::Fenced`]) while the others in the batch commit. On
//! PostgreSQL the check and the insert are one statement ([`super::journal_pg`]).

use super::journal_entry::JournalEntry;
use super::lease::{fences_held, Fence};
use super::sql::{numbered_rows, Sql};
use super::write_gate::Priority;
use super::{Backend, Db, Fault, StoreError};
use sqlx::pool::PoolConnection;
use sqlx::{Any, Connection};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot, Mutex};

/// Why an append was not committed.
#[derive(Clone, Debug)]
enum Refused {
    /// Its table's fence no longer holds.
    Fenced,
    /// The write failed.
    Failed(String),
}

/// How long an append may wait for the writer before it is refused unwritten: a command that
/// cannot be stored is refused promptly (and, never written, changes nothing), not left hanging
/// behind a stalled database.
pub const DEADLINE: std::time::Duration = std::time::Duration::from_secs(5);

/// One append: the table's fence, the entry, where its outcome goes, and when it was asked.
struct Request {
    fence: Fence,
    entry: JournalEntry,
    done: oneshot::Sender<Result<(), Refused>>,
    asked: Instant,
}

/// Most entries committed in one transaction.
const MAX_BATCH: usize = 512;

/// Commands that may wait for the writers; a table sending more waits for room.
const QUEUE: usize = 4_096;

/// Writer tasks on PostgreSQL (SQLite: one).
pub const PG_WRITERS: usize = 3;

/// A handle to the journal writer task.
#[derive(Clone, Debug)]
pub struct JournalWriter {
    tx: mpsc::Sender<Request>,
}

impl JournalWriter {
    /// Starts the writer tasks on `db`.
    #[must_use]
    pub fn spawn(db: Db) -> JournalWriter {
        let (tx, rx) = mpsc::channel(QUEUE);
        let writers = match db.backend() {
            Backend::Sqlite => 1,
            Backend::Postgres => PG_WRITERS,
        };
        let rx = Arc::new(Mutex::new(rx));
        for _ in 0..writers {
            tokio::spawn(run(db.clone(), rx.clone()));
        }
        JournalWriter { tx }
    }

    /// Appends `entry` of the table `fence` names, if its fence still holds, and waits until
    /// it is committed.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] if the table is another node's now; [`StoreError`] if the write
    /// failed or the writer stopped.
    pub async fn append(&self, fence: Fence, entry: JournalEntry) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        let request = Request {
            fence,
            entry,
            done,
            asked: Instant::now(),
        };
        self.tx
            .send(request)
            .await
            .map_err(|_| StoreError::WriterGone)?;
        match wait.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(Refused::Fenced)) => Err(StoreError::Fenced(fence.table)),
            Ok(Err(Refused::Failed(e))) => Err(StoreError::JournalFailed(e)),
            Err(_) => Err(StoreError::WriterGone),
        }
    }
}

/// Takes the next batch: waits for one request, then takes what is queued behind it. `false`
/// once no request can come, or the pool is closing (a writer's own connection must go back:
/// closing the pool waits for every connection).
async fn next_batch(
    db: &Db,
    rx: &Mutex<mpsc::Receiver<Request>>,
    batch: &mut Vec<Request>,
) -> bool {
    let mut rx = rx.lock().await;
    let first = tokio::select! {
        r = rx.recv() => r,
        () = db.pool().close_event() => None,
    };
    let Some(first) = first else {
        return false;
    };
    batch.push(first);
    while batch.len() < MAX_BATCH {
        match rx.try_recv() {
            Ok(r) => batch.push(r),
            Err(_) => break,
        }
    }
    note_queue(batch.len() + rx.len());
    true
}

/// Commands waiting for the writer over which a warning is logged (a quarter of the queue).
const QUEUE_WARNING: usize = QUEUE / 4;

/// Puts the journal's queue depth in `/metrics`, warning when it crosses [`QUEUE_WARNING`].
fn note_queue(depth: usize) {
    let metrics = kit::metrics::metrics();
    let depth = i64::try_from(depth).unwrap_or(i64::MAX);
    let before = metrics.journal_queue.set(depth);
    kit::metrics::raise(&metrics.journal_queue_max, depth);
    let warn = i64::try_from(QUEUE_WARNING).unwrap_or(i64::MAX);
    if depth > warn && before <= warn {
        tracing::warn!(
            depth,
            "the journal's queue is deep: moves are waiting to be stored"
        );
    }
}

async fn run(db: Db, rx: Arc<Mutex<mpsc::Receiver<Request>>>) {
    let mut batch: Vec<Request> = Vec::with_capacity(MAX_BATCH);
    let mut conn = Conn::default();
    while next_batch(&db, &rx, &mut batch).await {
        refuse_late(&mut batch);
        if batch.is_empty() {
            continue;
        }
        let rows: Vec<(Fence, &JournalEntry)> = batch.iter().map(|r| (r.fence, &r.entry)).collect();
        let started = std::time::Instant::now();
        let written = conn.write(&db, &rows).await;
        kit::metrics::metrics()
            .commit_latency
            .observe(kit::metrics::seconds_since(started));
        match written {
            Ok(fenced) => {
                for r in batch.drain(..) {
                    let _ = r.done.send(outcome(&fenced, r.fence));
                }
            }
            Err(e) if batch.len() > 1 => {
                // One bad row must not fail the other tables' commands: each row on its own.
                tracing::warn!(
                    rows = batch.len(),
                    "journal batch failed ({e}); writing row by row"
                );
                for Request {
                    fence, entry, done, ..
                } in batch.drain(..)
                {
                    let result = match conn.write(&db, &[(fence, &entry)]).await {
                        Ok(fenced) => outcome(&fenced, fence),
                        Err(e) => {
                            tracing::error!(
                                game = entry.game_id.0,
                                seq = entry.seq,
                                "journal write failed: {e}"
                            );
                            Err(Refused::Failed(e.to_string()))
                        }
                    };
                    let _ = done.send(result);
                }
            }
            Err(e) => {
                let e = e.to_string();
                tracing::error!("journal write failed: {e}");
                for r in batch.drain(..) {
                    let _ = r.done.send(Err(Refused::Failed(e.clone())));
                }
            }
        }
    }
}

/// Refuses, unwritten, the appends of `batch` that waited longer than [`DEADLINE`] (and drops
/// those whose table stopped waiting).
fn refuse_late(batch: &mut Vec<Request>) {
    let now = Instant::now();
    let mut late = 0usize;
    batch.retain_mut(|r| {
        if r.done.is_closed() {
            return false;
        }
        if now.duration_since(r.asked) <= DEADLINE {
            return true;
        }
        late += 1;
        let (done, _) = oneshot::channel();
        let done = std::mem::replace(&mut r.done, done);
        let _ = done.send(Err(Refused::Failed(format!(
            "waited over {} s for the journal writer",
            DEADLINE.as_secs()
        ))));
        false
    });
    if late > 0 {
        tracing::warn!(
            late,
            "journal appends refused unwritten after waiting too long"
        );
    }
}

/// The outcome of an append of the table `fence` names, given the batch's fenced tables.
fn outcome(fenced: &BTreeSet<Fence>, fence: Fence) -> Result<(), Refused> {
    if fenced.contains(&fence) {
        Err(Refused::Fenced)
    } else {
        Ok(())
    }
}

/// Rows per `INSERT` statement (5 parameters each: well within SQLite's and PostgreSQL's limits).
const ROWS_PER_INSERT: usize = 64;

/// `INSERT … VALUES ($1, …, $5), ($6, …), …` for `rows` rows.
fn insert_sql(rows: usize) -> String {
    let values = numbered_rows(rows, &[""; 5]);
    format!("INSERT INTO game_log (game_id, seq, at, user_id, action) VALUES {values}")
}

/// A writer's own connection, taken from the pool when first needed and given back after a
/// failed write (the next write takes a fresh one).
#[derive(Default)]
struct Conn(Option<PoolConnection<Any>>);

impl Conn {
    /// [`write`] on this writer's connection.
    async fn write(
        &mut self,
        db: &Db,
        batch: &[(Fence, &JournalEntry)],
    ) -> Result<BTreeSet<Fence>, StoreError> {
        db.check_fault(Fault::Journal)?;
        if batch
            .iter()
            .any(|(_, e)| db.faults.refuses_journal_of(e.game_id))
        {
            return Err(StoreError::Injected(Fault::Journal));
        }
        let conn = match &mut self.0 {
            Some(c) => c,
            None => self.0.insert(writer_connection(db).await?),
        };
        let written = write(db, conn, batch).await;
        if written.is_err() {
            self.0 = None;
        }
        written
    }
}

/// A connection for a writer, from the pool (checkpoints are the checkpoint task's:
/// `checkpoint.rs`).
async fn writer_connection(db: &Db) -> Result<PoolConnection<Any>, StoreError> {
    Ok(db.pool().acquire().await?)
}

/// Writes the rows of `batch` whose fence holds, in one transaction on `conn`; returns the
/// fences that did not hold (their rows were not written). PostgreSQL: one statement a chunk
/// ([`super::journal_pg`]).
async fn write(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    batch: &[(Fence, &JournalEntry)],
) -> Result<BTreeSet<Fence>, StoreError> {
    if db.backend() == Backend::Postgres {
        return super::journal_pg::write(conn, batch).await;
    }
    let _turn = db.write_turn(Priority::Moves).await;
    let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
    let fences: BTreeSet<Fence> = batch.iter().map(|(f, _)| *f).collect();
    let held = fences_held(db, &mut tx, &fences).await?;
    let rows: Vec<&JournalEntry> = batch
        .iter()
        .filter(|(f, _)| held.contains(f))
        .map(|(_, e)| *e)
        .collect();
    // One statement per chunk instead of per entry: each statement is a round trip to the
    // database (SQLite: its worker thread).
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let sql = insert_sql(chunk.len());
        let mut q = sqlx::query(&sql);
        for e in chunk {
            q = q
                .bind(e.game_id.sql())
                .bind(e.seq.sql())
                .bind(e.at.sql())
                .bind(e.user.sql())
                .bind(&e.action);
        }
        q.execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(fences.difference(&held).copied().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_insert_numbers_the_parameters_of_every_row() {
        assert_eq!(
            insert_sql(2),
            "INSERT INTO game_log (game_id, seq, at, user_id, action) VALUES \
             ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10)"
        );
    }

    fn request(waited: std::time::Duration) -> (Request, oneshot::Receiver<Result<(), Refused>>) {
        let (done, wait) = oneshot::channel();
        let entry = JournalEntry {
            game_id: platform::GameId(1),
            seq: 0,
            at: 0,
            user: platform::UserId(1),
            action: "resign".into(),
        };
        let fence = Fence {
            table: platform::TableId(1),
            epoch: super::super::lease::Epoch(1),
        };
        let asked = Instant::now()
            .checked_sub(waited)
            .unwrap_or_else(Instant::now);
        (
            Request {
                fence,
                entry,
                done,
                asked,
            },
            wait,
        )
    }

    #[test]
    fn appends_that_waited_too_long_are_refused_unwritten_and_abandoned_ones_dropped() {
        let (fresh, _fresh_wait) = request(std::time::Duration::ZERO);
        let (late, mut late_wait) = request(DEADLINE + std::time::Duration::from_secs(1));
        let (abandoned, abandoned_wait) = request(std::time::Duration::ZERO);
        drop(abandoned_wait);
        let mut batch = vec![fresh, late, abandoned];
        refuse_late(&mut batch);
        assert_eq!(batch.len(), 1, "only the fresh append is written");
        assert!(matches!(late_wait.try_recv(), Ok(Err(Refused::Failed(_)))));
    }
}
