//! Mining one game: find the errors, solve the positions after them, rule out repetitions,
//! confirm, keep at most one puzzle per stretch of the game.
//!
//! Key decision: lichess-puzzler's candidate test on a single pass over the game (one search per
//! position at the budget): the mover's move must hand the opponent a win (at least
//! [`MinerConfig::win_cp`] or a mate) with a jump in win chance above [`MinerConfig::jump`], the
//! opponent must not have been winning already (above 300), must not already be ahead in
//! material, must be behind in material when the win is small (200–400), and must have two legal
//! moves or more. Repetitions are ruled by the rules crate's judge, not by the engine.

use super::solve::{confirm, solve, Solution};
use super::win::Pov;
use super::MinerConfig;
use crate::analysis::Eval;
use crate::control::Control;
use crate::engine::Engine;
use crate::level::MAX_LEVEL;
use crate::search::{Limits, Score};
use std::collections::HashSet;
use xiangqi::{Color, EndReason, Judge, Move, Position, Role, RuleSet};

/// A puzzle found in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinedPuzzle {
    /// Ply of the puzzle position in the game (moves played before it).
    pub ply: usize,
    /// The puzzle position (solver on move).
    pub position: Position,
    /// The erring move that led to it.
    pub last_move: Move,
    /// The solution.
    pub solution: Solution,
}

/// What mining one game found, and where the other candidates fell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameMining {
    /// The puzzles.
    pub puzzles: Vec<MinedPuzzle>,
    /// Positions that passed the candidate test.
    pub candidates: usize,
    /// Candidates without a unique winning line.
    pub unsolved: usize,
    /// Lines refused for a repetition.
    pub repeated: usize,
    /// Lines that did not hold at the higher budget.
    pub unconfirmed: usize,
    /// One-move lines that only take back on the erring move's point.
    pub trivial: usize,
}

/// Material in points (pawn 1, advisor/elephant 2, horse 4, cannon 4.5, chariot 9).
fn material(pos: &Position, color: Color) -> f64 {
    let v = |r: Role| match r {
        Role::King => 0.0,
        Role::Pawn => 1.0,
        Role::Advisor | Role::Elephant => 2.0,
        Role::Horse => 4.0,
        Role::Cannon => 4.5,
        Role::Chariot => 9.0,
    };
    Role::ALL
        .iter()
        .map(|&r| v(r) * f64::from(u32::try_from(pos.count(color, r)).unwrap_or(0)))
        .sum()
}

/// The engine's score of every position of the game (side to move's view), one search each.
fn scores(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    cfg: &MinerConfig,
    control: &Control,
) -> Vec<Option<Pov>> {
    engine.set_level(MAX_LEVEL);
    engine.set_book(false);
    engine.set_banned(&[]);
    let limits = Limits {
        nodes: Some(cfg.scan_nodes),
        depth: Some(cfg.max_depth),
        ..Limits::default()
    };
    let mut out = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        if control.is_stopped() || engine.set_position(start, &moves[..i]).is_err() {
            out.push(None);
            continue;
        }
        let turn = engine.position().turn();
        if engine.position().clone().has_legal_move() {
            let r = engine.go(&limits, control, &mut |_| {});
            out.push(Some(Pov::of(
                Eval::from_score(Score::from_internal(r.score), turn),
                turn,
            )));
        } else {
            out.push(Some(Pov::Mate(-1)));
        }
    }
    out
}

/// Whether the line, played after the game's first `ply` moves, repeats a position or ends in a
/// repetition ruling (perpetual check, chase, draw) by our own rules.
fn repeats(start: &Position, moves: &[Move], ply: usize, line: &[Move]) -> bool {
    let mut judge = Judge::new(start.clone(), RuleSet::default());
    for &m in moves.iter().take(ply) {
        if judge.play(m).is_err() {
            return true;
        }
    }
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(judge.position().hash());
    for &m in line {
        match judge.play(m) {
            Err(_) => return true,
            Ok(Some(r))
                if !matches!(
                    r.outcome.reason,
                    EndReason::Checkmate | EndReason::Stalemate
                ) =>
            {
                return true
            }
            Ok(_) => {}
        }
        if !seen.insert(judge.position().hash()) {
            return true;
        }
    }
    false
}

/// Whether a one-move, non-mating line only recaptures on the point the erring move went to
/// (an exchange, not a tactic).
fn trivial_recapture(last: Move, solution: &Solution) -> bool {
    let [first] = solution.line.as_slice() else {
        return false;
    };
    !solution.mate && first.to() == last.to()
}

