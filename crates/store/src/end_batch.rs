//! Game ends stored together on SQLite. SQLite has one writer: when a round's games end at
//! once, storing each end in a transaction of its own makes the last player wait for every
//! commit before theirs. The ends that are waiting when the writer is free are stored in one
//! transaction instead, each under a savepoint of its own: an end that fails is rolled back
//! alone and answered with its error, the others commit together. A transaction takes at most
//! [`MOST`] ends and stops taking more after [`LONGEST`], so moves (which take their turns
//! first, `write_gate.rs`) never wait long behind it. PostgreSQL has many writers and stores
//! each end in its own transaction, keeping one lock order per transaction.

use super::game_record::StoredRecord;
use super::games::FinishedGame;
use super::ratings::RatingOutcome;
use super::{Db, StoreError};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// The most game ends in one transaction.
pub const MOST: usize = 64;

/// No further end joins a transaction that has run this long.
pub const LONGEST: Duration = Duration::from_millis(10);

/// Ends waiting for the batcher, at most (then a caller waits to queue).
const QUEUE: usize = 4_096;

type Done = Result<Option<RatingOutcome>, StoreError>;

/// One end to store and where to answer.
struct Job {
    game: FinishedGame,
    record: StoredRecord,
    reply: oneshot::Sender<Done>,
}

/// The queue of the task that stores the ends.
#[derive(Clone, Debug)]
pub(crate) struct EndBatcher {
    queue: mpsc::Sender<Job>,
}

impl EndBatcher {
    /// Starts the task that stores the ends, on `db` (which must not hold a batcher itself: the
    /// task ends once every [`EndBatcher`] is dropped).
    pub(crate) fn start(db: Db) -> EndBatcher {
        let (queue, jobs) = mpsc::channel(QUEUE);
        tokio::spawn(run(db, jobs));
        EndBatcher { queue }
    }

    /// Stores `game`'s end with the others waiting; `None` when the task is gone (the caller
    /// stores it alone).
    pub(crate) async fn finish(&self, game: &FinishedGame, record: &StoredRecord) -> Option<Done> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            game: game.clone(),
            record: record.clone(),
            reply,
        };
        self.queue.send(job).await.ok()?;
        answer.await.ok()
    }
}

async fn run(db: Db, mut jobs: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(MOST);
    while jobs.recv_many(&mut batch, MOST).await > 0 {
        store(&db, std::mem::take(&mut batch)).await;
    }
}

/// Stores `batch` in one transaction (as much of it as fits in [`LONGEST`]; the rest in the
/// next), answering each end.
async fn store(db: &Db, batch: Vec<Job>) {
    let mut waiting = batch.into_iter();
    while waiting.len() > 0 {
        let mut tx = match db.begin_write().await {
            Ok(tx) => tx,
            Err(_) => {
                // No transaction now: each end alone, with its retries.
                alone(db, waiting.collect()).await;
                return;
            }
        };
        let began = Instant::now();
        let mut stored: Vec<(Job, Option<RatingOutcome>)> = Vec::new();
        let mut again: Vec<Job> = Vec::new();
        let mut broken = false;
        for job in waiting.by_ref() {
            match in_savepoint(db, &mut tx, &job).await {
                Ok(Ok(outcome)) => stored.push((job, outcome)),
                // Tried again alone (the savepoint rolled it back).
                Ok(Err(e)) if super::retry::is_transient(&e) => again.push(job),
                Ok(Err(e)) => {
                    let _ = job.reply.send(Err(e));
                }
                Err(e) => {
                    // The savepoint could not be closed: nothing of this transaction is kept.
                    tracing::warn!("storing game ends together: {e}");
                    again.push(job);
                    broken = true;
                    break;
                }
            }
            if began.elapsed() >= LONGEST {
                break;
            }
        }
        if broken {
            drop(tx);
            again.extend(stored.into_iter().map(|(job, _)| job));
            alone(db, again).await;
            continue;
        }
        match tx.commit().await {
            Ok(()) => {
                kit::metrics::metrics()
                    .game_end_batch
                    .observe(stored.len() as f64);
                for (job, outcome) in stored {
                    let _ = job.reply.send(Ok(outcome));
                }
            }
            Err(e) => {
                tracing::warn!(ends = stored.len(), "storing game ends together: {e}");
                again.extend(stored.into_iter().map(|(job, _)| job));
            }
        }
        alone(db, again).await;
    }
}

/// Stores `job`'s end under a savepoint of `tx`: rolled back alone if it fails (the inner
/// result). The outer error: the savepoint could not be opened or closed, so the transaction
/// may hold part of an end and must not commit.
async fn in_savepoint(db: &Db, tx: &mut super::DbTx, job: &Job) -> Result<Done, StoreError> {
    sqlx::query("SAVEPOINT game_end").execute(&mut **tx).await?;
    let done = db.finish_in(tx, &job.game, &job.record).await;
    if done.is_err() {
        sqlx::query("ROLLBACK TO SAVEPOINT game_end")
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query("RELEASE SAVEPOINT game_end")
        .execute(&mut **tx)
        .await?;
    Ok(done)
}

/// Stores each of `jobs` in a transaction of its own.
async fn alone(db: &Db, jobs: Vec<Job>) {
    for job in jobs {
        let done = db.finish_game_alone(&job.game, &job.record).await;
        let _ = job.reply.send(done);
    }
}
