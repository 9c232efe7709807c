//! Piece-square tables (bonus on top of material), from Red's point of view.
//!
//! Key decision: the tables are written as the board looks to Red — the first row is rank 9 (the
//! enemy back rank), the last row rank 0 — so they can be read and edited by eye. Black uses the
//! point rotated by 180° (`89 - index`). Only the pawn and king have separate endgame shapes; the
//! other pieces use half their middlegame table in the endgame.

type Table = [i32; 90];

#[rustfmt::skip]
const KING_MG: Table = [
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0, -40, -35, -40, 0, 0, 0,
    0, 0, 0, -12,  -8, -12, 0, 0, 0,
    0, 0, 0,   2,  10,   2, 0, 0, 0,
];

#[rustfmt::skip]
const KING_EG: Table = [
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0, -15, -10, -15, 0, 0, 0,
    0, 0, 0,  -5,   5,  -5, 0, 0, 0,
    0, 0, 0,   0,  10,   0, 0, 0, 0,
];

#[rustfmt::skip]
const ADVISOR: Table = [
    0, 0, 0,  0,  0,  0, 0, 0, 0,
    0, 0, 0,  0,  0,  0, 0, 0, 0,
    0, 0, 0,  0,  0,  0, 0, 0, 0,
    0, 0, 0,  0,  0,  0, 0, 0, 0,
    0, 0, 0,  0,  0,  0, 0, 0, 0,
    0, 0, 0,  0,  0,  0, 0, 0, 0,
    0, 0, 0,  0,  0,  0, 0, 0, 0,
    0, 0, 0, -5,  0, -5, 0, 0, 0,
    0, 0, 0,  0,  8,  0, 0, 0, 0,
    0, 0, 0,  2,  0,  2, 0, 0, 0,
];

#[rustfmt::skip]
const ELEPHANT: Table = [
      0, 0,  0, 0,  0, 0,  0, 0,   0,
      0, 0,  0, 0,  0, 0,  0, 0,   0,
      0, 0,  0, 0,  0, 0,  0, 0,   0,
      0, 0,  0, 0,  0, 0,  0, 0,   0,
      0, 0,  0, 0,  0, 0,  0, 0,   0,
      0, 0, -4, 0,  0, 0, -4, 0,   0,
      0, 0,  0, 0,  0, 0,  0, 0,   0,
    -10, 0,  0, 0, 10, 0,  0, 0, -10,
      0, 0,  0, 0,  0, 0,  0, 0,   0,
      0, 0,  0, 0,  0, 0,  0, 0,   0,
];

#[rustfmt::skip]
const HORSE: Table = [
      0,  -5,   5,  8,   0,  8,   5,  -5,   0,
      0,  10,  18, 15,   6, 15,  18,  10,   0,
      5,  14,  20, 24,  18, 24,  20,  14,   5,
      5,  16,  20, 24,  24, 24,  20,  16,   5,
      0,  10,  15, 18,  18, 18,  15,  10,   0,
      0,   6,  12, 14,  14, 14,  12,   6,   0,
     -5,   2,   6,  6,  10,  6,   6,   2,  -5,
     -5,   0,   6,  2,   4,  2,   6,   0,  -5,
    -10,  -5,   0,  0, -25,  0,   0,  -5, -10,
    -15, -10,  -5, -5, -15, -5,  -5, -10, -15,
];

#[rustfmt::skip]
const CHARIOT: Table = [
      4,  8,  6, 12, 12, 12,  6,  8,   4,
      6, 10,  8, 14, 18, 14,  8, 10,   6,
      4,  8,  6, 12, 14, 12,  6,  8,   4,
      8, 12, 12, 16, 16, 16, 12, 12,   8,
      6, 10, 10, 14, 14, 14, 10, 10,   6,
      6, 10, 10, 14, 14, 14, 10, 10,   6,
      0,  6,  4, 10, 10, 10,  4,  6,   0,
      0,  6,  4, 10,  4, 10,  4,  6,   0,
     -6,  4,  0,  6,  0,  6,  0,  4,  -6,
    -10,  0, -2,  4,  0,  4, -2,  0, -10,
];

#[rustfmt::skip]
const CANNON: Table = [
    8,  8,  0, -5, -8, -5,  0,  8,  8,
    4,  4,  0, -5, -4, -5,  0,  4,  4,
    4,  4,  0,  0, -4,  0,  0,  4,  4,
    0,  2,  0,  2,  6,  2,  0,  2,  0,
    0,  0,  0,  0,  8,  0,  0,  0,  0,
    0,  2,  0,  2,  8,  2,  0,  2,  0,
    0,  4,  0,  2, 12,  2,  0,  4,  0,
    0,  6,  6,  6, 16,  6,  6,  6,  0,
    0,  0,  2,  4,  4,  4,  2,  0,  0,
    0,  0,  4,  4,  0,  4,  4,  0,  0,
];

#[rustfmt::skip]
const PAWN_MG: Table = [
     0,  0,  0,  0,  0,  0,  0,  0,  0,
    10, 20, 40, 55, 65, 55, 40, 20, 10,
    10, 25, 42, 58, 65, 58, 42, 25, 10,
    10, 20, 32, 42, 48, 42, 32, 20, 10,
     6, 12, 20, 26, 30, 26, 20, 12,  6,
     0,  0,  6,  0, 12,  0,  6,  0,  0,
    -2,  0, -2,  0,  8,  0, -2,  0, -2,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
const PAWN_EG: Table = [
    10, 15, 20, 25, 25, 25, 20, 15, 10,
    35, 45, 55, 65, 70, 65, 55, 45, 35,
    35, 45, 55, 65, 70, 65, 55, 45, 35,
    30, 40, 50, 55, 60, 55, 50, 40, 30,
    25, 30, 40, 45, 50, 45, 40, 30, 25,
     0,  0,  5,  0, 10,  0,  5,  0,  0,
     0,  0,  0,  0,  5,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
];

const fn to_index_order(t: &Table) -> Table {
    let mut out = [0; 90];
    let mut rank = 0;
    while rank < 10 {
        let mut file = 0;
        while file < 9 {
            out[rank * 9 + file] = t[(9 - rank) * 9 + file];
            file += 1;
        }
        rank += 1;
    }
    out
}

const fn halved(t: &Table) -> Table {
    let mut out = [0; 90];
    let mut i = 0;
    while i < 90 {
        out[i] = t[i] / 2;
        i += 1;
    }
    out
}

/// Middlegame tables by role index (King, Advisor, Elephant, Horse, Chariot, Cannon, Pawn),
/// indexed by Red-side square index (the defaults of `Params::pst_mg` and `pst_eg`).
pub(crate) const MG: [Table; 7] = [
    to_index_order(&KING_MG),
    to_index_order(&ADVISOR),
    to_index_order(&ELEPHANT),
    to_index_order(&HORSE),
    to_index_order(&CHARIOT),
    to_index_order(&CANNON),
    to_index_order(&PAWN_MG),
];

/// Endgame tables by role index, like [`MG`].
pub(crate) const EG: [Table; 7] = [
    to_index_order(&KING_EG),
    to_index_order(&ADVISOR),
    to_index_order(&ELEPHANT),
    to_index_order(&halved(&HORSE)),
    to_index_order(&halved(&CHARIOT)),
    to_index_order(&halved(&CANNON)),
    to_index_order(&PAWN_EG),
];
