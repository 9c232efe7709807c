//! XQStudio binary records (`.xqf`, RULES.md §4.5), main line only.
//!
//! Layout: a 1024-byte header (`XQ`, version byte at 2, key bytes 3 and 8–15, the 32-byte piece
//! table at 0x10, result at 0x33, record type at 0x40, length-prefixed GBK strings from 0x50), then
//! move records from 0x400. A point is the byte `file * 10 + rank` (rank from Red's side).
//!
//! * **v1.0** (version < 11): records of 8 bytes `from+24, to+32, flag, 0, comment length (u32 LE)`
//!   and the comment text; flag `0xF0` = more moves follow.
//! * **v1.1+** (version ≥ 11), as read by xqbase's `xqf2pgn`:
//!   * `piece_key = (54·k13² + 221)·k13 mod 256`, `src_key = (54·k14² + 221)·piece_key mod 256`,
//!     `dst_key = (54·k15² + 221)·src_key mod 256`, `comment_key = (256·k12 + k13) mod 32000 + 767`,
//!     where `kN` is header byte `N`;
//!   * keystream byte `i` (0–31) = `(h[8 + i%4] | (h[12 + i%4] & h[3])) & MASK[i]`, with `MASK` the
//!     ASCII text `[(C) Copyright Mr. Dong Shiwei.]`; every byte from 0x400 on is read minus the next
//!     keystream byte (cycling through 32);
//!   * piece table entry = stored byte − `piece_key`; from v1.2 on the entry stored at index `i`
//!     belongs to slot `(piece_key + 1 + i) mod 32`;
//!   * a record is 4 bytes `from+24+src_key, to+32+dst_key, flag, _`; flag `0x20` = a comment length
//!     follows (u32 LE, minus `comment_key`), `0x80` = another move follows.
//!
//! The first record is a dummy "move 0" carrying the comment before the first move. Record types
//! 0 and 1 (full game, opening) start from the standard position, 2 and 3 from the piece table.
//! The side to move is the colour of the first moved piece. Variations, stored after the main
//! line, are ignored.

use crate::fen::write_placement;
use crate::record::{Game, Tags};
use crate::{Color, FenError, File, GameResult, Move, Piece, Position, Rank, Square};
use std::fmt;

/// Why an XQF file could not be read, with the byte offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XqfError {
    /// Byte offset into the file.
    pub offset: usize,
    /// What went wrong.
    pub kind: XqfErrorKind,
}

/// The kinds of [`XqfError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfErrorKind {
    /// The file does not start with `XQ`.
    NotXqf,
    /// The file ends inside the header or inside a move record or comment.
    Truncated,
    /// Two pieces of the piece table stand on one point.
    PieceCollision,
    /// The start position is not legal.
    InvalidPosition(FenError),
    /// Move `ply` (1-based) has a point off the board.
    BadSquare {
        /// 1-based ply.
        ply: usize,
    },
    /// Move `ply` (1-based) is not legal.
    IllegalMove {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
    },
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: ", self.offset)?;
        match &self.kind {
            XqfErrorKind::NotXqf => f.write_str("not an XQF file (no 'XQ' signature)"),
            XqfErrorKind::Truncated => f.write_str("file ends unexpectedly"),
            XqfErrorKind::PieceCollision => f.write_str("two pieces on one point"),
            XqfErrorKind::InvalidPosition(e) => write!(f, "invalid start position: {e}"),
            XqfErrorKind::BadSquare { ply } => write!(f, "ply {ply}: point off the board"),
            XqfErrorKind::IllegalMove { ply, mv } => write!(f, "ply {ply}: illegal move {mv}"),
        }
    }
}

impl std::error::Error for XqfError {}

/// Size of the header; move records start here.
const HEADER_LEN: usize = 0x400;

/// The keystream mask.
const MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Header strings: offset, longest text, tag name.
const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 63, "Title"),
    (0xD0, 63, "Event"),
    (0x110, 15, "Date"),
    (0x120, 15, "Site"),
    (0x130, 15, "Red"),
    (0x140, 15, "Black"),
    (0x150, 63, "TimeRule"),
    (0x190, 15, "RedTime"),
    (0x1A0, 15, "BlackTime"),
    (0x1D0, 15, "Annotator"),
    (0x1E0, 15, "Author"),
];

/// The offsets and keystream of one file (all zero before v1.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Keys {
    piece: u8,
    src: u8,
    dst: u8,
    comment: u32,
    stream: [u8; 32],
}

