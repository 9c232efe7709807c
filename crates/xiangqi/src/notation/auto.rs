//! Reading a move typed in any supported notation (terminal game, CLI).

use super::{parse_move, Notation, NotationError};
use crate::{Move, Position};

/// How informative an error is: a text that some notation understood beats a syntax error.
fn weight(e: &NotationError) -> u8 {
    match e {
        NotationError::Syntax(_) | NotationError::Unsupported(_) => 0,
        NotationError::Illegal(_) => 1,
        NotationError::Ambiguous(_) => 2,
    }
}

/// Reads a move of `pos` in whichever notation it is written, and says which.
///
/// Tried in order: ICCS (`h2e2`, `H2-E2`), Fairy-Stockfish UCI (`h3e3`, `h10g8`), WXF
/// (`C2.5`, `c2=5`), Chinese (`炮二平五`). The first notation that yields a legal move wins, so
/// a text that is a legal ICCS move is read as ICCS even if it is also a legal UCI move.
///
/// # Errors
/// If no notation gives a legal move: the most telling failure (ambiguous, then illegal, then
/// syntax).
pub fn parse_any(pos: &Position, text: &str) -> Result<(Move, Notation), NotationError> {
    let order: &[Notation] = if text.trim().is_ascii() {
        &[Notation::Iccs, Notation::Uci, Notation::Wxf]
    } else {
        &[Notation::Chinese, Notation::Wxf]
    };
    let mut best = NotationError::Syntax(text.to_string());
    for &n in order {
        match parse_move(pos, text, n) {
            Ok(m) => return Ok((m, n)),
            Err(e) if weight(&e) > weight(&best) => best = e,
            Err(_) => {}
        }
    }
    Err(best)
}
