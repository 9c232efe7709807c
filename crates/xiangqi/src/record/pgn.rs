//! Xiangqi PGN (RULES.md §4.1, §4.2).
//!
//! Reading accepts the xqbase dialect (`[Game "Chinese Chess"]`, `[Format "ICCS"|"WXF"|"Chinese"]`,
//! Chinese when absent, `[FEN]` for other start positions, `1. ……` paddings for Black-to-move
//! starts, `{…}` and `(…)` comments, tag names in any case, several games per file) and the
//! pychess / Fairy-Stockfish export (`[Variant "Xiangqi"]`, SAN such as `Cxh10` with ranks 1–10).
//! ASCII moves in a game without a `[Format]` tag are recognised by their shape (ICCS, WXF or SAN).
//!
//! Writing produces UTF-8 xqbase-style PGN in the notation the caller picks.

mod collection;
mod lexer;
mod read;
mod san;
mod write;

use crate::notation::NotationError;
use crate::FenError;
use std::fmt;

pub use collection::{read_collection, Collection, GameFailure, PgnWarning};
pub use read::{parse_pgn, parse_pgn_all};
pub use write::write_pgn;

/// Why a PGN text could not be read, with the line and column (1-based, in characters) where the
/// problem starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

/// The kinds of [`PgnError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The text holds no game.
    NoGame,
    /// A `[` tag without its closing `]` (or closing quote).
    UnterminatedTag,
    /// A tag that is not `[Name "value"]`.
    MalformedTag,
    /// A `{` or `(` comment that is never closed.
    UnterminatedComment,
    /// A `}` or `)` without its opening bracket.
    UnexpectedChar(char),
    /// The `[FEN]` tag is not a valid position.
    InvalidFen(FenError),
    /// A `[Variant]` other than Xiangqi.
    UnsupportedVariant(String),
    /// A move that cannot be read or is not legal.
    Move {
        /// 1-based ply of the move within its game.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it was rejected.
        error: NotationError,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            PgnErrorKind::NoGame => f.write_str("no game found"),
            PgnErrorKind::UnterminatedTag => f.write_str("unterminated tag"),
            PgnErrorKind::MalformedTag => f.write_str("malformed tag (expected [Name \"value\"])"),
            PgnErrorKind::UnterminatedComment => f.write_str("unterminated comment"),
            PgnErrorKind::UnexpectedChar(c) => write!(f, "unexpected '{c}'"),
            PgnErrorKind::InvalidFen(e) => write!(f, "invalid FEN tag: {e}"),
            PgnErrorKind::UnsupportedVariant(v) => write!(f, "unsupported variant '{v}'"),
            PgnErrorKind::Move { ply, text, error } => {
                write!(f, "ply {ply}: move '{text}': {error}")
            }
        }
    }
}

impl std::error::Error for PgnError {}
