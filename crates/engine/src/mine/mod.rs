//! Puzzle mining: positions after an error where the other side has a winning line in which
//! every one of its moves is the only winning move (docs/puzzles.md).
//!
//! Key decision: plain data in, plain data out, no I/O, as `analysis`: the command line
//! (`chuhe puzzles mine`) reads records and writes puzzles; the server can mine its own finished
//! games with the same code. Budgets are in nodes, so that a search is deterministic (one thread)
//! and "several times the budget" means exactly that.

mod exercise;
mod game;
mod solve;
mod win;

pub use exercise::{check_exercise, ReviewReason, Verdict};
pub use game::{mine_game, GameMining, MinedPuzzle};
pub use solve::{confirm, solve, Solution};
pub use win::{Pov, WIN_K};

/// The miner's settings. The defaults are small so that a game is mined in about a second on one
/// core; `chuhe puzzles mine --nodes` raises them.
#[derive(Clone, Debug, PartialEq)]
pub struct MinerConfig {
    /// Nodes per search at a solver or defender node.
    pub nodes: u64,
    /// Nodes per position in the scan of a game for errors.
    pub scan_nodes: u64,
    /// Confirmation at this many times `nodes`, four lines, a fresh hash table.
    pub confirm_factor: u32,
    /// Hash table of the confirming engine, MiB (other than the miner's: another table, other
    /// cut-offs).
    pub confirm_hash_mb: usize,
    /// Depth cap of a search (the nodes decide first).
    pub max_depth: i32,
    /// A win: at least this many centipawns, or a mate.
    pub win_cp: i32,
    /// The solver's move must lead the second best by this much win chance (0–2 scale of
    /// −1…1).
    pub gap: f64,
    /// The error: the solver's win chance jumps by more than this.
    pub jump: f64,
    /// The win-chance slope ([`WIN_K`] by default).
    pub k: f64,
    /// At most this many solver moves in a line.
    pub max_solver_moves: usize,
    /// Two puzzles of one game are at least this many plies apart.
    pub min_gap_plies: usize,
    /// Accept an advantage line of a single solver move (lichess's `oneMove`): the best move
    /// wins, the second best does not. A plain recapture on the erring move's point is not one.
    pub one_move: bool,
    /// Every position where the solver wins (a mate, or [`MinerConfig::win_cp`]) is a
    /// candidate, not only the one after a jump in win chance: masters seldom blunder outright,
    /// but they often reach positions where only one move keeps the win.
    pub any_win: bool,
}

impl MinerConfig {
    /// The settings for master games: [`MinerConfig::one_move`] and [`MinerConfig::any_win`]
    /// on (docs/puzzles.md, "Yield").
    #[must_use]
    pub fn masters() -> MinerConfig {
        MinerConfig {
            one_move: true,
            any_win: true,
            ..MinerConfig::default()
        }
    }
}

impl Default for MinerConfig {
    fn default() -> MinerConfig {
        MinerConfig {
            nodes: 20_000,
            scan_nodes: 10_000,
            confirm_factor: 4,
            confirm_hash_mb: 8,
            max_depth: 64,
            win_cp: 200,
            gap: 0.6,
            jump: 0.6,
            k: WIN_K,
            max_solver_moves: 8,
            min_gap_plies: 20,
            one_move: false,
            any_win: false,
        }
    }
}

#[cfg(test)]
mod tests;
