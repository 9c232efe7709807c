//! Computer opponents keep their move latency (and their share of the cores) while games are
//! analysed: the same computer moves are timed with no analysis running, then with one analysis
//! per core that gives way to them (as the queue's workers do), then with analyses that do not.
//! The figures are printed (`--nocapture`) and recorded in docs/performance.md.

use engine::{Budget, Control, Engine, Limits};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tables::ai::{EnginePool, Opponent};
use tables::analysis::queue::Work;
use tokio::sync::watch;
use xiangqi::{Move, Position};

/// The engine at full strength for `think`, remembering how many nodes each move searched.
#[derive(Default)]
struct Counting {
    nodes: Mutex<Vec<u64>>,
}

impl Opponent for Counting {
    fn choose(
        &self,
        start: &Position,
        moves: &[Move],
        _level: u8,
        think: Duration,
    ) -> Option<Move> {
        let mut engine = Engine::new(16);
        engine.set_book(false);
        engine.set_position(start, moves).ok()?;
        let ms = u64::try_from(think.as_millis()).unwrap_or(200);
        let limits = Limits {
            time: Some(Budget {
                optimum_ms: ms,
                maximum_ms: ms,
            }),
            ..Limits::default()
        };
        let r = engine.go(&limits, &Control::new(), &mut |_| {});
        self.nodes.lock().ok()?.push(r.nodes);
        r.best
    }
}

const THINK: Duration = Duration::from_millis(200);
const MOVES: usize = 4;

/// (slowest move, mean nodes per move) over `MOVES` computer moves.
async fn measure(pool: &EnginePool, counting: &Counting) -> (Duration, u64) {
    if let Ok(mut n) = counting.nodes.lock() {
        n.clear();
    }
    let mut slowest = Duration::ZERO;
    for _ in 0..MOVES {
        let at = Instant::now();
        pool.best_move(Position::startpos(), Vec::new(), 10, THINK)
            .await
            .expect("a move");
        slowest = slowest.max(at.elapsed());
    }
    let nodes = counting.nodes.lock().map(|n| n.clone()).unwrap_or_default();
    (
        slowest,
        nodes.iter().sum::<u64>() / nodes.len().max(1) as u64,
    )
}

/// Starts one analysis per core of a long game (depth 10 per position) that waits up to
/// `yield_for` for the computer's searches; returns their controls.
fn analyses(pool: &EnginePool, yield_for: Duration) -> Vec<Arc<Control>> {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let moves: Vec<Move> = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b2a2", "b7b3",
    ]
    .iter()
    .map(|m| m.parse().expect("move"))
    .collect();
    (0..cores)
        .map(|_| {
            let control = Arc::new(Control::new());
            let (c, pool, moves) = (control.clone(), pool.clone(), moves.clone());
            std::thread::spawn(move || {
                let (tx, _rx) = watch::channel(0usize);
                // The same game again and again until stopped.
                while !c.is_stopped() {
                    let work = Work {
                        control: c.clone(),
                        start: Position::startpos(),
                        moves: moves.clone(),
                        depth: 10,
                        hash_mb: 16,
                        yield_for,
                        pool: pool.clone(),
                    };
                    let _ = work.analyse(&tx);
                }
            });
            control
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_moves_keep_their_latency_while_games_are_analysed() {
    let counting = Arc::new(Counting::default());
    let pool = EnginePool::new(1, counting.clone());
    let idle = measure(&pool, &counting).await;

    let running = analyses(&pool, Duration::from_secs(2));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let yielding = measure(&pool, &counting).await;
    running.iter().for_each(|c| c.stop());

    let running = analyses(&pool, Duration::ZERO);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let competing = measure(&pool, &counting).await;
    running.iter().for_each(|c| c.stop());

    println!(
        "computer move ({} ms think), slowest / mean nodes: idle {:?} / {}; analyses giving way \
         {:?} / {}; analyses not giving way {:?} / {}",
        THINK.as_millis(),
        idle.0,
        idle.1,
        yielding.0,
        yielding.1,
        competing.0,
        competing.1
    );
    // The search is bounded by its think time whatever runs beside it.
    let bound = THINK + Duration::from_millis(400);
    assert!(
        idle.0 < bound && yielding.0 < bound,
        "{idle:?} {yielding:?}"
    );
}
