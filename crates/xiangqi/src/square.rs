//! Points of the 9×10 board, named in ICCS coordinates (files `a`–`i` from Red's left, ranks 0–9 from
//! Red's side).

use crate::Color;
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

    /// The square at `file` (0–8) and `rank` (0–9), if both are on the board.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// 0..90.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0 (`a`, Red's left) to 8 (`i`).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0 (Red's back rank) to 9 (Black's back rank).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 9
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
        Square(self.rank() * 9 + 8 - self.file())
    }

    /// Whether the square is on `color`'s side of the river.
    #[inline]
    #[must_use]
    pub const fn on_own_side(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the square is inside `color`'s palace.
    #[inline]
    #[must_use]
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
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
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `h2` (case-insensitive file letter, rank digit 0–9).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f, r] => {
                let f = f.to_ascii_lowercase();
                if (b'a'..=b'i').contains(&f) && r.is_ascii_digit() {
                    Square::from_coords(f - b'a', r - b'0').ok_or(ParseSquareError)
                } else {
                    Err(ParseSquareError)
                }
            }
            _ => Err(ParseSquareError),
        }
    }
}
