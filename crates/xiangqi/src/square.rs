//! Points of the 9×10 board, named in ICCS coordinates (files `a`–`i` from Red's left, ranks 0–9 from
//! Red's side).

use crate::{Color, File, Rank};
use std::fmt;
use std::str::FromStr;

/// Number of points on the board.
pub const SQUARE_COUNT: usize = 90;

/// A point of the board: `rank * 9 + file`, 0 (`a0`) to 89 (`i9`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Error for a string that is not an ICCS square such as `h2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square (expected a file a-i and a rank 0-9)")
    }
}

impl std::error::Error for ParseSquareError {}

impl Square {
    /// The square with this index.
    ///
    /// # Panics
    /// If `index >= 90`.
    #[inline]
    #[must_use]
    #[track_caller]
    pub const fn new(index: usize) -> Square {
        assert!(index < SQUARE_COUNT);
        Square(index as u8)
    }

    /// The square with this index, which the caller guarantees to be below 90 (an index read
    /// from the crate's own geometry tables); no check, for move generation.
    #[inline]
    pub(crate) const fn from_table(index: usize) -> Square {
        Square(index as u8)
    }

    /// The square with this index, if it is on the board.
    #[inline]
    #[must_use]
    pub const fn try_new(index: usize) -> Option<Square> {
        if index < SQUARE_COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square at `file` and `rank`.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.index() as u8 * 9 + file.index() as u8)
    }

    /// The square `df` files to the right and `dr` ranks up (towards Black), if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        match (self.file().offset(df), self.rank().offset(dr)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// 0..90.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's file, `a` (Red's left) to `i`.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::from_table(self.0 % 9)
    }

    /// The square's rank, 0 (Red's back rank) to 9 (Black's back rank).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::from_table(self.0 / 9)
    }

    /// The same point seen from the other side (rotated 180°).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// Mirrored left to right.
    #[inline]
    #[must_use]
    pub const fn mirror(self) -> Square {
        Square::from_coords(self.file().mirror(), self.rank())
    }

    /// Whether the square is on `color`'s side of the river.
    #[inline]
    #[must_use]
    pub const fn on_own_side(self, color: Color) -> bool {
        match color {
            Color::Red => self.0 / 9 <= 4,
            Color::Black => self.0 / 9 >= 5,
        }
    }

    /// Whether the square is inside `color`'s palace.
    #[inline]
    #[must_use]
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// All squares, `a0` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARE_COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `h2` (case-insensitive file letter, rank digit 0–9).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}
