//! Answers to check: the moves that can possibly end a check, so that an engine tests only those
//! for king safety.
//!
//! Key decision: a necessary condition, computed once per position in check. A non-king move
//! ends a check only if it captures the checking piece, blocks its line (chariot, cannon, facing
//! king) or leg (horse), or moves a cannon's screen away; with several checkers it must answer
//! each. Every legal evasion passes [`CheckAnswers::may_answer`]; a move that passes still goes
//! through the full test ([`Position::pseudo_is_legal`]), which stays the only judge. In check,
//! most pseudo-legal moves answer nothing, and are dropped with two mask tests instead of a board
//! update and an attack test each.

use crate::attacks::{HORSE_ATTACKERS, PAWN_ATTACKERS};
use crate::bitboard::SQUARE_BIT;
use crate::lines::{file_line, file_points, rank_line, rank_points, FILE_NUM, RANK_NUM};
use crate::position::{code, EMPTY};
use crate::{File, Move, Position, Rank, Role};

/// What a move must do to answer every check against the side to move (from
/// [`Position::check_answers`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckAnswers {
    /// Points where a non-king move answers every check: each checker's point, the points between
    /// it and the king (line checkers) or its leg (horses), intersected over the checkers.
    land: u128,
    /// Screens of checking cannons: moving one of them may answer that cannon's check.
    screens: u128,
    /// The king's point: a king move always deserves the full test.
    king: usize,
}

impl CheckAnswers {
    /// Whether `m` may end the check (false only for moves that certainly leave the king
    /// attacked).
    #[inline]
    #[must_use]
    pub fn may_answer(&self, m: Move) -> bool {
        let (from, to) = (m.from().index(), m.to().index());
        from == self.king || (self.land & SQUARE_BIT[to]) | (self.screens & SQUARE_BIT[from]) != 0
    }
}

/// Positions strictly between `a` and `b` along a line, as a mask.
#[inline]
fn between(a: u32, b: u32) -> u16 {
    let (lo, hi) = (a.min(b), a.max(b));
    ((1u16 << hi) - 1) & !((2u16 << lo) - 1)
}

impl Position {
    /// What a move must do to answer the checks against the side to move (every check, if it is
    /// in check; a position not in check gets answers that let every move through).
    #[must_use]
    pub fn check_answers(&self) -> CheckAnswers {
        let us = self.turn;
        let them = !us;
        let t = them.index();
        let k = self.kings[us.index()].index();
        let (kf, kr) = (usize::from(FILE_NUM[k]), usize::from(RANK_NUM[k]));
        let (chariot, cannon, king) = (
            code(them, Role::Chariot),
            code(them, Role::Cannon),
            code(them, Role::King),
        );
        let mut land = !0u128;
        let mut screens = 0u128;
        for file in [true, false] {
            let (line, at) = if file { (kf, kr) } else { (kr, kf) };
            let (e, att) = if file {
                (file_line(kr, self.file_occ(kf)), self.file_bits[t][kf])
            } else {
                (rank_line(kf, self.rank_occ(kr)), self.rank_bits[t][kr])
            };
            let square = |i: u32| {
                let i = i as usize;
                if file {
                    i * 9 + line
                } else {
                    line * 9 + i
                }
            };
            let points = |bits: u16| {
                if file {
                    file_points(File::from_table(line as u8), bits).0
                } else {
                    rank_points(Rank::from_table(line as u8), bits).0
                }
            };
            // The two directions along the line: beyond the king, and before it.
            for side in [!((2u16 << at) - 1), (1u16 << at) - 1] {
                let (first, second) = (e.first & side, e.second & side);
                if first == 0 {
                    continue;
                }
                let f = first.trailing_zeros();
                if first & att != 0 {
                    let p = self.board[square(f)];
                    if p == chariot || p == king {
                        land &= points(between(at as u32, f) | first);
                    }
                }
                if second & att != 0 {
                    let s = second.trailing_zeros();
                    if self.board[square(s)] == cannon {
                        land &= points(between(at as u32, s) | second);
                        screens |= SQUARE_BIT[square(f)];
                    }
                }
            }
        }
        let horse = code(them, Role::Horse);
        for step in HORSE_ATTACKERS[k].as_slice() {
            if self.board[step.to as usize] == horse && self.board[step.block as usize] == EMPTY {
                land &= SQUARE_BIT[step.to as usize] | SQUARE_BIT[step.block as usize];
            }
        }
        let pawn = code(them, Role::Pawn);
        for &s in PAWN_ATTACKERS[t][k].as_slice() {
            if self.board[s as usize] == pawn {
                land &= SQUARE_BIT[s as usize];
            }
        }
        CheckAnswers {
            land,
            screens,
            king: k,
        }
    }

    /// Like [`Position::pseudo_is_legal`] for a side in check, with the position's
    /// [`Position::check_answers`]: moves that cannot answer the check are refused without the
    /// full test.
    #[inline]
    pub fn pseudo_is_legal_in_check(&mut self, m: Move, answers: &CheckAnswers) -> bool {
        answers.may_answer(m) && self.leaves_king_safe(m)
    }
}
