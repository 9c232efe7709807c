//! Games against the computer: an [`Opponent`] chooses moves on a bounded pool of blocking
//! workers ([`EnginePool`]), so searches never stall the event loop. [`EngineOpponent`] is the
//! `engine` crate at a difficulty level; [`FirstLegalOpponent`] answers instantly (tests). In
//! the opening, the levels that use it play from the masters' [`book`] first.

pub mod book;

use engine::{Budget, Control, Engine, Limits};
use platform::Millis;
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use xiangqi::{Move, Position};

/// Chooses the computer's moves. Called on a blocking worker thread.
pub trait Opponent: Send + Sync + 'static {
    /// The move to play after `moves` from `start` at `level` (1..=10), thinking about `think`;
    /// `None` when there is no legal move.
    fn choose(&self, start: &Position, moves: &[Move], level: u8, think: Duration) -> Option<Move>;
}

/// How long the computer thinks, given its game time left.
#[must_use]
pub fn think_time(left: Option<Millis>) -> Duration {
    let ms = match left {
        Some(t) => (t.0 / 40).clamp(50, 1_000),
        None => 500,
    };
    Duration::from_millis(ms)
}

/// The level a hint is searched at (full strength).
pub const HINT_LEVEL: u8 = engine::level::MAX_LEVEL;

/// How long a hint is searched.
pub const HINT_THINK: Duration = Duration::from_millis(300);

/// A bounded pool of engine workers.
#[derive(Clone)]
pub struct EnginePool {
    permits: Arc<Semaphore>,
    opponent: Arc<dyn Opponent>,
    /// Searches in progress (analyses give way to them).
    searching: Arc<AtomicUsize>,
}

impl EnginePool {
    /// `workers` concurrent searches by `opponent`.
    #[must_use]
    pub fn new(workers: usize, opponent: Arc<dyn Opponent>) -> EnginePool {
        EnginePool {
            permits: Arc::new(Semaphore::new(workers.max(1))),
            opponent,
            searching: Arc::default(),
        }
    }

    /// Computer moves being searched now.
    #[must_use]
    pub fn searching(&self) -> usize {
        self.searching.load(Ordering::Relaxed)
    }

    /// The computer's move; waits for a free worker first.
    pub async fn best_move(
        &self,
        start: Position,
        moves: Vec<Move>,
        level: u8,
        think: Duration,
    ) -> Option<Move> {
        let permit = self.permits.clone().acquire_owned().await.ok()?;
        let opponent = self.opponent.clone();
        let searching = Searching::new(self.searching.clone());
        let result = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _searching = searching;
            opponent.choose(&start, &moves, level, think)
        })
        .await;
        result.ok().flatten()
    }
}

/// Counts one search in progress while it lives.
struct Searching(Arc<AtomicUsize>);

impl Searching {
    fn new(count: Arc<AtomicUsize>) -> Searching {
        count.fetch_add(1, Ordering::Relaxed);
        Searching(count)
    }
}

impl Drop for Searching {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The `engine` crate, one engine per worker thread (its hash table is reused between moves).
#[derive(Clone, Copy, Debug, Default)]
pub struct EngineOpponent;

/// Hash size of each worker's engine.
const ENGINE_HASH_MB: usize = 16;

thread_local! {
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

impl Opponent for EngineOpponent {
    fn choose(&self, start: &Position, moves: &[Move], level: u8, think: Duration) -> Option<Move> {
        ENGINE.with(|cell| {
            let mut slot = cell.borrow_mut();
            let engine = slot.get_or_insert_with(|| Engine::new(ENGINE_HASH_MB));
            engine.set_level(level.clamp(1, engine::level::MAX_LEVEL));
            engine.set_position(start, moves).ok()?;
            let ms = u64::try_from(think.as_millis()).unwrap_or(1_000);
            let limits = Limits {
                time: Some(Budget {
                    optimum_ms: ms / 2,
                    maximum_ms: ms,
                }),
                ..Limits::default()
            };
            engine.go(&limits, &Control::new(), &mut |_| {}).best
        })
    }
}

/// Plays the first legal move at once (for tests and load tests).
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstLegalOpponent;

impl Opponent for FirstLegalOpponent {
    fn choose(
        &self,
        start: &Position,
        moves: &[Move],
        _level: u8,
        _think: Duration,
    ) -> Option<Move> {
        let mut pos = start.clone();
        for &m in moves {
            pos.play_mut(m).ok()?;
        }
        pos.legal_moves().first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn pool_answers_with_a_legal_move_from_the_engine() {
        let pool = EnginePool::new(1, Arc::new(EngineOpponent));
        let start = Position::startpos();
        let first: Move = "h2e2".parse().unwrap();
        let mv = pool
            .best_move(start.clone(), vec![first], 1, Duration::from_millis(50))
            .await
            .unwrap();
        let after = start.play(first).unwrap();
        assert!(after.is_legal(mv));
    }
}
