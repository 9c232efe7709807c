//! The engine's top lines of one position (multi-PV), depth by depth, for a live analysis board.
//!
//! Key decision: no multi-PV inside the search. Line `k` of a depth is a search of the same
//! position to that depth with the first moves of lines `0..k` banned at the root (as UCCI's
//! `banmoves`), so the search itself stays unchanged and every line is an ordinary principal
//! variation. The hash table carries over between the searches, so the repeated shallow
//! iterations cost little; `k` lines cost roughly `k` searches.

use super::Eval;
use crate::control::Control;
use crate::engine::Engine;
use crate::level::MAX_LEVEL;
use crate::search::{Limits, Score};
use xiangqi::{Move, Position};

/// One of the engine's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Red's view.
    pub eval: Eval,
    /// The moves, the first one the line's move.
    pub pv: Vec<Move>,
}

/// Up to `count` best lines of `pos` searched to exactly `depth` (fewer when the position has
/// fewer legal moves; none when it has none), best first. `limits` adds a time or node cap; a
/// stopped `control` ends the searches early, and whatever lines are complete are returned.
pub fn top_lines(
    engine: &mut Engine,
    pos: &Position,
    depth: i32,
    count: usize,
    limits: &Limits,
    control: &Control,
) -> Vec<Line> {
    engine.set_level(MAX_LEVEL);
    engine.set_book(false);
    let turn = pos.turn();
    let count = count.min(pos.legal_moves().len());
    let mut lines: Vec<Line> = Vec::with_capacity(count);
    let limits = Limits {
        depth: Some(depth.max(1)),
        ..limits.clone()
    };
    while lines.len() < count && !control.is_stopped() {
        if engine.set_position(pos, &[]).is_err() {
            break;
        }
        let banned: Vec<Move> = lines.iter().filter_map(|l| l.pv.first().copied()).collect();
        engine.set_banned(&banned);
        let mut pv = Vec::new();
        let result = engine.go(&limits, control, &mut |info| pv.clone_from(&info.pv));
        // A search left with one move may answer at once, banned or not.
        let Some(best) = result.best.filter(|b| !banned.contains(b)) else {
            break;
        };
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        lines.push(Line {
            eval: Eval::from_score(Score::from_internal(result.score), turn),
            pv,
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_distinct_legal_and_ordered() {
        let mut engine = Engine::new(4);
        let pos = Position::startpos();
        let lines = top_lines(&mut engine, &pos, 4, 3, &Limits::default(), &Control::new());
        assert_eq!(lines.len(), 3);
        let firsts: Vec<Move> = lines.iter().map(|l| l.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        for l in &lines {
            let mut p = pos.clone();
            for &m in &l.pv {
                p.play_mut(m).expect("legal line");
            }
        }
        let cp = |e: Eval| match e {
            Eval::Cp(c) => c,
            _ => 0,
        };
        // Red is on move, so the first line scores at least as well for Red as the others.
        assert!(cp(lines[0].eval) >= cp(lines[1].eval));
        assert!(cp(lines[0].eval) >= cp(lines[2].eval));
    }

    #[test]
    fn a_mate_is_a_mate_from_reds_view_and_lines_stop_at_the_legal_moves() {
        // Red mates with b0b9 (after e.g. e0e1 i6i5 in the server tests' fixture); here Black
        // is on move with a mated-in-one king: every Black line is mated.
        let pos = Position::from_fen("3k5/R8/9/8p/9/9/9/9/9/1R2K4 w - - 0 1").unwrap();
        let mut engine = Engine::new(4);
        let lines = top_lines(&mut engine, &pos, 3, 5, &Limits::default(), &Control::new());
        assert!(!lines.is_empty());
        assert!(
            matches!(lines[0].eval, Eval::Mate(n) if n > 0),
            "{:?}",
            lines[0]
        );
        let black = Position::from_fen("3k5/R8/9/8p/9/9/9/9/9/1R2K4 b - - 0 1").unwrap();
        let n = black.legal_moves().len();
        let lines = top_lines(
            &mut engine,
            &black,
            2,
            5,
            &Limits::default(),
            &Control::new(),
        );
        assert_eq!(lines.len(), n.min(5));
    }

    #[test]
    fn a_stopped_control_returns_at_once() {
        let control = Control::new();
        control.stop();
        let mut engine = Engine::new(4);
        let lines = top_lines(
            &mut engine,
            &Position::startpos(),
            6,
            3,
            &Limits::default(),
            &control,
        );
        assert!(lines.is_empty());
    }
}
