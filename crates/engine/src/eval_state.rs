//! Incrementally updated part of the evaluation: material plus piece-square sums, piece counts
//! and one 90-bit set per colour and role.
//!
//! Key decision: the rules crate's `Position` stays a plain mailbox; the searcher keeps this side
//! structure in step with it (`apply` after `do_move`, `revert` after `undo_move`), so the
//! evaluation never decodes the board piece by piece. Built from scratch (`new`) it uses any
//! weights — the tuner's path — while the incremental updates use the engine's default weights
//! from a table computed at compile time; both give the same sums for the default weights.

use crate::params::Params;
use xiangqi::lines::SQUARE_BIT;
use xiangqi::{Color, Position, Role, Square};

/// Material + piece-square value `(mg, eg)` of a piece of role index `r` for `color` on `s`.
const fn psq(p: &Params, color: usize, r: usize, s: usize) -> (i32, i32) {
    let rel = if color == 0 { s } else { 89 - s };
    (
        p.material_mg[r] + p.pst_mg[r][rel],
        p.material_eg[r] + p.pst_eg[r][rel],
    )
}

/// Piece code (see [`Piece::code`]; 0 = empty) of `role` for `color`.
#[inline]
const fn code(color: usize, role: usize) -> usize {
    1 + color * 7 + role
}

/// `PSQ[piece code][square]` for [`Params::DEFAULT`]; row 0 (no piece) is all zeros, so that a
/// move without capture needs no branch.
static PSQ: [[(i32, i32); 90]; 16] = {
    let mut t = [[(0, 0); 90]; 16];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 7 {
            let mut s = 0;
            while s < 90 {
                t[code(c, r)][s] = psq(&Params::DEFAULT, c, r, s);
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    t
};

/// Per piece code, a random number; a position's material key is the sum over its pieces, so it
/// identifies the piece counts (code 0, the scratch entry, adds nothing).
static MATERIAL_KEYS: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut c = 1;
    while c < 16 {
        // splitmix64
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        t[c] = z ^ (z >> 31);
        c += 1;
    }
    t
};

/// Colour index of each piece code (0 for code 0, whose row of [`PSQ`] is zero anyway).
const COLOR_OF_CODE: [usize; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0];

/// Material, piece-square sums and piece sets of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EvalState {
    /// Sum of material + piece-square values per colour, `(mg, eg)`.
    pub psq: [[i32; 2]; 2],
    /// Pieces per piece code (entry 0 is scratch, written by moves without capture).
    counts: [i32; 16],
    /// Squares per piece code (entry 0 is scratch).
    sets: [u128; 16],
    /// Sum of [`MATERIAL_KEYS`] over the pieces: a hash of the piece counts.
    material_key: u64,
}

impl EvalState {
    /// The state of `pos` with the weights `p`.
    pub fn new(pos: &Position, p: &Params) -> EvalState {
        let mut st = EvalState {
            psq: [[0; 2]; 2],
            counts: [0; 16],
            sets: [0; 16],
            material_key: 0,
        };
        for (sq, piece) in pos.pieces() {
            let (c, r, s) = (piece.color.index(), piece.role.index(), sq.index());
            let (mg, eg) = psq(p, c, r, s);
            st.psq[c][0] += mg;
            st.psq[c][1] += eg;
            st.counts[code(c, r)] += 1;
            st.sets[code(c, r)] |= 1u128 << s;
            st.material_key = st.material_key.wrapping_add(MATERIAL_KEYS[code(c, r)]);
        }
        st
    }

