//! Files and ranks: the two coordinates of a [`Square`](crate::Square), each its own type so that a
//! file is never passed where a rank is meant.
//!
//! Key decision: both are one-byte newtypes checked on construction (files `a`–`i` are 0–8 from
//! Red's left, ranks 0–9 from Red's side, as ICCS writes them), so they cost what the raw numbers
//! cost; [`File::index`] and [`Rank::index`] give the number back for table look-ups.

use std::fmt;

/// A file (vertical line) of the board, `a` (0, Red's left) to `i` (8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank (horizontal line) of the board, 0 (Red's back rank) to 9 (Black's back rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl File {
    /// File `a`, Red's left edge.
    pub const A: File = File(0);
    /// File `e`, the middle file (the kings' file at the start).
    pub const E: File = File(4);
    /// File `i`, Red's right edge.
    pub const I: File = File(8);
    /// All files, `a` first.
    pub const ALL: [File; 9] = [
        File(0),
        File(1),
        File(2),
        File(3),
        File(4),
        File(5),
        File(6),
        File(7),
        File(8),
    ];

    /// The file numbered `index` (0 = `a`).
    ///
    /// # Panics
    /// If `index >= 9`.
    #[inline]
    #[must_use]
    #[track_caller]
    pub const fn new(index: u8) -> File {
        assert!(index < 9);
        File(index)
    }

    /// The file numbered `index`, which the caller guarantees to be at most 8 (a square's
    /// coordinate); no check.
    #[inline]
    pub(crate) const fn from_table(index: u8) -> File {
        File(index)
    }

    /// The file numbered `index`, if it is on the board.
    #[inline]
    #[must_use]
    pub const fn try_new(index: u8) -> Option<File> {
        if index < 9 {
            Some(File(index))
        } else {
            None
        }
    }

    /// The file of an ICCS letter `a`–`i` (either case).
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='i' => Some(File(c as u8 - b'a')),
            'A'..='I' => Some(File(c as u8 - b'A')),
            _ => None,
        }
    }

    /// 0 (`a`) to 8 (`i`).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The ICCS letter, `a`–`i`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file mirrored left to right (`a` ↔ `i`).
    #[inline]
    #[must_use]
    pub const fn mirror(self) -> File {
        File(8 - self.0)
    }

    /// The file `delta` files to the right (towards `i`), if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<File> {
        let f = self.0 as i32 + delta;
        if f >= 0 && f < 9 {
            Some(File(f as u8))
        } else {
            None
        }
    }
}

impl Rank {
    /// All ranks, 0 (Red's back rank) first.
    pub const ALL: [Rank; 10] = [
        Rank(0),
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
        Rank(7),
        Rank(8),
        Rank(9),
    ];

    /// The rank numbered `index` (0 = Red's back rank).
    ///
    /// # Panics
    /// If `index >= 10`.
    #[inline]
    #[must_use]
    #[track_caller]
    pub const fn new(index: u8) -> Rank {
        assert!(index < 10);
        Rank(index)
    }

    /// The rank numbered `index`, which the caller guarantees to be at most 9 (a square's
    /// coordinate); no check.
    #[inline]
    pub(crate) const fn from_table(index: u8) -> Rank {
        Rank(index)
    }

    /// The rank numbered `index`, if it is on the board.
    #[inline]
    #[must_use]
    pub const fn try_new(index: u8) -> Option<Rank> {
        if index < 10 {
            Some(Rank(index))
        } else {
            None
        }
    }

    /// The rank of an ICCS digit `0`–`9`.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '0'..='9' => Some(Rank(c as u8 - b'0')),
            _ => None,
        }
    }

    /// 0 (Red's back rank) to 9 (Black's back rank).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The ICCS digit, `0`–`9`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }

    /// The same rank seen from the other side (0 ↔ 9).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Rank {
        Rank(9 - self.0)
    }

    /// The rank `delta` ranks up (towards Black), if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<Rank> {
        let r = self.0 as i32 + delta;
        if r >= 0 && r < 10 {
            Some(Rank(r as u8))
        } else {
            None
        }
    }
}

impl From<File> for u8 {
    fn from(f: File) -> u8 {
        f.0
    }
}

impl From<File> for usize {
    fn from(f: File) -> usize {
        f.index()
    }
}

impl From<Rank> for u8 {
    fn from(r: Rank) -> u8 {
        r.0
    }
}

impl From<Rank> for usize {
    fn from(r: Rank) -> usize {
        r.index()
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
