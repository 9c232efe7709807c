//! Bit-rank and bit-file geometry: chariot and cannon moves along one line, looked up from the
//! line's occupancy (as ElephantEye does).
//!
//! Key decision: a [`Position`](crate::Position) keeps, per colour, one 9-bit mask per rank (bit
//! = file) and one 10-bit mask per file (bit = rank), updated move by move. A table indexed by the
//! piece's point on the line and the line's occupancy then gives, in one load, the empty points a
//! slider reaches and the first and second occupied points in both directions — chariot captures,
//! cannon screens and cannon captures — for move generation, king-attack tests and the engine's
//! mobility terms.

pub use crate::bitboard::SQUARE_BIT;
use crate::{Bitboard, File, Rank};

/// What a chariot or cannon sees along one line (a rank or a file), as bit masks over the line's
/// points (bit `i` = file `i` of a rank, or rank `i` of a file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineMoves {
    /// The empty points reached in both directions before the first occupied point.
    pub quiet: u16,
    /// The first occupied point in each direction (at most two bits).
    pub first: u16,
    /// The second occupied point in each direction (at most two bits): a cannon's targets.
    pub second: u16,
}

impl LineMoves {
    const EMPTY: LineMoves = LineMoves {
        quiet: 0,
        first: 0,
        second: 0,
    };
}

/// The entry for a piece on point `i` of a line of `len` points with occupancy `occ` (bit `i`
/// itself is ignored).
const fn entry(len: usize, i: usize, occ: usize) -> LineMoves {
    let mut e = LineMoves::EMPTY;
    let mut side = 0;
    while side < 2 {
        let mut seen = 0;
        let mut j = i as i32;
        loop {
            j += if side == 0 { 1 } else { -1 };
            if j < 0 || j >= len as i32 {
                break;
            }
            let bit = 1u16 << j;
            if occ & (1 << j) == 0 {
                if seen == 0 {
                    e.quiet |= bit;
                }
            } else {
                seen += 1;
                if seen == 1 {
                    e.first |= bit;
                } else {
                    e.second |= bit;
                    break;
                }
            }
        }
        side += 1;
    }
    e
}

/// `RANK_MOVES[file][rank occupancy]`.
static RANK_MOVES: [[LineMoves; 512]; 9] = {
    let mut t = [[LineMoves::EMPTY; 512]; 9];
    let mut i = 0;
    while i < 9 {
        let mut occ = 0;
        while occ < 512 {
            t[i][occ] = entry(9, i, occ);
            occ += 1;
        }
        i += 1;
    }
    t
};

/// `FILE_MOVES[rank][file occupancy]`.
static FILE_MOVES: [[LineMoves; 1024]; 10] = {
    let mut t = [[LineMoves::EMPTY; 1024]; 10];
    let mut i = 0;
    while i < 10 {
        let mut occ = 0;
        while occ < 1024 {
            t[i][occ] = entry(10, i, occ);
            occ += 1;
        }
        i += 1;
    }
    t
};

/// File number (0–8) of each square index, for the crate's own bit arithmetic.
pub(crate) static FILE_NUM: [u8; 90] = {
    let mut t = [0u8; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = (s % 9) as u8;
        s += 1;
    }
    t
};

/// Rank number (0–9) of each square index, for the crate's own bit arithmetic.
pub(crate) static RANK_NUM: [u8; 90] = {
    let mut t = [0u8; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = (s / 9) as u8;
        s += 1;
    }
    t
};

/// File of each square index (a table load instead of a division).
pub static FILE_OF: [File; 90] = {
    let mut t = [File::A; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = File::from_table((s % 9) as u8);
        s += 1;
    }
    t
};

/// Rank of each square index (a table load instead of a division).
pub static RANK_OF: [Rank; 90] = {
    let mut t = [Rank::ALL[0]; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = Rank::from_table((s / 9) as u8);
        s += 1;
    }
    t
};

/// Moves along the rank of a piece on `file`, the rank's occupancy (both colours) being `occ`
/// (9 bits, bit = file).
#[inline]
#[must_use]
pub fn rank_moves(file: File, occ: u16) -> LineMoves {
    rank_line(file.index(), occ)
}

/// [`rank_moves`] by file number, for the crate's own bit arithmetic.
#[inline]
pub(crate) fn rank_line(file: usize, occ: u16) -> LineMoves {
    RANK_MOVES[file][usize::from(occ) & 511]
}

/// Moves along the file of a piece on `rank`, the file's occupancy (both colours) being `occ`
/// (10 bits, bit = rank).
#[inline]
#[must_use]
pub fn file_moves(rank: Rank, occ: u16) -> LineMoves {
    file_line(rank.index(), occ)
}

/// [`file_moves`] by rank number, for the crate's own bit arithmetic.
#[inline]
pub(crate) fn file_line(rank: usize, occ: u16) -> LineMoves {
    FILE_MOVES[rank][usize::from(occ) & 1023]
}

/// The points of file `file` whose ranks are the bits of `ranks`.
#[inline]
#[must_use]
pub fn file_points(file: File, mut ranks: u16) -> Bitboard {
    let mut set = 0;
    while ranks != 0 {
        set |= SQUARE_BIT[ranks.trailing_zeros() as usize * 9 + file.index()];
        ranks &= ranks - 1;
    }
    Bitboard(set)
}

/// The points of rank `rank` whose files are the bits of `files`.
#[inline]
#[must_use]
pub fn rank_points(rank: Rank, mut files: u16) -> Bitboard {
    let mut set = 0;
    while files != 0 {
        set |= SQUARE_BIT[rank.index() * 9 + files.trailing_zeros() as usize];
        files &= files - 1;
    }
    Bitboard(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_stop_at_the_first_and_second_blockers() {
        // A chariot on file e (4) of an otherwise empty rank reaches the eight other points.
        assert_eq!(rank_moves(File::E, 1 << 4).quiet, 0b1_1110_1111);
        // Pieces on files b (1), c (2) and h (7): quiet d, f, g; first c and h; second b.
        let e = rank_moves(File::E, 0b1000_0110);
        assert_eq!(e.quiet, 0b0110_1000);
        assert_eq!(e.first, 0b1000_0100);
        assert_eq!(e.second, 0b0000_0010);
        // On a file of ten points, from rank 0 with pieces on ranks 3, 5 and 9.
        let e = file_moves(Rank::new(0), (1 << 3) | (1 << 5) | (1 << 9));
        assert_eq!(e.quiet, 0b110);
        assert_eq!(e.first, 1 << 3);
        assert_eq!(e.second, 1 << 5);
    }
}
