//! The engine's shared vocabulary: score bounds, search limits and piece values.
//!
//! Key decision: every constant that more than one search file needs lives here, as Pikafish
//! keeps its limits in `types.h`, so that `search`, `node`, `history`, `movepick`, `see`, `tt`
//! and `level` depend on this file instead of on each other (no import circle between them).
//! `search` re-exports the score constants, which are part of the crate's public API.

/// Larger than any score.
pub const INFINITE: i32 = 32000;
/// Score of giving mate now; mate in `n` plies is `MATE - n`.
pub const MATE: i32 = 31000;
/// Scores at or beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 1000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Deepest iteration.
pub const MAX_DEPTH: i32 = 100;

/// Rough piece values for ordering and pruning (K, A, E, H, R, C, P).
pub const ORDER_VALUE: [i32; 7] = [2000, 200, 200, 430, 1000, 450, 100];

/// A per-role value table (K, A, E, H, R, C, P) spread over the piece codes (0 = no piece).
pub(crate) const fn by_code(values: &[i32; 7]) -> [i32; 16] {
    let mut t = [0; 16];
    let mut code = 1;
    while code < 15 {
        t[code] = values[(code - 1) % 7];
        code += 1;
    }
    t
}
