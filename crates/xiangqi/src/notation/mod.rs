//! Move notations (RULES.md §3): ICCS/UCCI coordinates (ranks 0–9), Fairy-Stockfish UCI
//! coordinates (ranks 1–10), WXF (`C2.5`) and Chinese (`炮二平五`).
//!
//! Writers produce one canonical form; parsers accept the variants of RULES.md §3.

mod coords;

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

/// Writes the legal move `m` of `pos` in `notation`, canonical form.
#[must_use]
pub fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => m.to_string(),
        Notation::Uci => coords::to_uci(m),
        // Filled in by the notation module work (wxf.rs, chinese.rs).
        Notation::Wxf | Notation::Chinese => {
            let _ = pos;
            m.to_string()
        }
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
        Notation::Wxf | Notation::Chinese => return Err(NotationError::Unsupported(notation)),
    };
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::Illegal(text.to_string()))
    }
}
