//! Files and ranks: the two coordinates of a [`Square`](crate::Square), each its own type so that a
//! file is never passed where a rank is meant.
//!
//! Key decision: both are one-byte newtypes checked on construction (files `a`–`i` are 0–8 from
//! Red's left, ranks 0–9 from Red's side, as ICCS writes them), so they cost what the raw numbers
//! cost; [`File::index`] and [`Rank::index`] give the number back for table look-ups.

use std::fmt;

/// Defines a coordinate type: a one-byte newtype over `0..$len`, with its checked and unchecked
/// constructors, its number back, its offset and its conversions (shared by [`File`] and [`Rank`]).
macro_rules! coordinate {
    ($(#[$doc:meta])* $name:ident, $len:literal, $what:literal, $towards:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u8);

        impl $name {
            #[doc = concat!("All ", $what, "s, number 0 first.")]
            pub const ALL: [$name; $len] = {
                let mut t = [$name(0); $len];
                let mut i = 0;
                while i < $len {
                    t[i] = $name(i as u8);
                    i += 1;
                }
                t
            };

            #[doc = concat!("The ", $what, " numbered `index`.\n\n# Panics\nIf `index >= ", $len, "`.")]
            #[inline]
            #[must_use]
            #[track_caller]
            pub const fn new(index: u8) -> $name {
                assert!(index < $len);
                $name(index)
            }

            #[doc = concat!("The ", $what, " numbered `index`, if it is on the board.")]
            #[inline]
            #[must_use]
            pub const fn try_new(index: u8) -> Option<$name> {
                if index < $len {
                    Some($name(index))
                } else {
                    None
                }
            }

            /// The coordinate numbered `index`, which the caller guarantees to be on the board (a
            /// square's coordinate); no check.
            #[inline]
            pub(crate) const fn from_table(index: u8) -> $name {
                $name(index)
            }

            #[doc = concat!("The ", $what, "'s number, 0 to ", $len, " − 1.")]
            #[inline]
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            #[doc = concat!("The ", $what, " `delta` ", $what, "s ", $towards, ", if on the board.")]
            #[inline]
            #[must_use]
            pub const fn offset(self, delta: i32) -> Option<$name> {
                let i = self.0 as i32 + delta;
                if i >= 0 && i < $len {
                    Some($name(i as u8))
                } else {
                    None
                }
            }
        }

        impl From<$name> for u8 {
            fn from(c: $name) -> u8 {
                c.0
            }
        }

        impl From<$name> for usize {
            fn from(c: $name) -> usize {
                c.index()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.char())
            }
        }
    };
}

coordinate!(
    /// A file (vertical line) of the board, `a` (0, Red's left) to `i` (8).
    File,
    9,
    "file",
    "to the right (towards `i`)"
);

coordinate!(
    /// A rank (horizontal line) of the board, 0 (Red's back rank) to 9 (Black's back rank).
    Rank,
    10,
    "rank",
    "up (towards Black)"
);

impl File {
    /// File `a`, Red's left edge.
    pub const A: File = File(0);
    /// File `e`, the middle file (the kings' file at the start).
    pub const E: File = File(4);
    /// File `i`, Red's right edge.
    pub const I: File = File(8);

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
}

impl Rank {
    /// The rank of an ICCS digit `0`–`9`.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '0'..='9' => Some(Rank(c as u8 - b'0')),
            _ => None,
        }
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
}
