//! Move ordering.
//!
//! Key decision: all legal moves are generated at once (the rules crate's generator is cheap and
//! exact) and scored; the search then picks the best-scored remaining move one at a time
//! (selection sort), so a cut-off on an early move costs no full sort. Order: hash move, captures
//! that do not lose material by MVV/LVA, killers, counter-move, quiet moves by butterfly plus
//! continuation history, and last the captures that lose material. A capture by a piece worth
//! more than its victim is classed by static exchange evaluation (`see.rs`); any other capture
//! cannot lose material in the exchange.

use crate::eval_state::EvalState;
use crate::history::{cont_key, History};
use crate::see::see_ge;
use xiangqi::{Move, MoveList, Position, Role, MAX_MOVES};

/// Rough piece values for ordering and pruning (K, A, E, H, R, C, P).
pub const ORDER_VALUE: [i32; 7] = [2000, 200, 200, 430, 1000, 450, 100];

const TT_SCORE: i32 = 1 << 30;
/// Ordering score of the hash move.
pub const TT_ORDER: i32 = TT_SCORE;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER_0: i32 = 1 << 27;
const KILLER_1: i32 = KILLER_0 - 1;
const COUNTER: i32 = KILLER_0 - 2;
/// Ordering score of the counter-move; killers score higher.
pub const COUNTER_SCORE: i32 = COUNTER;
const BAD_CAPTURE: i32 = -(1 << 26);

/// `VICTIM[piece code][square]`: [`ORDER_VALUE`] of the piece, plus 80 for a pawn across the
/// river; row 0 (no piece) is zero.
static VICTIM: [[i32; 90]; 16] = {
    let mut t = [[0; 90]; 16];
    let mut code = 1;
    while code < 15 {
        let (black, role) = ((code - 1) / 7 == 1, (code - 1) % 7);
        let mut s = 0;
        while s < 90 {
            let own_side = if black { s / 9 >= 5 } else { s / 9 <= 4 };
            let crossed = role == Role::Pawn as usize && !own_side;
            t[code][s] = ORDER_VALUE[role] + if crossed { 80 } else { 0 };
            s += 1;
        }
        code += 1;
    }
    t
};

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

/// `ATTACKER[piece code]`: [`ORDER_VALUE`] of the piece (0 for no piece).
static ATTACKER: [i32; 16] = by_code(&ORDER_VALUE);

/// Value of the piece on the destination of `m` (0 if none).
#[inline]
#[must_use]
pub fn victim_value(pos: &Position, m: Move) -> i32 {
    VICTIM[usize::from(pos.code_at(m.to()) & 15)][m.to().index()]
}

/// MVV/LVA ordering value of the capture `m`, and whether the capturer is worth more than the
/// victim (a capture that may lose material).
#[inline]
fn capture_value(pos: &Position, m: Move) -> (i32, bool) {
    let victim = victim_value(pos, m);
    let attacker = ATTACKER[usize::from(pos.code_at(m.from()) & 15)];
    (victim * 16 - attacker / 8, attacker > victim + 50)
}

/// What a full-width node hands to [`Picker::score_all`] besides the position and history.
#[derive(Clone, Copy, Debug)]
pub struct Hints {
    /// The hash move.
    pub tt_move: Option<Move>,
    /// The killers of the node's ply.
    pub killers: [Option<Move>; 2],
    /// The remembered reply to the previous move.
    pub counter: Option<Move>,
    /// Continuation keys of the moves one and two plies before.
    pub cont: [usize; 2],
}

/// A scored move list consumed best-first. The searcher keeps one per ply and refills it
/// (`fill_*`), so no node initialises or copies a move list.
pub struct Picker {
    pub(crate) moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
}

impl Picker {
    /// An empty picker.
    pub fn empty() -> Picker {
        Picker {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
        }
    }

    /// Scores the moves already in `self.moves` for a full-width node.
    pub fn score_all(&mut self, pos: &Position, st: &EvalState, hist: &History, hints: &Hints) {
        let Hints {
            tt_move,
            killers,
            counter,
            cont,
        } = *hints;
        let us = pos.turn();
        for (i, &m) in self.moves.iter().enumerate() {
            self.scores[i] = if Some(m) == tt_move {
                TT_SCORE
            } else if pos.is_capture(m) {
                let (base, losing) = capture_value(pos, m);
                if losing && !see_ge(pos, st, m, 0) {
                    BAD_CAPTURE + base
                } else {
                    GOOD_CAPTURE + base
                }
            } else if Some(m) == killers[0] {
                KILLER_0
            } else if Some(m) == killers[1] {
                KILLER_1
            } else if Some(m) == counter {
                COUNTER
            } else {
                hist.quiet_score(us, m, cont_key(pos, m), cont)
            };
        }
        self.next = 0;
    }

    /// Scores the captures already in `self.moves` by MVV/LVA only (quiescence search).
    pub fn score_captures(&mut self, pos: &Position, tt_move: Option<Move>) {
        for (i, &m) in self.moves.iter().enumerate() {
            self.scores[i] = if Some(m) == tt_move {
                TT_SCORE
            } else {
                capture_value(pos, m).0
            };
        }
        self.next = 0;
    }

    /// The next move, best score first, with its ordering score.
    #[inline]
    pub fn next(&mut self) -> Option<(Move, i32)> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        // First index of the highest score, in two passes the compiler vectorises.
        let rest = &self.scores[self.next..n];
        let top = rest.iter().copied().max()?;
        let best = self.next + rest.iter().position(|&x| x == top)?;
        let slice = self.moves.as_mut_slice();
        slice.swap(self.next, best);
        self.scores.swap(self.next, best);
        let r = (slice[self.next], self.scores[self.next]);
        self.next += 1;
        Some(r)
    }

    /// Whether an ordering score belongs to a capture that looks like it loses material.
    #[inline]
    #[must_use]
    pub fn is_bad_capture_score(score: i32) -> bool {
        score < BAD_CAPTURE / 2
    }
}
