//! The canonical form of a puzzle, for ids and de-duplication.
//!
//! Key decision: a puzzle and its mirror image (files a↔i), and the same puzzle with the colours
//! swapped (the board turned, Black solving instead of Red), are one puzzle. The canonical form
//! turns the board so that the solver is Red, then keeps the lexicographically smaller of the
//! board and its mirror; the line is mapped the same way. Near-identical puzzles (ianfab's
//! `deduplicate.py`: the same solution and nearly the same board) are those whose canonical
//! first move is the same and whose canonical boards differ on at most [`NEAR_SQUARES`] points.

use super::PuzzleId;
use xiangqi::{Color, Move, Position, Square};

/// Boards differing on at most this many points, with the same first move, are near-identical.
pub const NEAR_SQUARES: usize = 3;

/// A puzzle in canonical orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The board part of the FEN, solver as Red, mirrored to the smaller of the two.
    pub board: String,
    /// The line in the same orientation.
    pub line: Vec<Move>,
}

/// A board FEN mirrored left to right (each rank's text reversed: runs of empty points are
/// single digits, so reversing the characters mirrors the rank).
fn mirror_board(board: &str) -> String {
    board
        .split('/')
        .map(|rank| rank.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The canonical form of the puzzle at `pos` (solver on move) with `line`.
#[must_use]
pub fn canonical(pos: &Position, line: &[Move]) -> Canonical {
    let (pos, line): (Position, Vec<Move>) = if pos.turn() == Color::Black {
        (pos.flipped(), line.iter().map(|m| m.flip()).collect())
    } else {
        (pos.clone(), line.to_vec())
    };
    let board = pos.board_fen();
    let mirrored = mirror_board(&board);
    if mirrored < board {
        let mirror = |s: Square| s.mirror();
        Canonical {
            board: mirrored,
            line: line
                .iter()
                .map(|m| Move::new(mirror(m.from()), mirror(m.to())))
                .collect(),
        }
    } else {
        Canonical { board, line }
    }
}

/// FNV-1a, 64 bits: stable across builds and platforms (unlike `std`'s hasher).
fn fnv(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The de-duplication key: equal for a puzzle, its mirror and its colour swap.
#[must_use]
pub fn dedupe_key(c: &Canonical) -> u64 {
    fnv(&c.board)
}

/// The id of a puzzle: 10 base-36 characters of the canonical board and first move.
#[must_use]
pub fn puzzle_id(c: &Canonical) -> PuzzleId {
    let first = c.line.first().map(ToString::to_string).unwrap_or_default();
    let mut h = fnv(&format!("{} {first}", c.board));
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut s = String::with_capacity(10);
    for _ in 0..10 {
        let d = usize::try_from(h % 36).unwrap_or(0);
        s.push(char::from(digits[d]));
        h /= 36;
    }
    PuzzleId(s)
}

/// The 90 points of a board FEN, expanded (`.` empty); `None` if it is not 10 ranks of 9.
fn expand(board: &str) -> Option<Vec<char>> {
    let mut out = Vec::with_capacity(90);
    for rank in board.split('/') {
        let start = out.len();
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => out.extend(std::iter::repeat_n('.', usize::try_from(n).ok()?)),
                None => out.push(c),
            }
        }
        if out.len() - start != 9 {
            return None;
        }
    }
    (out.len() == 90).then_some(out)
}

/// Whether two canonical puzzles are near-identical: the same first move and boards differing
/// on at most [`NEAR_SQUARES`] points.
#[must_use]
pub fn near_identical(a: &Canonical, b: &Canonical) -> bool {
    if a.line.first() != b.line.first() {
        return false;
    }
    match (expand(&a.board), expand(&b.board)) {
        (Some(x), Some(y)) => x.iter().zip(&y).filter(|(p, q)| p != q).count() <= NEAR_SQUARES,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("fen")
    }

    fn mv(s: &str) -> Move {
        s.parse().expect("move")
    }

    #[test]
    fn mirror_and_colour_swap_are_the_same_puzzle() {
        let p = pos("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
        let line = [mv("b0b9")];
        let c = canonical(&p, &line);
        // Mirrored: chariots on i8 and h0, king f0; the move h0h9.
        let m = pos("4k4/8R/9/9/9/9/9/9/9/5K1R1 w - - 0 1");
        let cm = canonical(&m, &[mv("h0h9")]);
        assert_eq!(c, cm);
        // Colours swapped: the board turned, Black to move.
        let f = p.flipped();
        let cf = canonical(&f, &[mv("b0b9").flip()]);
        assert_eq!(c, cf);
        assert_eq!(dedupe_key(&c), dedupe_key(&cf));
        assert_eq!(puzzle_id(&c), puzzle_id(&cm));
        assert_eq!(puzzle_id(&c).0.len(), 10);
    }

    #[test]
    fn near_identical_boards_with_the_same_move_are_found() {
        let a = canonical(&pos("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"), &[mv("b0b9")]);
        // A pawn added far away.
        let b = canonical(&pos("4k4/R8/9/9/9/9/P8/9/9/1R1K5 w - - 0 1"), &[mv("b0b9")]);
        assert!(near_identical(&a, &b));
        assert_ne!(dedupe_key(&a), dedupe_key(&b));
        let c = canonical(&pos("4k4/R8/9/9/9/9/P8/9/9/1R1K5 w - - 0 1"), &[mv("a8a9")]);
        assert!(!near_identical(&a, &c));
        assert_eq!(expand("bad"), None);
    }
}
