//! The puzzle API's wire (`/api/puzzles/…`, docs/puzzles.md): the puzzle as a solver sees it
//! (never its line), the verdict on one move, a finished round with the rating change, streak
//! and storm runs, the dashboard by theme.
//!
//! Moves are ICCS strings (`h2e2`); ratings keep whole points on the wire.

use serde::{Deserialize, Serialize};

/// A puzzle as served: the position, the opponent's last move, no solution.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleView {
    /// Its id.
    pub id: String,
    /// The position the solver faces (the solver is on move).
    pub fen: String,
    /// The opponent's move that led to it, if any.
    pub last_move: Option<String>,
    /// Number of solver moves to find.
    pub solver_moves: usize,
    /// Its themes.
    pub themes: Vec<ThemeName>,
    /// Its rating.
    pub rating: i32,
    /// Rounds played on it.
    pub plays: u32,
    /// Its attribution (CCPD, CC BY 4.0, or this site's game).
    pub credit: String,
}

/// A theme: its key (`mateIn2`, `fork`, …) and its names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThemeName {
    /// The key (`?theme=` takes it).
    pub key: String,
    /// The Chinese name.
    pub zh: String,
    /// The English name.
    pub en: String,
}

/// `POST /api/puzzles/{id}/move`: the moves so far (both sides, from the puzzle's position)
/// and the solver's next move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRequest {
    /// The line so far: solver move, reply, … (an even number of moves).
    #[serde(default)]
    pub played: Vec<String>,
    /// The solver's move.
    #[serde(rename = "move")]
    pub mv: String,
}

/// The verdict on a solver's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum MoveVerdict {
    /// Right; the opponent answers `reply` and the solver goes on.
    Continue {
        /// The opponent's reply (ICCS).
        reply: String,
    },
    /// Right, and the puzzle is solved.
    Solved,
    /// Wrong; `solution` is the whole line from the start.
    Wrong {
        /// The line: solver move, reply, …, solver move.
        solution: Vec<String>,
    },
}

/// `POST /api/puzzles/{id}/round`: every move played (both sides, from the puzzle's
/// position) up to the solution or the first wrong move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRequest {
    /// The moves played.
    pub moves: Vec<String>,
    /// Rated (default) or casual, chosen before the first move.
    #[serde(default = "yes")]
    pub rated: bool,
}

fn yes() -> bool {
    true
}

/// A finished round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundView {
    /// Whether the puzzle was solved.
    pub win: bool,
    /// Whether the round moved ratings (a visitor's or a casual round does not).
    pub rated: bool,
    /// The solver's puzzle rating after the round (`None`: a visitor).
    pub rating: Option<i32>,
    /// Its change (0 when unrated).
    pub delta: i32,
    /// The puzzle's rating after the round.
    pub puzzle_rating: i32,
    /// The solution line.
    pub solution: Vec<String>,
}

/// `GET /api/puzzles/next`, `/daily`, `/{id}`: the puzzle and the caller's puzzle rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NextView {
    /// The puzzle (`None`: no unplayed puzzle left).
    pub puzzle: Option<PuzzleView>,
    /// The caller's puzzle rating (`None`: a visitor).
    pub rating: Option<i32>,
}

/// A streak or storm run as its player sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunView {
    /// The run's id.
    pub id: i64,
    /// `streak` or `storm`.
    pub kind: String,
    /// Puzzles solved.
    pub score: u32,
    /// Whether it is over.
    pub over: bool,
    /// The puzzle to solve now.
    pub puzzle: Option<PuzzleView>,
    /// Storm: time left in ms (`None` for a streak).
    pub remaining_ms: Option<u64>,
    /// Storm: solved in a row; streak: whether the skip is still there.
    pub combo: u32,
    /// Streak: the skip is still available.
    pub can_skip: bool,
}

/// `POST /api/puzzles/runs/{id}/answer`: the moves played on the current puzzle, or a skip.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunAnswer {
    /// The moves played (both sides) up to the solution or the first wrong move.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Streak only: skip the current puzzle (once a run).
    #[serde(default)]
    pub skip: bool,
}

/// One theme of the dashboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThemeLine {
    /// The theme.
    pub theme: ThemeName,
    /// Rounds played.
    pub rounds: u32,
    /// Rounds won.
    pub wins: u32,
    /// lila's performance: mean puzzle rating − 500 + 1 000 × win rate.
    pub performance: i32,
}

/// `GET /api/puzzles/dashboard`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DashboardView {
    /// The caller's puzzle rating.
    pub rating: i32,
    /// Rounds played (the most recent 1 000 are counted).
    pub rounds: u32,
    /// Rounds won.
    pub wins: u32,
    /// By theme, weakest first.
    pub themes: Vec<ThemeLine>,
    /// Best streak score.
    pub best_streak: u32,
    /// Best storm score.
    pub best_storm: u32,
}
