//! The corpus of `chuhe bench storage`: engine games at a mix of levels, with simulated clock
//! readings, generated from a seed (the same seed gives the same games on any machine).
//!
//! * Levels cycle through 1–6 (game `i` is played at level `1 + i % 6` by both sides); each
//!   move is searched to the level's node cap, at most [`NODE_CAP`] nodes. The level's own
//!   random choice among its best moves, seeded per game, makes the games differ.
//! * A game ends when the side to move has no move, at a threefold repetition, after 120 plies
//!   without a capture, at [`MAX_PLIES`], or when a flag falls.
//! * Clocks (engine model): the time control cycles through 10+0, 5+3, 15+10 and 3+2 (minutes +
//!   seconds of increment). A move takes the time its search would take at [`MODEL_NPS`] nodes/s,
//!   at least 30 ms and at most the server engine's budget `clamp(left/40, 50 ms, 1 s)`, plus a
//!   relay delay of 0–99 ms. The reading is the mover's time left after the move (increment
//!   added), as the server records it.
//! * Clocks (human model, for comparison only): the same controls, think times log-normal with a
//!   median of 5 s (σ = 1), at least 300 ms and at most the time left.

use engine::level::Rng;
use engine::{Control, Engine, Limits};
use std::collections::HashMap;
use xiangqi::{Move, Position};

/// Longest game.
pub const MAX_PLIES: usize = 300;
/// Most nodes per move, whatever the level.
pub const NODE_CAP: u64 = 20_000;
/// Search speed of the engine clock model.
pub const MODEL_NPS: u64 = 250_000;

/// One generated game.
#[derive(Clone, Debug)]
pub struct CorpusGame {
    /// Start position.
    pub start: Position,
    /// Moves.
    pub moves: Vec<Move>,
    /// Clock readings of the engine model (ms).
    pub clocks: Vec<u32>,
    /// Clock readings of the human model (ms).
    pub human_clocks: Vec<u32>,
}

/// Time controls: (initial ms, increment ms).
const CONTROLS: [(u64, u64); 4] = [
    (600_000, 0),
    (300_000, 3_000),
    (900_000, 10_000),
    (180_000, 2_000),
];

/// A normal deviate (Box–Muller) from two uniform draws.
fn normal(rng: &mut Rng) -> f64 {
    let u1 = (rng.below(1 << 30) as f64 + 1.0) / f64::from(1u32 << 30);
    let u2 = rng.below(1 << 30) as f64 / f64::from(1u32 << 30);
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// Game `index` of the corpus of `seed`.
#[must_use]
pub fn game(seed: u64, index: u64) -> CorpusGame {
    let game_seed = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_mul(0xD1B5_4A32_D192_ED03))
        | 1;
    let mut rng = Rng::new(game_seed);
    let level = 1 + (index % 6) as u8;
    let (initial, inc) = CONTROLS[(index / 6 % 4) as usize];
    let cap = engine::level::settings(level)
        .max_nodes
        .unwrap_or(NODE_CAP)
        .min(NODE_CAP);
    let mut eng = Engine::new(4);
    eng.set_level(level);
    eng.set_seed(game_seed);
    eng.new_game();
    let start = Position::startpos();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let (mut clocks, mut human_clocks) = (Vec::new(), Vec::new());
    let mut left = [initial; 2];
    let mut human_left = [initial; 2];
    let mut seen: HashMap<u64, u32> = HashMap::new();
    while moves.len() < MAX_PLIES && pos.halfmoves() < 120 {
        if eng.set_position(&start, &moves).is_err() {
            break;
        }
        let limits = Limits {
            nodes: Some(cap),
            ..Limits::default()
        };
        let result = eng.go(&limits, &Control::new(), &mut |_| {});
        let Some(m) = result.best else { break };
        if pos.play_mut(m).is_err() {
            break;
        }
        let side = moves.len() % 2;
        // Engine model.
        let budget = (left[side] / 40).clamp(50, 1_000);
        let think = (result.nodes * 1_000 / MODEL_NPS).clamp(30, budget) + rng.below(100);
        // Human model.
        let human = (5_000.0 * normal(&mut rng).exp()).max(300.0) as u64;
        if think >= left[side] || human >= human_left[side] {
            break;
        }
        left[side] = left[side] - think + inc;
        human_left[side] = human_left[side] - human + inc;
        moves.push(m);
        clocks.push(u32::try_from(left[side]).unwrap_or(u32::MAX));
        human_clocks.push(u32::try_from(human_left[side]).unwrap_or(u32::MAX));
        let count = seen.entry(pos.hash()).or_insert(0);
        *count += 1;
        if *count >= 3 {
            break;
        }
    }
    CorpusGame {
        start,
        moves,
        clocks,
        human_clocks,
    }
}

/// Games `from..from + count` of the corpus of `seed`, on `threads` threads, in order.
#[must_use]
pub fn games(seed: u64, from: u64, count: u64, threads: usize) -> Vec<CorpusGame> {
    let threads = threads.max(1) as u64;
    let mut parts: Vec<Vec<(u64, CorpusGame)>> = Vec::new();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (from..from + count)
                        .filter(|i| i % threads == t)
                        .map(|i| (i, game(seed, i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            if let Ok(part) = h.join() {
                parts.push(part);
            }
        }
    });
    let mut all: Vec<(u64, CorpusGame)> = parts.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, g)| g).collect()
}
