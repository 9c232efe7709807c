//! Move ordering.
//!
//! Key decision: a full-width node generates and scores its captures first and the quiet moves
//! only once no capture that keeps material is left (a cut-off by a capture costs no quiet
//! generation); the search picks the best-scored remaining move one at a time (selection sort),
//! so a cut-off on an early move costs no full sort. Order: hash move, captures
//! that do not lose material by MVV/LVA, killers, counter-move, quiet moves by butterfly plus
//! continuation history, and last the captures that lose material. A capture by a piece worth
//! more than its victim is classed by static exchange evaluation (`see.rs`); any other capture
//! cannot lose material in the exchange.

use crate::eval_state::EvalState;
use crate::history::{cont_key, History};
use crate::see::see_ge;
use crate::types::{by_code, ORDER_VALUE};
use xiangqi::{Move, MoveList, Position, Role, MAX_MOVES};

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

/// What a full-width node hands to [`Picker::start_staged`] besides the position.
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
    /// A full-width node's hints while its quiet moves are not generated yet.
    pending: Option<Hints>,
}

impl Picker {
    /// An empty picker.
    pub fn empty() -> Picker {
        Picker {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
            pending: None,
        }
    }

    /// Starts a full-width node: generates and scores the captures only; the quiet moves follow
    /// in [`Picker::next_staged`] once no capture that keeps material is left.
    pub fn start_staged(&mut self, pos: &Position, st: &EvalState, hints: &Hints) {
        pos.pseudo_captures_into(&mut self.moves);
        let tt_move = hints.tt_move;
        for (i, &m) in self.moves.iter().enumerate() {
            self.scores[i] = if Some(m) == tt_move {
                TT_SCORE
            } else {
                let (base, losing) = capture_value(pos, m);
                if losing && !see_ge(pos, st, m, 0) {
                    BAD_CAPTURE + base
                } else {
                    GOOD_CAPTURE + base
                }
            };
        }
        self.next = 0;
        self.pending = Some(*hints);
    }

    /// Appends the quiet moves and scores them: the hash move, killers, counter-move, then
    /// butterfly plus continuation history.
    fn add_quiets(&mut self, pos: &Position, hist: &History, hints: &Hints) {
        let Hints {
            tt_move,
            killers,
            counter,
            cont,
        } = *hints;
        let us = pos.turn();
        let first = self.moves.len();
        pos.pseudo_quiets_append(&mut self.moves);
        for (i, &m) in self.moves.iter().enumerate().skip(first) {
            self.scores[i] = if Some(m) == tt_move {
                TT_SCORE
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
    }

    /// The next move of a full-width node started with [`Picker::start_staged`], best score
    /// first: the captures that keep material, then (generated now) everything else.
    #[inline]
    pub fn next_staged(&mut self, pos: &Position, hist: &History) -> Option<(Move, i32)> {
        if let Some(hints) = self.pending {
            match self.top() {
                Some(top) if top >= GOOD_CAPTURE => return Some(self.take(top)),
                _ => {
                    self.pending = None;
                    self.add_quiets(pos, hist, &hints);
                }
            }
        }
        self.next()
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
        self.pending = None;
    }

    /// The next move, best score first, with its ordering score.
    #[inline]
    pub fn next(&mut self) -> Option<(Move, i32)> {
        let top = self.top()?;
        Some(self.take(top))
    }

    /// The highest score among the moves not yet picked (`None` when none is left).
    #[inline]
    fn top(&self) -> Option<i32> {
        self.scores[self.next..self.moves.len()]
            .iter()
            .copied()
            .max()
    }

    /// Picks the first remaining move scored `top` (the highest remaining score). The maximum
    /// and its index are found in two passes the compiler vectorises.
    #[inline]
    fn take(&mut self, top: i32) -> (Move, i32) {
        let n = self.moves.len();
        let offset = self.scores[self.next..n]
            .iter()
            .position(|&x| x == top)
            .unwrap_or(0);
        let best = self.next + offset;
        let slice = self.moves.as_mut_slice();
        slice.swap(self.next, best);
        self.scores.swap(self.next, best);
        let r = (slice[self.next], self.scores[self.next]);
        self.next += 1;
        r
    }

    /// The next move in list order, without selection: for a node that only looks for the few
    /// moves left unpruned (captures and checks) once every quiet move is pruned.
    #[inline]
    pub fn next_unordered(&mut self) -> Option<(Move, i32)> {
        let m = *self.moves.as_slice().get(self.next)?;
        let r = (m, self.scores[self.next]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{random_position, Rng};
    use crate::params::Params;

    /// Hints with only the first killer set.
    fn hints_with_killer(killer: Option<Move>) -> Hints {
        Hints {
            tt_move: None,
            killers: [killer, None],
            counter: None,
            cont: [0, 0],
        }
    }

    #[test]
    fn staged_picking_yields_every_move_once_best_first_and_quiets_only_when_needed() {
        let hist = History::new();
        let mut rng = Rng::new(7);
        for pos in (0..300).map(|_| random_position(&mut rng, 100)) {
            let st = EvalState::new(&pos, &Params::DEFAULT);
            let mut all = MoveList::new();
            pos.pseudo_moves_into(&mut all);
            let quiet = all.iter().copied().find(|&m| !pos.is_capture(m));
            let hints = hints_with_killer(quiet);
            let mut picker = Picker::empty();
            picker.start_staged(&pos, &st, &hints);
            let captures = picker.moves.len();
            let mut seen = Vec::new();
            let mut last = i32::MAX;
            while let Some((m, score)) = picker.next_staged(&pos, &hist) {
                assert!(
                    score <= last,
                    "{}: {m} scored {score} after {last}",
                    pos.fen()
                );
                last = score;
                if seen.len() < captures && score >= GOOD_CAPTURE {
                    // Still in the capture stage: no quiet move generated yet.
                    assert_eq!(picker.moves.len(), captures, "{}", pos.fen());
                }
                if Some(m) == quiet {
                    assert_eq!(score, KILLER_0);
                }
                seen.push(m);
            }
            let mut expected = all.as_slice().to_vec();
            expected.sort_unstable();
            seen.sort_unstable();
            assert_eq!(seen, expected, "{}", pos.fen());
        }
    }

    #[test]
    fn unordered_picking_returns_the_rest_in_list_order() {
        let hist = History::new();
        let pos = Position::startpos();
        let st = EvalState::new(&pos, &Params::DEFAULT);
        let hints = hints_with_killer(None);
        let mut picker = Picker::empty();
        picker.start_staged(&pos, &st, &hints);
        // The start position has two captures (cannon takes horse); the third pick is quiet.
        let mut picked = Vec::new();
        for _ in 0..3 {
            picked.push(picker.next_staged(&pos, &hist).expect("a move").0);
        }
        let rest: Vec<Move> = picker.moves.as_slice()[picker.next..].to_vec();
        let mut unordered = Vec::new();
        while let Some((m, _)) = picker.next_unordered() {
            unordered.push(m);
        }
        assert_eq!(unordered, rest);
        assert!(picked.iter().all(|m| !rest.contains(m)));
        assert_eq!(rest.len() + 3, pos.legal_moves().len());
    }
}
