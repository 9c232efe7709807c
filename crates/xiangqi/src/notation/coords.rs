//! Fairy-Stockfish UCI coordinates: ranks 1–10 (`h3e3`, `h10g8`).

use super::NotationError;
use crate::{File, Move, Rank, Square};

/// `m` with both ranks written 1–10.
pub(super) fn to_uci(m: Move) -> String {
    let sq = |s: Square| format!("{}{}", s.file(), s.rank().index() + 1);
    format!("{}{}", sq(m.from()), sq(m.to()))
}

/// Parses `[a-i](10|[1-9])` twice.
pub(super) fn from_uci(text: &str) -> Result<Move, NotationError> {
    let err = || NotationError::Syntax(text.to_string());
    let b = text.trim().as_bytes();
    let mut i = 0;
    let mut square = || -> Result<Square, NotationError> {
        let f = File::from_char(char::from(*b.get(i).ok_or_else(err)?)).ok_or_else(err)?;
        i += 1;
        let rank = if b.get(i) == Some(&b'1') && b.get(i + 1) == Some(&b'0') {
            i += 2;
            10
        } else {
            let d = *b.get(i).ok_or_else(err)?;
            if !(b'1'..=b'9').contains(&d) {
                return Err(err());
            }
            i += 1;
            d - b'0'
        };
        let rank = Rank::try_new(rank - 1).ok_or_else(err)?;
        Ok(Square::from_coords(f, rank))
    };
    let from = square()?;
    let to = square()?;
    if i != b.len() || from == to {
        return Err(err());
    }
    Ok(Move::new(from, to))
}
