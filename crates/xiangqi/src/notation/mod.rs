//! Move notations (RULES.md §3): ICCS/UCCI coordinates (ranks 0–9), Fairy-Stockfish UCI
//! coordinates (ranks 1–10), WXF (`C2.5`) and Chinese (`炮二平五`).
//!
//! Writers produce one canonical form; parsers accept the variants of RULES.md §3 and resolve
//! them against the legal moves of the position. See `docs/notation.md`.
//!
//! ```
//! use xiangqi::notation::{parse_any, parse_move, write_move, Notation};
//! use xiangqi::Position;
//! let pos = Position::startpos();
//! let m = parse_move(&pos, "炮二平五", Notation::Chinese)?;
//! assert_eq!(write_move(&pos, m, Notation::Iccs), "h2e2");
//! assert_eq!(write_move(&pos, m, Notation::Wxf), "C2.5");
//! assert_eq!(parse_any(&pos, "c2=5")?, (m, Notation::Wxf));
//! # Ok::<_, xiangqi::notation::NotationError>(())
//! ```

mod auto;
mod chinese;
mod coords;
mod files;
mod resolve;
mod wxf;

pub use auto::parse_any;
pub use chinese::{write_chinese, ChineseDigits};

use crate::{Move, Position};
use std::fmt;
use std::str::FromStr;

/// A move notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// UCCI/ICCS coordinates with ranks 0–9, lower case: `h2e2` (parses `H2-E2` too).
    Iccs,
    /// UCI coordinates with ranks 1–10 (Fairy-Stockfish, pychess): `h3e3`, `h10g8`.
    Uci,
    /// WXF/AXF: `C2.5`, `H8+7`, `R++3`.
    Wxf,
    /// Chinese: `炮二平五`, `马8进7`, `前车进三`.
    Chinese,
}

impl Notation {
    /// All notations.
    pub const ALL: [Notation; 4] = [
        Notation::Iccs,
        Notation::Uci,
        Notation::Wxf,
        Notation::Chinese,
    ];

    /// Lower-case name: `iccs`, `uci`, `wxf`, `chinese`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Uci => "uci",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown notation '{s}' (expected iccs, uci, wxf or chinese)"))
    }
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in the notation at all.
    Syntax(String),
    /// Well-formed, but no legal move matches.
    Illegal(String),
    /// Well-formed, but several legal moves match.
    Ambiguous(String),
    /// The notation is not supported by this build.
    Unsupported(Notation),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax(s) => write!(f, "cannot read move '{s}'"),
            NotationError::Illegal(s) => write!(f, "move '{s}' is not legal here"),
            NotationError::Ambiguous(s) => write!(f, "move '{s}' is ambiguous here"),
            NotationError::Unsupported(n) => write!(f, "notation {n} is not supported"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Writes the legal move `m` of `pos` in `notation`, canonical form: `h2e2`, `h3e3`, `C2.5`,
/// `炮二平五` (Black: `马8进7`; see [`write_chinese`] for full-width digits).
///
/// WXF and Chinese need the moving piece: if no piece of the side to move stands on the source
/// point, the ICCS form is written instead.
#[must_use]
pub fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => m.to_string(),
        Notation::Uci => coords::to_uci(m),
        Notation::Wxf => wxf::write(pos, m).unwrap_or_else(|| m.to_string()),
        Notation::Chinese => write_chinese(pos, m, ChineseDigits::Ascii),
    }
}

/// Reads a move of `pos` written in `notation`; the result is a legal move.
///
/// # Errors
/// [`NotationError`] if the text is malformed, illegal or ambiguous.
pub fn parse_move(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    let m = match notation {
        Notation::Iccs => text
            .parse::<Move>()
            .map_err(|_| NotationError::Syntax(text.to_string()))?,
        Notation::Uci => coords::from_uci(text)?,
        Notation::Wxf => return wxf::parse(pos, text),
        Notation::Chinese => return chinese::parse(pos, text),
    };
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::Illegal(text.to_string()))
    }
}
