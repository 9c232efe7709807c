//! Reading Fairy-Stockfish SAN as exported by pychess (RULES.md §4.2): piece letter
//! (`K A E/B H/N R C P`, none = soldier), optional source file and/or rank, optional `x`,
//! destination with ranks 1–10, optional `+`/`#`. Example: `Cxh10` = cannon to h9 in ICCS.

use crate::notation::NotationError;
use crate::{File, Move, Position, Rank, Role, Square};

/// A parsed square-ish piece of SAN: file 0–8 and/or rank 0–9 (already converted from 1–10).
#[derive(Clone, Copy, Default)]
struct Partial {
    file: Option<File>,
    rank: Option<Rank>,
}

/// Reads `[a-i]?(10|[1-9])?` from `b[i..]`; returns it and the new index.
fn partial(b: &[u8], mut i: usize) -> (Partial, usize) {
    let mut p = Partial::default();
    if let Some(&c) = b.get(i) {
        if (b'a'..=b'i').contains(&c) {
            p.file = File::try_new(c - b'a');
            i += 1;
        }
    }
    if b.get(i) == Some(&b'1') && b.get(i + 1) == Some(&b'0') {
        p.rank = Some(Rank::new(9));
        i += 2;
    } else if let Some(&c) = b.get(i) {
        if (b'1'..=b'9').contains(&c) {
            p.rank = Rank::try_new(c - b'1');
            i += 1;
        }
    }
    (p, i)
}

fn role_of(letter: u8) -> Option<Role> {
    Some(match letter {
        b'K' => Role::King,
        b'A' => Role::Advisor,
        b'E' | b'B' => Role::Elephant,
        b'H' | b'N' => Role::Horse,
        b'R' => Role::Chariot,
        b'C' => Role::Cannon,
        b'P' => Role::Pawn,
        _ => return None,
    })
}

/// Reads a SAN move of `pos`; the result is legal.
pub(super) fn parse_san(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let syntax = || NotationError::Syntax(text.to_string());
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let b = t.as_bytes();
    if b.is_empty() || !t.is_ascii() {
        return Err(syntax());
    }
    let (role, mut i) = match role_of(b[0]) {
        Some(r) => (r, 1),
        None => (Role::Pawn, 0),
    };
    let (first, next) = partial(b, i);
    i = next;
    let capture_or_dash = matches!(b.get(i), Some(b'x' | b'-' | b':'));
    if capture_or_dash {
        i += 1;
    }
    let (second, next) = partial(b, i);
    i = next;
    if i != b.len() {
        return Err(syntax());
    }
    // Either "<disambiguation> <destination>" or just "<destination>".
    let (disamb, dest) = if second.file.is_some() || second.rank.is_some() {
        (first, second)
    } else if capture_or_dash {
        return Err(syntax());
    } else {
        (Partial::default(), first)
    };
    let (Some(df), Some(dr)) = (dest.file, dest.rank) else {
        return Err(syntax());
    };
    let to = Square::from_coords(df, dr);
    let mut found: Option<Move> = None;
    for &m in pos.legal_moves().iter() {
        let from = m.from();
        let matches = m.to() == to
            && pos.piece_at(from).is_some_and(|p| p.role == role)
            && disamb.file.is_none_or(|f| from.file() == f)
            && disamb.rank.is_none_or(|r| from.rank() == r);
        if matches {
            if found.is_some() {
                return Err(NotationError::Ambiguous(text.to_string()));
            }
            found = Some(m);
        }
    }
    found.ok_or_else(|| NotationError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san(fen: &str, text: &str) -> Result<String, NotationError> {
        let pos = Position::from_fen(fen).expect("fen");
        parse_san(&pos, text).map(|m| m.to_string())
    }

    const START: &str = crate::START_FEN;

    #[test]
    fn fsf_examples() {
        // RULES.md §4.2 (FSF coordinates: ranks 1–10).
        // Both cannons reach e3 (FSF ranks): FSF adds the file.
        assert!(matches!(
            san(START, "Ce3"),
            Err(NotationError::Ambiguous(_))
        ));
        assert_eq!(san(START, "Che3").as_deref(), Ok("h2e2"));
        assert_eq!(san(START, "Hg3").as_deref(), Ok("h0g2"));
        assert_eq!(san(START, "Ece3").as_deref(), Ok("c0e2"));
        assert_eq!(san(START, "Cxh10").as_deref(), Ok("h2h9"));
        assert_eq!(san(START, "Ch5").as_deref(), Ok("h2h4"));
        assert_eq!(san(START, "Pe5").as_deref(), Ok("e3e4"));
        assert_eq!(san(START, "e5").as_deref(), Ok("e3e4"));
        assert_eq!(san(START, "Nc3").as_deref(), Ok("b0c2"));
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        assert_eq!(san(black, "Hg8").as_deref(), Ok("h9g7"));
        assert_eq!(san(black, "Ri9").as_deref(), Ok("i9i8"));
    }

    #[test]
    fn check_marks_and_disambiguation() {
        // Two red chariots on the e file: the rank tells which one moves.
        let fen = "3ak4/4a4/9/9/9/4R4/9/9/4R4/3K5 w";
        assert!(matches!(san(fen, "Re3"), Err(NotationError::Ambiguous(_))));
        assert_eq!(san(fen, "R2e3").as_deref(), Ok("e1e2"));
        assert_eq!(san(fen, "R5e7").as_deref(), Ok("e4e6"));
        assert_eq!(san(fen, "Rd2").as_deref(), Ok("e1d1"));
        assert_eq!(san(fen, "R5xe9+").as_deref(), Ok("e4e8"));
        assert_eq!(san(fen, "R5e9+").as_deref(), Ok("e4e8"));
        let two = "3k5/9/9/9/9/9/9/9/R7R/4K4 w";
        assert!(matches!(san(two, "Re2"), Err(NotationError::Ambiguous(_))));
        assert_eq!(san(two, "Rae2").as_deref(), Ok("a1e1"));
        assert_eq!(san(two, "Ri2-e2").as_deref(), Ok("i1e1"));
    }

    #[test]
    fn rejects_garbage_and_illegal() {
        for bad in ["", "x", "Qe3", "Ce", "C10", "Cj3", "Ce3e", "炮", "Ce11"] {
            assert!(
                matches!(san(START, bad), Err(NotationError::Syntax(_))),
                "{bad}"
            );
        }
        assert!(matches!(san(START, "Re5"), Err(NotationError::Illegal(_))));
    }
}