/// Whether position `i` (after the move `moves[i-1]`) is a candidate, by the scores before and
/// after the move.
fn is_candidate(pos: &Position, before: Pov, after: Pov, cfg: &MinerConfig) -> bool {
    // `before` is the mover's view; the solver's view of the position before is its negation.
    let solver_before = match before {
        Pov::Cp(cp) => Pov::Cp(-cp),
        Pov::Mate(n) => Pov::Mate(-n),
    };
    if !(after.is_mating() || after.cp() >= cfg.win_cp) {
        return false;
    }
    if pos.legal_moves().len() < 2 {
        return false;
    }
    if cfg.any_win {
        return true;
    }
    if after.win_chance(cfg.k) - solver_before.win_chance(cfg.k) <= cfg.jump {
        return false;
    }
    if solver_before.is_mating() || solver_before.cp() > 300 {
        return false;
    }
    if !after.is_mating() {
        let solver = pos.turn();
        let diff = material(pos, solver) - material(pos, !solver);
        if diff > 0.0 {
            return false;
        }
        if after.cp() < 400 && diff >= 0.0 {
            return false;
        }
    }
    true
}

/// Mines one game from `start` with `moves`: the puzzles found, at least
/// [`MinerConfig::min_gap_plies`] apart (the first of each stretch kept).
pub fn mine_game(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    cfg: &MinerConfig,
    control: &Control,
) -> GameMining {
    let scores = scores(engine, start, moves, cfg, control);
    let mut stats = GameMining::default();
    let mut out: Vec<MinedPuzzle> = vec![];
    let mut pos = start.clone();
    for i in 1..=moves.len() {
        if control.is_stopped() || pos.play_mut(moves[i - 1]).is_err() {
            break;
        }
        if out.last().is_some_and(|p| i - p.ply < cfg.min_gap_plies) {
            continue;
        }
        let (Some(Some(before)), Some(Some(after))) = (scores.get(i - 1), scores.get(i)) else {
            continue;
        };
        if !is_candidate(&pos, *before, *after, cfg) {
            continue;
        }
        stats.candidates += 1;
        let Some(solution) = solve(engine, &pos, cfg, control) else {
            stats.unsolved += 1;
            continue;
        };
        if trivial_recapture(moves[i - 1], &solution) {
            stats.trivial += 1;
            continue;
        }
        if repeats(start, moves, i, &solution.line) {
            stats.repeated += 1;
            continue;
        }
        if !confirm(&pos, &solution, cfg, control) {
            stats.unconfirmed += 1;
            continue;
        }
        out.push(MinedPuzzle {
            ply: i,
            position: pos.clone(),
            last_move: moves[i - 1],
            solution,
        });
    }
    stats.puzzles = out;
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_follow_lichess_rules() {
        let cfg = MinerConfig::default();
        // Level material, Red (solver) to move.
        let even = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .expect("fen");
        // A mate handed over from an equal position: a candidate.
        assert!(is_candidate(&even, Pov::Cp(0), Pov::Mate(3), &cfg));
        // Already winning before the error: not one.
        assert!(!is_candidate(&even, Pov::Cp(-400), Pov::Mate(3), &cfg));
        // Too small a jump.
        assert!(!is_candidate(&even, Pov::Cp(-150), Pov::Cp(250), &cfg));
        // 200–400 with level material: not one (the solver must be behind).
        assert!(!is_candidate(&even, Pov::Cp(100), Pov::Cp(350), &cfg));
        // A big win with level material after an equal position: one.
        assert!(is_candidate(&even, Pov::Cp(0), Pov::Cp(700), &cfg));
        // Not winning enough.
        assert!(!is_candidate(&even, Pov::Cp(300), Pov::Cp(150), &cfg));
        // With `any_win`, a position already won is a candidate too; a lost one is not.
        let any = MinerConfig::masters();
        assert!(is_candidate(&even, Pov::Cp(-400), Pov::Cp(450), &any));
        assert!(is_candidate(&even, Pov::Cp(100), Pov::Cp(350), &any));
        assert!(!is_candidate(&even, Pov::Cp(300), Pov::Cp(150), &any));
    }

    #[test]
    fn a_plain_recapture_is_no_one_move_puzzle() {
        let m = |s: &str| -> Move { s.parse().expect("move") };
        let one = |mv: Move, mate: bool| Solution {
            line: vec![mv],
            alternatives: vec![],
            mate,
            score: Pov::Cp(500),
        };
        assert!(trivial_recapture(m("a9a5"), &one(m("a0a5"), false)));
        assert!(!trivial_recapture(m("a9a5"), &one(m("b0b5"), false)));
        // A mate that lands on the point is a puzzle.
        assert!(!trivial_recapture(m("a9a5"), &one(m("a0a5"), true)));
    }

    #[test]
    fn a_repeated_position_in_the_line_is_refused() {
        let start = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1").expect("fen");
        let m = |s: &str| -> Move { s.parse().expect("move") };
        let shuffle = [m("a1a2"), m("e9f9"), m("a2a1"), m("f9e9"), m("a1a2")];
        assert!(repeats(&start, &[], 0, &shuffle));
        assert!(!repeats(&start, &[], 0, &[m("a1a8"), m("e9f9"), m("b0b9")]));
        // An illegal move counts as refused, not a panic.
        assert!(repeats(&start, &[], 0, &[m("a1b3")]));
    }
}