    /// Updates the state for the piece of code `mover` having moved `from` → `to`, capturing
    /// the piece of code `captured` (0: none), with the default weights.
    #[inline]
    pub fn apply(&mut self, mover: u8, from: Square, to: Square, captured: u8) {
        let (m, x) = (usize::from(mover & 15), usize::from(captured & 15));
        let c = COLOR_OF_CODE[m];
        let (f, t) = (from.index(), to.index());
        let (a, b) = (PSQ[m][f], PSQ[m][t]);
        self.psq[c][0] += b.0 - a.0;
        self.psq[c][1] += b.1 - a.1;
        self.sets[m] ^= SQUARE_BIT[f] | SQUARE_BIT[t];
        let xc = COLOR_OF_CODE[x];
        let v = PSQ[x][t];
        self.psq[xc][0] -= v.0;
        self.psq[xc][1] -= v.1;
        self.counts[x] -= 1;
        self.sets[x] ^= SQUARE_BIT[t];
        self.material_key = self.material_key.wrapping_sub(MATERIAL_KEYS[x]);
    }

    /// Undoes [`EvalState::apply`] with the same arguments.
    #[inline]
    pub fn revert(&mut self, mover: u8, from: Square, to: Square, captured: u8) {
        let (m, x) = (usize::from(mover & 15), usize::from(captured & 15));
        let c = COLOR_OF_CODE[m];
        let (f, t) = (from.index(), to.index());
        let (a, b) = (PSQ[m][f], PSQ[m][t]);
        self.psq[c][0] -= b.0 - a.0;
        self.psq[c][1] -= b.1 - a.1;
        self.sets[m] ^= SQUARE_BIT[f] | SQUARE_BIT[t];
        let xc = COLOR_OF_CODE[x];
        let v = PSQ[x][t];
        self.psq[xc][0] += v.0;
        self.psq[xc][1] += v.1;
        self.counts[x] += 1;
        self.sets[x] ^= SQUARE_BIT[t];
        self.material_key = self.material_key.wrapping_add(MATERIAL_KEYS[x]);
    }

    /// Pieces of `color` and `role`.
    #[inline]
    pub fn set(&self, color: Color, role: Role) -> u128 {
        self.sets[code(color.index(), role.index())]
    }

    /// Number of pieces of `color` and `role`.
    #[inline]
    pub fn count(&self, color: Color, role: Role) -> i32 {
        self.counts[code(color.index(), role.index())]
    }

    /// A hash of the piece counts of both sides.
    #[inline]
    pub fn material_key(&self) -> u64 {
        self.material_key
    }

    /// Number of pieces of colour index `c` and role `role`.
    #[inline]
    pub fn count_of(&self, c: usize, role: Role) -> i32 {
        self.counts[code(c, role.index())]
    }

    /// Whether two states describe the same position (the scratch entries 0 aside).
    #[cfg(test)]
    fn same(&self, other: &EvalState) -> bool {
        self.psq == other.psq
            && self.material_key == other.material_key
            && self.counts[1..15] == other.counts[1..15]
            && self.sets[1..15] == other.sets[1..15]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{MoveList, Piece};

    #[test]
    fn incremental_updates_match_a_fresh_state_along_a_game() {
        let mut pos = Position::startpos();
        let mut st = EvalState::new(&pos, &Params::DEFAULT);
        let mut list = MoveList::new();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..300 {
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Prefer captures so that the game thins out.
            let caps: Vec<_> = list
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect();
            let m = if caps.is_empty() || seed.is_multiple_of(2) {
                list[(seed >> 8) as usize % list.len()]
            } else {
                caps[(seed >> 8) as usize % caps.len()]
            };
            let before = st.clone();
            let undo = pos.do_move(m);
            let mover = pos.piece_at(m.to()).expect("moved piece").code();
            let captured = undo.captured().map_or(0, Piece::code);
            st.apply(mover, m.from(), m.to(), captured);
            assert!(
                st.same(&EvalState::new(&pos, &Params::DEFAULT)),
                "after {m}"
            );
            // Revert and re-apply to check the inverse.
            st.revert(mover, m.from(), m.to(), captured);
            assert!(st.same(&before));
            st.apply(mover, m.from(), m.to(), captured);
        }
    }
}
