//! The static move ordering that ranks the legal moves of a position: each move is described by a
//! few features (piece and squares, capture, check, whether it lands or stays en prise, recapture,
//! moving the same piece again or back), each feature value has a trained weight, and the moves
//! are sorted by the sum, best first, ties by [`Move::to_u16`].
//!
//! Key decision: the ranking depends only on the position, the two previous moves and the
//! committed weights — never on engine search or on the order in which moves are generated — so
//! encoder and decoder agree on every machine and in every future version that keeps the weights.

use crate::{Color, Move, MoveList, Position, Square, MAX_MOVES};

/// Features per move.
pub const FEATURES: usize = 10;

const ROLE_SQ: usize = 7 * 90;
const O_TO: usize = 0;
const O_FROM: usize = O_TO + ROLE_SQ;
const O_CAPT: usize = O_FROM + ROLE_SQ;
const O_CHECK: usize = O_CAPT + 8 * 7;
const O_HANG: usize = O_CHECK + 2;
const O_ESCAPE: usize = O_HANG + 7 * 4;
const O_RECAP: usize = O_ESCAPE + 7 * 2;
const O_CAPT_HANG: usize = O_RECAP + 2;
const O_FOLLOW: usize = O_CAPT_HANG + 8 * 2;
const O_BACK: usize = O_FOLLOW + 2;

/// Number of weights (one per feature value).
pub const WEIGHTS: usize = O_BACK + 2;

/// The moves before the position being ranked: `prev` is the opponent's last move, `prev2` the
/// mover's own last move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// The last move played.
    pub prev: Option<Move>,
    /// The move before it.
    pub prev2: Option<Move>,
}

impl History {
    /// The history after `m` is played.
    #[must_use]
    pub fn after(self, m: Move) -> History {
        History {
            prev: Some(m),
            prev2: self.prev,
        }
    }
}

/// A square seen from `color`'s side (Black's squares rotated), so one table serves both sides.
fn relative(sq: Square, color: Color) -> usize {
    match color {
        Color::Red => sq.index(),
        Color::Black => sq.flip().index(),
    }
}

/// Squares the side not to move could capture on now (pseudo-legal captures), as a bit set.
fn threatened(pos: &mut Position, list: &mut MoveList) -> u128 {
    let undo = pos.do_null_move();
    pos.pseudo_captures_into(list);
    pos.undo_null_move(undo);
    list.iter()
        .fold(0u128, |set, c| set | 1u128 << c.to().index())
}

/// Calls `f(move, features)` for every legal move of `pos` (in generation order).
pub fn for_each_move(pos: &mut Position, hist: History, mut f: impl FnMut(Move, &[u16; FEATURES])) {
    let mut legal = MoveList::new();
    pos.legal_moves_into(&mut legal);
    let mut scratch = MoveList::new();
    let before = threatened(pos, &mut scratch);
    let us = pos.turn();
    for &m in legal.iter() {
        let Some(mover) = pos.piece_at(m.from()) else {
            continue;
        };
        let role = mover.role.index();
        let captured = pos.piece_at(m.to()).map_or(0, |p| 1 + p.role.index());
        let undo = pos.do_move(m);
        let check = usize::from(pos.is_check());
        pos.pseudo_captures_into(&mut scratch);
        let hang = usize::from(scratch.iter().any(|c| c.to() == m.to()));
        pos.undo_move(m, undo);
        let is_capture = usize::from(captured > 0);
        let escape = usize::from(before & (1u128 << m.from().index()) != 0);
        let recapture = usize::from(is_capture == 1 && hist.prev.is_some_and(|p| p.to() == m.to()));
        let follow = usize::from(hist.prev2.is_some_and(|p| p.to() == m.from()));
        let back = usize::from(
            hist.prev2
                .is_some_and(|p| p.to() == m.from() && p.from() == m.to()),
        );
        let feats = [
            O_TO + role * 90 + relative(m.to(), us),
            O_FROM + role * 90 + relative(m.from(), us),
            O_CAPT + captured * 7 + role,
            O_CHECK + check,
            O_HANG + role * 4 + hang * 2 + is_capture,
            O_ESCAPE + role * 2 + escape,
            O_RECAP + recapture,
            O_CAPT_HANG + captured * 2 + hang,
            O_FOLLOW + follow,
            O_BACK + back,
        ];
        f(m, &feats.map(|i| i as u16));
    }
}

/// The sum of the weights of `feats` (a missing weight counts 0).
pub fn score(weights: &[i16], feats: &[u16; FEATURES]) -> i32 {
    feats
        .iter()
        .map(|&i| i32::from(weights.get(usize::from(i)).copied().unwrap_or(0)))
        .sum()
}

/// The legal moves of `pos`, best first by `weights`; ties by [`Move::to_u16`].
pub fn ranked_moves(pos: &mut Position, hist: History, weights: &[i16]) -> MoveList {
    let mut scored = [(0i32, 0u16); MAX_MOVES];
    let mut n = 0;
    for_each_move(pos, hist, |m, feats| {
        if let Some(slot) = scored.get_mut(n) {
            *slot = (-score(weights, feats), m.to_u16());
            n += 1;
        }
    });
    let slice = &mut scored[..n];
    slice.sort_unstable();
    let mut out = MoveList::new();
    for &(_, code) in slice.iter() {
        if let Some(m) = Move::from_u16(code) {
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_covers_every_feature() {
        let mut pos = Position::startpos();
        let mut seen = 0;
        for_each_move(&mut pos, History::default(), |_, f| {
            assert!(f.iter().all(|&i| usize::from(i) < WEIGHTS));
            seen += 1;
        });
        assert_eq!(seen, 44);
    }

    #[test]
    fn ranking_is_a_permutation_of_the_legal_moves() {
        let mut pos = Position::startpos();
        let ranked = ranked_moves(&mut pos, History::default(), &[]);
        let legal = pos.legal_moves();
        assert_eq!(ranked.len(), legal.len());
        assert!(legal.iter().all(|m| ranked.contains(*m)));
        // With no weights every score is 0: the order is by move code.
        let codes: Vec<u16> = ranked.iter().map(|m| m.to_u16()).collect();
        assert!(codes.windows(2).all(|w| w[0] < w[1]));
    }
}
