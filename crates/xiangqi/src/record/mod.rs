//! Game records (RULES.md §4): the [`Game`] model and the PGN, DhtmlXQ and XQF formats.
//!
//! * [`pgn`]: xqbase-dialect PGN (`[Game "Chinese Chess"]`, `[Format "ICCS"|"WXF"|"Chinese"]`), read
//!   and written; pychess/Fairy-Stockfish SAN PGN (`[Variant "Xiangqi"]`) read.
//! * [`dhtmlxq`]: DhtmlXQ / UBB blocks (东萍象棋), read (main line) and written.
//! * [`xqf`]: XQStudio binary files, v1.0 and the obfuscated versions ≥ 1.1, read (main line).
//!
//! The crate has no dependencies, so legacy byte encodings (GBK/GB18030, Big5) are decoded by the
//! caller: text parsers take `&str` (see [`decode_text`]) and the XQF reader takes a decoder for its
//! strings.
//!
//! ```
//! use xiangqi::notation::Notation;
//! use xiangqi::record::{parse_pgn, write_pgn};
//! let game = parse_pgn("[Format \"ICCS\"]\n1. H2-E2 H9-G7 *")?;
//! assert_eq!(game.moves.len(), 2);
//! let text = write_pgn(&game, Notation::Iccs)?;
//! assert!(text.contains("1. H2-E2 H9-G7"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod compact;
pub mod dhtmlxq;
mod game;
pub mod pgn;
pub mod xqf;

pub use dhtmlxq::{parse_dhtmlxq, write_dhtmlxq, DhtmlXqError};
pub use game::{Game, GameError, Tags};
pub use pgn::{
    parse_pgn, parse_pgn_all, read_collection, write_pgn, Collection, GameFailure, PgnError,
    PgnWarning,
};
pub use xqf::{read_xqf, XqfError};

/// The fixed piece order of the 16-slot piece tables in DhtmlXQ `binit` and the XQF header, the
/// same for each side (Red first): R N B A K A B N R C C P P P P P.
const SLOT_ROLES: [crate::Role; 16] = {
    use crate::Role::{Advisor, Cannon, Chariot, Elephant, Horse, King, Pawn};
    [
        Chariot, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Chariot, Cannon, Cannon,
        Pawn, Pawn, Pawn, Pawn, Pawn,
    ]
};

/// Decodes a text file: strips a UTF-8 byte-order mark and returns valid UTF-8 as is; reads
/// UTF-16 with a byte-order mark; hands anything else to `fallback` (typically a GB18030 or Big5
/// decoder supplied by the caller).
///
/// ```
/// use xiangqi::record::decode_text;
/// let latin1 = |b: &[u8]| b.iter().map(|&c| c as char).collect::<String>();
/// assert_eq!(decode_text(b"\xEF\xBB\xBFabc", &latin1), "abc");
/// assert_eq!(decode_text(b"caf\xE9", &latin1), "café");
/// ```
#[must_use]
pub fn decode_text(bytes: &[u8], fallback: &dyn Fn(&[u8]) -> String) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_string();
    }
    let utf16 = |rest: &[u8], big_endian: bool| -> Option<String> {
        if !rest.len().is_multiple_of(2) {
            return None;
        }
        let units: Vec<u16> = rest
            .chunks_exact(2)
            .map(|c| {
                let pair = [c[0], c[1]];
                if big_endian {
                    u16::from_be_bytes(pair)
                } else {
                    u16::from_le_bytes(pair)
                }
            })
            .collect();
        String::from_utf16(&units).ok()
    };
    let decoded = if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        utf16(rest, false)
    } else if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        utf16(rest, true)
    } else {
        None
    };
    decoded.unwrap_or_else(|| fallback(bytes))
}

#[cfg(test)]
mod tests {
    use super::decode_text;

    fn marker(_: &[u8]) -> String {
        "fallback".to_string()
    }

    #[test]
    fn utf8_with_and_without_bom() {
        assert_eq!(decode_text("炮二平五".as_bytes(), &marker), "炮二平五");
        let mut with_bom = b"\xEF\xBB\xBF".to_vec();
        with_bom.extend_from_slice("马8进7".as_bytes());
        assert_eq!(decode_text(&with_bom, &marker), "马8进7");
    }

    #[test]
    fn utf16_with_bom() {
        let mut le = vec![0xFF, 0xFE];
        for u in "炮a".encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
        }
        assert_eq!(decode_text(&le, &marker), "炮a");
        let mut be = vec![0xFE, 0xFF];
        for u in "炮a".encode_utf16() {
            be.extend_from_slice(&u.to_be_bytes());
        }
        assert_eq!(decode_text(&be, &marker), "炮a");
    }

    #[test]
    fn invalid_utf8_goes_to_the_fallback() {
        // "炮" in GBK is 0xC5 0xDA: not UTF-8.
        assert_eq!(decode_text(b"\xC5\xDA", &marker), "fallback");
        assert_eq!(decode_text(b"\xFF\xFE\x00", &marker), "fallback");
    }
}
