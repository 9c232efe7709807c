//! Moves and fixed-capacity move lists.

use crate::Square;
use std::fmt;
use std::str::FromStr;

/// A move from one point to another, packed in two bytes. Displayed in ICCS/UCCI form (`h2e2`).
///
/// A `Move` carries no piece information; whether it is legal depends on the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The source point.
    #[inline]
    #[must_use]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The destination point.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        self.to
    }

    /// Packs into 14 bits: `from * 128 + to`.
    #[inline]
    #[must_use]
    pub const fn to_u16(self) -> u16 {
        (self.from.index() as u16) << 7 | self.to.index() as u16
    }

    /// Inverse of [`Move::to_u16`]; `None` if a square is off the board.
    #[inline]
    #[must_use]
    pub const fn from_u16(v: u16) -> Option<Move> {
        let from = Square::try_new((v >> 7) as usize & 127);
        let to = Square::try_new(v as usize & 127);
        match (from, to) {
            (Some(from), Some(to)) if (v >> 14) == 0 => Some(Move { from, to }),
            _ => None,
        }
    }

    /// The same move seen from the other side of the board.
    #[must_use]
    pub const fn flip(self) -> Move {
        Move::new(self.from.flip(), self.to.flip())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Error for a string that is not a coordinate move such as `h2e2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError(pub String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid coordinate move `{}` (expected e.g. h2e2)",
            self.0
        )
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses UCCI `h2e2` or ICCS `H2-E2` (ranks 0–9, case-insensitive).
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_string());
        let t = s.trim();
        let (a, b) = match t.len() {
            4 => (t.get(0..2), t.get(2..4)),
            5 if t.as_bytes()[2] == b'-' => (t.get(0..2), t.get(3..5)),
            _ => return Err(err()),
        };
        let from: Square = a.ok_or_else(err)?.parse().map_err(|_| err())?;
        let to: Square = b.ok_or_else(err)?.parse().map_err(|_| err())?;
        if from == to {
            return Err(err());
        }
        Ok(Move::new(from, to))
    }
}

/// Capacity of a [`MoveList`]. The most legal moves known in a reachable Xiangqi position is
/// well under 150 (two chariots, two cannons, two horses and five crossed pawns in open play);
/// 192 leaves room for pseudo-legal generation without any bounds failure.
pub const MAX_MOVES: usize = 192;

/// A list of moves on the stack; generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::new(0), Square::new(0)); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Silently ignores moves beyond the capacity (unreachable for legal positions).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes all moves.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` returns true (order preserved).
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut w = 0;
        for r in 0..self.len {
            let m = self.moves[r];
            if keep(m) {
                self.moves[w] = m;
                w += 1;
            }
        }
        self.len = w;
    }

    /// Whether `m` is in the list.
    #[must_use]
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// The moves as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for sorting by the engine).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