/// `(54·x² + 221)·y mod 256`.
fn scramble(x: u8, y: u8) -> u8 {
    let x = u32::from(x);
    ((54 * x * x + 221).wrapping_mul(u32::from(y)) & 0xFF) as u8
}

impl Keys {
    fn from_header(h: &[u8; 16]) -> Keys {
        let piece = scramble(h[13], h[13]);
        let src = scramble(h[14], piece);
        let dst = scramble(h[15], src);
        let comment = (u32::from(h[12]) * 256 + u32::from(h[13])) % 32000 + 767;
        let key: [u8; 4] = std::array::from_fn(|i| h[8 + i] | (h[12 + i] & h[3]));
        let stream = std::array::from_fn(|i| key[i % 4] & MASK[i]);
        Keys {
            piece,
            src,
            dst,
            comment,
            stream,
        }
    }
}

/// Reads the move area, subtracting the keystream.
struct Body<'a> {
    data: &'a [u8],
    at: usize,
    keys: Keys,
    index: usize,
}

impl Body<'_> {
    fn read(&mut self, n: usize) -> Option<Vec<u8>> {
        let end = self.at.checked_add(n)?;
        let raw = self.data.get(self.at..end)?;
        let out = raw
            .iter()
            .map(|&b| {
                let k = self.keys.stream[self.index];
                self.index = (self.index + 1) % 32;
                b.wrapping_sub(k)
            })
            .collect();
        self.at = end;
        Some(out)
    }

    fn read_u32(&mut self) -> Option<u32> {
        let b = self.read(4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

/// A point byte `file * 10 + rank`, if on the board.
fn xqf_square(v: u8) -> Option<Square> {
    match (File::try_new(v / 10), Rank::try_new(v % 10)) {
        (Some(f), Some(r)) if v < 90 => Some(Square::from_coords(f, r)),
        _ => None,
    }
}

/// Reads an XQF file. `decode` turns the (normally GBK) header strings and comments into text,
/// e.g. with `encoding_rs::GB18030`.
///
/// # Errors
/// [`XqfError`] with the byte offset of the problem.
pub fn read_xqf(bytes: &[u8], decode: &dyn Fn(&[u8]) -> String) -> Result<Game, XqfError> {
    let err = |offset: usize, kind: XqfErrorKind| XqfError { offset, kind };
    if !bytes.starts_with(b"XQ") {
        return Err(err(0, XqfErrorKind::NotXqf));
    }
    let Some(header) = bytes.get(..HEADER_LEN) else {
        return Err(err(bytes.len(), XqfErrorKind::Truncated));
    };
    let version = header[2];
    let mut key_bytes = [0u8; 16];
    key_bytes.copy_from_slice(&header[..16]);
    let keys = if version < 11 {
        Keys::default()
    } else {
        Keys::from_header(&key_bytes)
    };

    // Piece table.
    let mut slots = [0xFFu8; 32];
    for (i, &b) in header[0x10..0x30].iter().enumerate() {
        let slot = if version >= 12 {
            (usize::from(keys.piece) + 1 + i) % 32
        } else {
            i
        };
        slots[slot] = b.wrapping_sub(keys.piece);
    }
    let mut board = [None::<Piece>; 90];
    if header[0x40] < 2 {
        for (sq, p) in Position::startpos().pieces() {
            board[sq.index()] = Some(p);
        }
    } else {
        for (slot, &v) in slots.iter().enumerate() {
            if let Some(sq) = xqf_square(v) {
                let color = if slot < 16 { Color::Red } else { Color::Black };
                let piece = Piece::new(color, super::SLOT_ROLES[slot % 16]);
                if board[sq.index()].replace(piece).is_some() {
                    return Err(err(0x10, XqfErrorKind::PieceCollision));
                }
            }
        }
    }

    // Move records.
    let mut body = Body {
        data: bytes,
        at: HEADER_LEN,
        keys,
        index: 0,
    };
    let mut moves: Vec<(Move, usize)> = Vec::new();
    let mut comments: Vec<(usize, String)> = Vec::new();
    let mut record = 0usize;
    while body.at < bytes.len() {
        let offset = body.at;
        let truncated = || err(offset, XqfErrorKind::Truncated);
        let rec = body.read(4).ok_or_else(truncated)?;
        let (has_next, comment_len) = if version < 11 {
            let len = body.read_u32().ok_or_else(truncated)?;
            (rec[2] & 0xF0 != 0, i64::from(len as i32))
        } else if rec[2] & 0x20 != 0 {
            let len = body.read_u32().ok_or_else(truncated)?;
            (
                rec[2] & 0x80 != 0,
                i64::from(len as i32) - i64::from(keys.comment),
            )
        } else {
            (rec[2] & 0x80 != 0, 0)
        };
        if record > 0 {
            let from = xqf_square(rec[0].wrapping_sub(24).wrapping_sub(keys.src));
            let to = xqf_square(rec[1].wrapping_sub(32).wrapping_sub(keys.dst));
            match (from, to) {
                (Some(from), Some(to)) if from != to => moves.push((Move::new(from, to), offset)),
                _ => return Err(err(offset, XqfErrorKind::BadSquare { ply: record })),
            }
        }
        if comment_len > 0 {
            let len = usize::try_from(comment_len).map_err(|_| truncated())?;
            let text = body.read(len).ok_or_else(truncated)?;
            let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
            comments.push((record, decode(&text[..end])));
        }
        record += 1;
        if !has_next {
            break;
        }
    }

    // Start position: the side to move is the colour of the first moved piece.
    let black_first = moves
        .first()
        .and_then(|(m, _)| board[m.from().index()])
        .is_some_and(|p| p.color == Color::Black);
    let fen = format!(
        "{} {}",
        write_placement(|sq| board[sq.index()]),
        if black_first { 'b' } else { 'w' }
    );
    let start =
        Position::from_fen(&fen).map_err(|e| err(0x10, XqfErrorKind::InvalidPosition(e)))?;
    let mut game = Game::new(start.clone());
    let mut pos = start;
    for (i, &(m, offset)) in moves.iter().enumerate() {
        if pos.play_mut(m).is_err() {
            return Err(err(offset, XqfErrorKind::IllegalMove { ply: i + 1, mv: m }));
        }
        game.moves.push(m);
    }
    for (ply, text) in comments {
        game.add_comment(ply, &text);
    }

    game.result = match header[0x33] {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 => GameResult::Draw,
        _ => GameResult::Unfinished,
    };
    let mut tags = Tags::new();
    for (offset, max, name) in STRINGS {
        let len = usize::from(header[offset]).min(max);
        let raw = &header[offset + 1..offset + 1 + len];
        let end = raw.iter().position(|&b| b == 0).unwrap_or(raw.len());
        let text = decode(&raw[..end]);
        let text = text.trim();
        if !text.is_empty() {
            tags.set(name, text);
        }
    }
    game.tags = tags;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_derivation_by_hand() {
        // Header bytes: mask h[3] = 0xFF, KeyOr h[8..12] = 0, h[12..16] = 1, 2, 3, 4.
        let mut h = [0u8; 16];
        h[3] = 0xFF;
        h[12..16].copy_from_slice(&[1, 2, 3, 4]);
        let k = Keys::from_header(&h);
        // piece = (54·4 + 221)·2 = 437·2 = 874 = 0x36A -> 0x6A.
        assert_eq!(k.piece, 0x6A);
        // src = (54·9 + 221)·0x6A = 707·106 = 74942 = 0x124BE -> 0xBE.
        assert_eq!(k.src, 0xBE);
        // dst = (54·16 + 221)·0xBE = 1085·190 = 206150 = 0x32546 -> 0x46.
        assert_eq!(k.dst, 0x46);
        // comment = (1·256 + 2) mod 32000 + 767 = 1025.
        assert_eq!(k.comment, 1025);
        // key = [1, 2, 3, 4]; stream[0] = 1 & '[' (0x5B) = 1, stream[1] = 2 & '(' (0x28) = 0,
        // stream[2] = 3 & 'C' (0x43) = 3, stream[3] = 4 & ')' (0x29) = 0.
        assert_eq!(&k.stream[..4], &[1, 0, 3, 0]);
    }

    #[test]
    fn rejects_non_xqf_and_short_files() {
        let latin1 = |b: &[u8]| b.iter().map(|&c| char::from(c)).collect::<String>();
        assert_eq!(
            read_xqf(b"PK\x03\x04", &latin1).map_err(|e| e.kind),
            Err(XqfErrorKind::NotXqf)
        );
        assert_eq!(
            read_xqf(b"XQ\x0a", &latin1).map_err(|e| (e.offset, e.kind)),
            Err((3, XqfErrorKind::Truncated))
        );
    }
}
