//! Stable piece identities: every piece gets a number when the game is loaded and keeps it as it
//! moves, so that "the same piece was chased on every move" can be checked (RULES.md §6.7).

use crate::{Move, Position, Square};

/// A set of piece identities (bit `id`).
pub(crate) type IdSet = u64;

/// The identity of the piece on each point (0 = empty point).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ids([u8; 90]);

impl Ids {
    /// Numbers the pieces of `pos` 1, 2, … in square order.
    pub(crate) fn new(pos: &Position) -> Ids {
        let mut ids = [0u8; 90];
        let mut next = 1u8;
        for (sq, _) in pos.pieces() {
            ids[sq.index()] = next;
            next += 1;
        }
        Ids(ids)
    }

    /// The identity of the piece on `sq` (0 if empty).
    pub(crate) fn at(&self, sq: Square) -> u8 {
        self.0[sq.index()]
    }

    /// The identity of the piece on `sq` as a one-element set (empty if the point is empty).
    pub(crate) fn set_of(&self, sq: Square) -> IdSet {
        match self.at(sq) {
            0 => 0,
            id => 1u64 << id,
        }
    }

    /// The identities after `m` is played.
    pub(crate) fn after(&self, m: Move) -> Ids {
        let mut ids = self.0;
        ids[m.to().index()] = ids[m.from().index()];
        ids[m.from().index()] = 0;
        Ids(ids)
    }
}
