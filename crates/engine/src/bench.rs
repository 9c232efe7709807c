//! `chuhe bench`: a fixed set of positions searched to a fixed depth.
//!
//! Key decision: the total node count is a deterministic signature of the search (same binary
//! logic → same count), as Stockfish/Pikafish `bench`; the hash table is cleared before each
//! position so that the count does not depend on the order of runs.

use crate::{Control, Engine, Limits};
use std::time::Instant;
use xiangqi::Position;

/// Default search depth of the benchmark.
pub const DEFAULT_DEPTH: i32 = 9;

/// Default hash table size of the benchmark, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;

/// Benchmark positions (FEN): openings, middlegames and endgames.
pub const POSITIONS: [&str; 12] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3",
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C4NC1/9/RNBAKAB1R b - - 3 2",
    "r1bakab1r/9/1cn1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 6 4",
    "2bakab2/9/2n1c1n2/p3p3p/2p6/6P2/P3P3P/2N1C1N2/9/2BAKAB2 w - - 0 12",
    "3akab2/9/4b4/p3p1p1p/2p3n2/2P3P2/P3P3P/4B1N2/4A4/3AK1B2 w - - 0 20",
    "r2akab2/4n4/4b1c2/p1p1C3p/6p2/2P6/P3P1P1P/4B1N2/9/2BAKA3 w - - 2 15",
    "2bak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK1R2 w - - 0 40",
    "3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 50",
    "4ka3/4a4/9/9/6b2/9/9/2N6/9/4K4 w - - 0 60",
    "3ak4/4a4/4b4/9/2b6/6R2/9/9/4A4/3AK1B2 w - - 0 45",
    "1rbakab2/9/2n1c1n2/p1p3p1p/4p4/2P6/P3P1P1P/2N1C1N2/R8/2BAKAB1R w - - 0 8",
];

/// Result of a benchmark run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Total nodes (the signature).
    pub nodes: u64,
    /// Wall time of the searches in milliseconds (clearing the tables between positions, a new
    /// game's work, is not counted).
    pub time_ms: u64,
}

impl BenchResult {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// Searches every benchmark position to `depth` with a `hash_mb` table.
#[must_use]
pub fn run(depth: i32, hash_mb: usize) -> BenchResult {
    run_with(depth, hash_mb, None)
}

/// [`run`] with the evaluation network `net` (`None`: the hand-written evaluation, as [`run`]).
#[must_use]
pub fn run_with(
    depth: i32,
    hash_mb: usize,
    net: Option<std::sync::Arc<crate::nnue::Network>>,
) -> BenchResult {
    let mut engine = Engine::new(hash_mb);
    engine.set_network(net);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut searching = std::time::Duration::ZERO;
    let mut nodes = 0;
    for fen in POSITIONS {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        engine.new_game();
        if engine.set_position(&pos, &[]).is_err() {
            continue;
        }
        let start = Instant::now();
        let r = engine.go(&limits, &Control::new(), &mut |_| {});
        searching += start.elapsed();
        nodes += r.nodes;
    }
    BenchResult {
        nodes,
        time_ms: u64::try_from(searching.as_millis()).unwrap_or(u64::MAX),
    }
}
