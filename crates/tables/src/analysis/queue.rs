//! The analysis queue: finished games wait in the database (`analyses`, one queue for every
//! node of a site) and `[analysis] workers` workers of each node take them in order.
//!
//! Key decisions:
//! - A worker is a task that takes the first queued analysis and searches its positions on a
//!   blocking thread of its own, one engine per analysis; it writes its progress after each
//!   position and the result (`view::AnalysisView` as JSON) at the end.
//! - Computer opponents keep priority: before each position (a slice of a fraction of a second
//!   at the configured depth) the thread waits while any computer move is being searched, for at
//!   most `[analysis] yield_ms`, so their searches do not share the cores with it; analyses never
//!   take one of `ai_workers`' permits.
//! - A restart loses nothing: at start-up the node's own running analyses (and dead nodes') go
//!   back in the queue and start again from the first position.

use super::view::AnalysisView;
use crate::ai::EnginePool;
use crate::live::Live;
use engine::analysis::{analyse_game_with, GameAnalysis, Progress};
use engine::{Control, Engine, Limits};
use kit::clock;
use std::sync::Arc;
use std::time::{Duration, Instant};
use store::AnalysisJob;
use tokio::sync::watch;
use xiangqi::{Move, Position};

/// How often an idle worker looks at the queue (another node may have queued something).
const IDLE_POLL: Duration = Duration::from_secs(2);

/// How often an idle worker puts dead nodes' running analyses back in the queue.
const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// How often a waiting analysis looks whether the computer opponents are done.
const YIELD_STEP: Duration = Duration::from_millis(10);

/// Puts this node's interrupted analyses back in the queue and starts its workers.
///
/// # Errors
/// [`store::StoreError`] if the queue cannot be read.
pub async fn start(state: &Live) -> Result<(), store::StoreError> {
    let node = &state.node;
    let requeued = state
        .db
        .requeue_analyses(&node.id, true, node.stale_before())
        .await?;
    if requeued > 0 {
        tracing::info!(requeued, "interrupted analyses queued again");
    }
    for _ in 0..state.config.analysis.workers {
        tokio::spawn(worker(state.clone()));
    }
    Ok(())
}

/// Takes analyses one after another, for ever.
async fn worker(state: Live) {
    let mut swept = Instant::now();
    loop {
        match state.db.take_analysis(&state.node.id).await {
            Ok(Some(job)) => run(&state, job).await,
            Ok(None) => {
                if swept.elapsed() >= SWEEP_EVERY {
                    swept = Instant::now();
                    let stale = state.node.stale_before();
                    let db = &state.db;
                    if let Err(e) = db.requeue_analyses(&state.node.id, false, stale).await {
                        tracing::warn!("analysis queue: {e}");
                    }
                }
                tokio::select! {
                    () = state.analysis.woken() => {}
                    () = tokio::time::sleep(IDLE_POLL) => {}
                }
            }
            Err(e) => {
                tracing::warn!("analysis queue: {e}");
                tokio::time::sleep(IDLE_POLL).await;
            }
        }
    }
}

/// Analyses one game and stores the result.
async fn run(state: &Live, job: AnalysisJob) {
    let game = match state.db.game(job.game).await {
        Ok(Some(g)) => g,
        Ok(None) => return finish(state, job, None).await,
        Err(e) => {
            // Left running: the next start-up queues it again.
            tracing::warn!(game = job.game.0, "analysis: {e}");
            return;
        }
    };
    let Ok(start) = Position::from_fen(&game.start_fen) else {
        return finish(state, job, None).await;
    };
    let depth = state.config.analysis.depth;
    let control = Arc::new(Control::new());
    // Dropped with this task (the server stopping): the search ends at once.
    let _stop = StopOnDrop(control.clone());
    let work = Work {
        control,
        start: start.clone(),
        moves: game.moves,
        depth,
        hash_mb: state.config.analysis.hash_mb,
        yield_for: Duration::from_millis(state.config.analysis.yield_ms),
        pool: state.engine.clone(),
    };
    let (tx, mut rx) = watch::channel(0usize);
    let mut task = tokio::task::spawn_blocking(move || work.analyse(&tx));
    let outcome = loop {
        tokio::select! {
            r = &mut task => break r,
            changed = rx.changed() => match changed {
                Ok(()) => {
                    let done = *rx.borrow_and_update() as u64;
                    if let Err(e) = state.db.analysis_progress(job.game, done).await {
                        tracing::warn!(game = job.game.0, "analysis progress: {e}");
                    }
                }
                Err(_) => break (&mut task).await,
            },
        }
    };
    let json = match outcome {
        Ok(Some(a)) => serde_json::to_string(&AnalysisView::new(&start, &a, depth)).ok(),
        Ok(None) | Err(_) => None,
    };
    finish(state, job, json).await;
}

async fn finish(state: &Live, job: AnalysisJob, json: Option<String>) {
    if let Err(e) = state
        .db
        .finish_analysis(job.game, json.as_deref(), clock::now().0)
        .await
    {
        tracing::warn!(game = job.game.0, "analysis result: {e}");
    }
}

/// Stops a search when dropped.
struct StopOnDrop(Arc<Control>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// One game to analyse, on a blocking thread.
pub struct Work {
    /// Stops the analysis early (its result is then `None`).
    pub control: Arc<Control>,
    /// The game's start.
    pub start: Position,
    /// Its moves.
    pub moves: Vec<Move>,
    /// Search depth per position.
    pub depth: u32,
    /// Hash size of the engine.
    pub hash_mb: usize,
    /// Longest wait for the computer opponents before each position.
    pub yield_for: Duration,
    /// The computer opponents' pool (to give way to its searches).
    pub pool: EnginePool,
}

impl Work {
    /// Analyses the game, sending the positions done to `progress`; stops early (`None`) when
    /// nobody listens to `progress` any more (the server stopped). `None` too for an illegal
    /// record.
    pub fn analyse(self, progress: &watch::Sender<usize>) -> Option<GameAnalysis> {
        let control = &*self.control;
        let mut engine = Engine::new(self.hash_mb);
        let limits = Limits {
            depth: Some(i32::try_from(self.depth).unwrap_or(12)),
            ..Limits::default()
        };
        self.give_way();
        let analysis = analyse_game_with(
            &mut engine,
            &self.start,
            &self.moves,
            &limits,
            control,
            &mut |p: Progress| {
                if progress.send(p.done).is_err() {
                    control.stop();
                } else if p.done < p.total {
                    self.give_way();
                }
            },
        )
        .ok()?;
        (!control.is_stopped()).then_some(analysis)
    }

    /// Waits while the computer opponents search, for at most `yield_for`.
    fn give_way(&self) {
        let since = Instant::now();
        while self.pool.searching() > 0 && since.elapsed() < self.yield_for {
            std::thread::sleep(YIELD_STEP);
        }
    }
}
