//! Perpetual chase inside the search (长捉, RULES.md §6.7).
//!
//! Key decision: the cheap test of `repetition.rs` (check flags only) decides perpetual check at
//! once. A repetition it finds neutral is replayed through the rules crate's own AXF judge
//! (`xiangqi::rulings::Judge` with a repetition count of 2), which also rules on chases, so the
//! search scores a perpetual chase exactly as the arbiter would: a loss for the chaser. The cycle
//! is rebuilt by taking its moves back on a copy of the current position (a cycle contains no
//! capture, so every move is reversible), and verdicts are cached by the sequence of position keys
//! of the cycle, because the same shuffles recur all over a search tree.

use crate::repetition::{RepEntry, Repetition};
use xiangqi::{Judge, Move, Position, RuleSet};

/// Entries of the verdict cache (a power of two).
const CACHE_SIZE: usize = 1 << 12;

/// Cached rulings on repetition cycles.
pub(crate) struct CycleRulings {
    cache: Vec<(u64, Repetition)>,
}

impl CycleRulings {
    /// An empty cache.
    pub fn new() -> CycleRulings {
        CycleRulings {
            cache: vec![(0, Repetition::None); CACHE_SIZE],
        }
    }

    /// The verdict, for the side to move in `pos` (the position of the last entry of `stack`), on
    /// the cycle from `stack[j]` to the end, whose moves are `moves[j + 1..]` (`moves[k]` led to
    /// `stack[k]`). An unknown move (before the game record, or a null move) makes it a draw.
    pub fn judge(
        &mut self,
        pos: &Position,
        stack: &[RepEntry],
        moves: &[Option<Move>],
        j: usize,
    ) -> Repetition {
        let key = stack[j..].iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, e| {
            (h ^ e.key)
                .wrapping_mul(0xBF58_476D_1CE4_E5B9)
                .rotate_left(29)
        }) | 1;
        let slot = key as usize & (CACHE_SIZE - 1);
        if self.cache[slot].0 == key {
            return self.cache[slot].1;
        }
        // A cycle with an unknown move is a draw, and not remembered: the moves may be known later.
        let Some(verdict) = rule(pos, stack, moves, j) else {
            return Repetition::Draw;
        };
        self.cache[slot] = (key, verdict);
        verdict
    }
}

/// Replays the cycle through the rules crate's judge (`None`: a move of the cycle is unknown).
fn rule(
    pos: &Position,
    stack: &[RepEntry],
    moves: &[Option<Move>],
    j: usize,
) -> Option<Repetition> {
    let cycle = moves
        .get(j + 1..stack.len())?
        .iter()
        .copied()
        .collect::<Option<Vec<Move>>>()?;
    Some(replay(pos, stack, &cycle, j))
}

/// The judge's verdict on `cycle`, the moves from `stack[j]` to `pos`.
fn replay(pos: &Position, stack: &[RepEntry], cycle: &[Move], j: usize) -> Repetition {
    // Take the moves back, newest first.
    let mut start = pos.clone();
    for &m in cycle.iter().rev() {
        if start.piece_at(m.to()).is_none() || start.piece_at(m.from()).is_some() {
            return Repetition::Draw;
        }
        let quiet = start.do_null_move();
        start.undo_null_move(quiet);
        start.undo_move(m, quiet);
    }
    if start.hash() != stack[j].key {
        return Repetition::Draw;
    }
    let rules = RuleSet::axf()
        .with_move_limit(None)
        .with_repetition_count(2);
    let mut judge = Judge::new(start, rules);
    for &m in cycle {
        match judge.play(m) {
            Ok(Some(ruling)) => {
                return match ruling.outcome.result.winner() {
                    None => Repetition::Draw,
                    Some(c) if c == pos.turn() => Repetition::Win,
                    Some(_) => Repetition::Loss,
                };
            }
            Ok(None) => {}
            Err(_) => return Repetition::Draw,
        }
    }
    Repetition::Draw
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(pos: &Position) -> RepEntry {
        RepEntry {
            key: pos.hash(),
            check: pos.is_check(),
            halfmoves: pos.halfmoves(),
        }
    }

    /// Plays `line` from `fen`; returns the verdict at every 2-fold repetition, as (ply, verdict
    /// for the side to move).
    fn verdicts(fen: &str, line: &str) -> Vec<(usize, Repetition)> {
        let mut pos = Position::from_fen(fen).expect("fen");
        let mut stack = vec![entry(&pos)];
        let mut moves = vec![None];
        let mut rulings = CycleRulings::new();
        let mut out = Vec::new();
        for m in line.split_whitespace() {
            let m: Move = m.parse().expect("move");
            pos.play_mut(m).expect("legal");
            stack.push(entry(&pos));
            moves.push(Some(m));
            if let Some(j) = crate::repetition::find(&stack) {
                out.push((stack.len() - 1, rulings.judge(&pos, &stack, &moves, j)));
            }
        }
        out
    }

    /// A game Chuhe lost by perpetual chase against Fairy-Stockfish (see `chase.rs`): from ply 28
    /// Black's chariot shuttles g1/h1, attacking Red's pieces, while Red's cannon shuttles h6/g6.
    const GAME: &str =
        "h2e2 h7e7 b0c2 h9g7 c3c4 i9h9 e2g2 g6g5 g2g5 g7f5 h0g2 h9h1 d0e1 f5g3 c0e2 \
        g9i7 g5g6 e7g7 a0d0 g3e2 g0e2 g7g2 d0d7 b7b3 d7b7 g2c2 b7b3 h1g1 g6h6 g1h1 h6g6 h1g1";

    #[test]
    fn the_perpetual_chaser_loses_the_cycle() {
        let start = xiangqi::START_FEN;
        // Ply 31 repeats ply 27 with Black to move: Black chased, so Black loses; ply 32 repeats
        // ply 28 with Red to move: Red wins.
        assert_eq!(
            verdicts(start, GAME),
            vec![(31, Repetition::Loss), (32, Repetition::Win)]
        );
    }

    #[test]
    fn a_chariot_following_a_lone_horse_chases_it() {
        // Red's chariot attacks Black's unprotected horse on b4 and a2 by turns.
        let fen = "2bakab1r/9/9/2p1p1p2/9/1n5R1/9/9/9/3K5 b - - 0 1";
        assert_eq!(
            verdicts(fen, "b4a2 h4h2 a2b4 h2h4"),
            vec![(4, Repetition::Win)]
        );
    }

    #[test]
    fn shuffling_without_attacks_is_a_draw() {
        let fen = "2bakab1r/9/9/2p1p1p2/9/1n5R1/9/9/9/3K5 b - - 0 1";
        assert_eq!(
            verdicts(fen, "i9i8 d0d1 i8i9 d1d0"),
            vec![(4, Repetition::Draw)]
        );
    }
}
