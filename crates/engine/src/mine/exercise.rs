//! Curated exercises (a position and the book's continuation): a puzzle only when the engine
//! confirms the book's first move; otherwise a reason for the review list.
//!
//! Key decision: the engine solves the position itself ([`super::solve`], the same only-move
//! rules as mining) and confirms it at the higher budget; the exercise is accepted when that
//! solution starts with the book's move. The engine's line is kept (it is the one checked for
//! uniqueness); the book's moves after the first may differ in ways that do not matter.

use super::solve::{confirm, solve, Solution};
use super::MinerConfig;
use crate::control::Control;
use crate::engine::Engine;
use xiangqi::{Move, Position};

/// Why an exercise goes to review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewReason {
    /// The book gives no move, or its first move is illegal.
    NoBookMove,
    /// The engine finds no unique winning line.
    NoUniqueWin,
    /// The engine's unique win starts with another move.
    EnginePrefers(Move),
    /// The line did not hold at the higher budget.
    NotConfirmed,
}

/// The engine's verdict on an exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The book's first move is confirmed; this is the puzzle's solution.
    Confirmed(Solution),
    /// Not confirmed: to the review list.
    Review(ReviewReason),
}

/// Checks the exercise at `pos` whose book continuation is `book`.
pub fn check_exercise(
    engine: &mut Engine,
    pos: &Position,
    book: &[Move],
    cfg: &MinerConfig,
    control: &Control,
) -> Verdict {
    let Some(&first) = book.first() else {
        return Verdict::Review(ReviewReason::NoBookMove);
    };
    if !pos.is_legal(first) {
        return Verdict::Review(ReviewReason::NoBookMove);
    }
    let Some(solution) = solve(engine, pos, cfg, control) else {
        return Verdict::Review(ReviewReason::NoUniqueWin);
    };
    let starts = solution.line.first() == Some(&first)
        || (solution.mate && solution.line.len() == 1 && solution.alternatives.contains(&first));
    if !starts {
        return Verdict::Review(ReviewReason::EnginePrefers(
            solution.line.first().copied().unwrap_or(first),
        ));
    }
    if !confirm(pos, &solution, cfg, control) {
        return Verdict::Review(ReviewReason::NotConfirmed);
    }
    Verdict::Confirmed(solution)
}
