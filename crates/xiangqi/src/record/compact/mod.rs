//! Compact storage of a game's moves and clock readings, for databases that hold many games.
//!
//! * Moves ([`encode_moves`], [`decode_moves`]): each move is its rank among the legal moves of
//!   its position under a fixed static ordering ([`order`]: trained feature weights, no search),
//!   and the ranks are Huffman-coded with a fixed code trained on engine games, as lichess stores
//!   chess games. Exact: the moves come back as they were. Any start position works: the ranks
//!   are among the legal moves of the given start.
//! * Clock readings ([`encode_clocks`], [`decode_clocks`]): milliseconds kept to 10 ms
//!   (truncated), each coded as the difference from a prediction from the same side's earlier
//!   readings ([`clocks`] says exactly what is kept).
//!
//! Both begin with a format byte; a new training of the tables must come with a new format byte
//! and keep the old tables, so that stored games stay readable. Decoding never panics: bytes that
//! are not an encoding give a [`CompactError`].
//!
//! ```
//! use xiangqi::record::compact::{decode_moves, encode_moves};
//! use xiangqi::{Move, Position};
//! let start = Position::startpos();
//! let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2", "i9h9"].iter().map(|m| m.parse().unwrap()).collect();
//! let bytes = encode_moves(&start, &moves)?;
//! assert!(bytes.len() <= 4);
//! assert_eq!(decode_moves(&start, &bytes)?, moves);
//! # Ok::<_, xiangqi::record::compact::CompactError>(())
//! ```

mod bits;
pub mod clocks;
mod format1;
mod huffman;
mod moves;
pub mod order;
mod tables;
pub mod train;

pub use clocks::{decode_clocks, encode_clocks, kept_clocks, CLOCKS_FORMAT};
pub use huffman::code_lengths;
pub use moves::{decode_moves, encode_moves, MOVES_FORMAT};

use std::fmt;

/// Why bytes could not be decoded, or a game encoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompactError {
    /// The bytes end early.
    Truncated,
    /// The bytes are not a valid encoding.
    Corrupt,
    /// The format byte is not one this version reads.
    UnknownFormat(u8),
    /// The move at `ply` (0-based) is not legal where it is played.
    IllegalMove {
        /// Its ply.
        ply: usize,
    },
}

impl fmt::Display for CompactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompactError::Truncated => write!(f, "compact record: truncated"),
            CompactError::Corrupt => write!(f, "compact record: corrupt"),
            CompactError::UnknownFormat(b) => write!(f, "compact record: unknown format {b}"),
            CompactError::IllegalMove { ply } => {
                write!(f, "compact record: illegal move at ply {ply}")
            }
        }
    }
}

impl std::error::Error for CompactError {}
