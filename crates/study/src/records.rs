//! Whole record files as people hand them over: XQF (binary, its strings in GBK or Big5),
//! DhtmlXQ or PGN text in any encoding [`decode_record`] reads. One reader for the server's
//! import, collections and the masters database.

use crate::decode::{decode_record, DecodeError};
use encoding_rs::{Encoding, BIG5, GB18030};
use std::cell::RefCell;
use std::fmt;
use xiangqi::record::{parse_dhtmlxq, read_collection, read_xqf, Collection, Game};

/// What a record was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// PGN, one or more games.
    Pgn,
    /// XQStudio binary.
    Xqf,
    /// DhtmlXQ / UBB text (its first record).
    Dhtmlxq,
}

/// Everything read from one record file.
#[derive(Debug)]
pub struct Record {
    /// The format detected.
    pub kind: RecordKind,
    /// The encoding of its text (of the strings, for XQF).
    pub encoding: &'static Encoding,
    /// The games, the text skipped between them and the games that could not be read (PGN; the
    /// other formats hold one game).
    pub collection: Collection,
}

/// Why a record file could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The bytes are text in no encoding tried, or malformed in the one named.
    Encoding(DecodeError),
    /// The file is text but not a record (or its one record is broken): the reader's message.
    Unreadable(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Encoding(e) => e.fmt(f),
            RecordError::Unreadable(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for RecordError {}

/// Reads every game of `bytes`: XQF when they start with `XQ`, DhtmlXQ when the decoded text
/// holds a `[DhtmlXQ` tag, PGN (every game, `read_collection`) otherwise. `forced` names the
/// text encoding (XQF: of its strings) instead of detecting it.
///
/// A PGN file whose games are all broken is still `Ok` (its `collection.errors` say why); the
/// caller decides whether no game is an error.
///
/// # Errors
/// [`RecordError::Encoding`] when the bytes are not text in any encoding tried (or not
/// well-formed in `forced`), [`RecordError::Unreadable`] for a broken XQF or DhtmlXQ record.
pub fn read_record(bytes: &[u8], forced: Option<&'static Encoding>) -> Result<Record, RecordError> {
    if bytes.starts_with(b"XQ") {
        return read_xqf_record(bytes, forced);
    }
    let (text, encoding) = decode_record(bytes, forced).map_err(RecordError::Encoding)?;
    if text.contains("[DhtmlXQ") {
        let game =
            parse_dhtmlxq(&text).map_err(|e| RecordError::Unreadable(format!("DhtmlXQ: {e}")))?;
        return Ok(single(RecordKind::Dhtmlxq, encoding, game));
    }
    Ok(Record {
        kind: RecordKind::Pgn,
        encoding,
        collection: read_collection(&text),
    })
}

fn single(kind: RecordKind, encoding: &'static Encoding, game: Game) -> Record {
    Record {
        kind,
        encoding,
        collection: Collection {
            games: vec![game],
            warnings: Vec::new(),
            errors: Vec::new(),
        },
    }
}

/// An XQF file: the game is read once with its strings collected, the strings' encoding is
/// decided on all of them together (GB18030 or Big5, well-formed first, then `chardetng`) unless
/// `forced` names it, and the game is read again with that decoder.
///
/// # Errors
/// [`RecordError::Unreadable`] with the XQF reader's message (`not an XQF file`, truncated, …).
pub fn read_xqf_record(
    bytes: &[u8],
    forced: Option<&'static Encoding>,
) -> Result<Record, RecordError> {
    let xqf_err = |e: xiangqi::record::XqfError| RecordError::Unreadable(format!("XQF: {e}"));
    let encoding = match forced {
        Some(enc) => enc,
        None => {
            let seen: RefCell<Vec<u8>> = RefCell::new(Vec::new());
            let collect = |b: &[u8]| {
                let mut s = seen.borrow_mut();
                s.extend_from_slice(b);
                s.push(b'\n');
                String::new()
            };
            read_xqf(bytes, &collect).map_err(xqf_err)?;
            legacy_strings(&seen.into_inner())
        }
    };
    let decode = |b: &[u8]| {
        // Strings end at the first NUL in some writers; a malformed byte becomes U+FFFD.
        let b = b.split(|&c| c == 0).next().unwrap_or(b);
        encoding.decode_without_bom_handling(b).0.into_owned()
    };
    let game = read_xqf(bytes, &decode).map_err(xqf_err)?;
    Ok(single(RecordKind::Xqf, encoding, game))
}

/// The encoding of an XQF file's strings: plain ASCII and well-formed UTF-8 stay GB18030 (the
/// format's own), one legacy encoding in which the bytes are well-formed wins, and when both are
/// `chardetng` decides between them.
fn legacy_strings(bytes: &[u8]) -> &'static Encoding {
    let bytes: Vec<u8> = bytes.iter().copied().filter(|&b| b != 0).collect();
    if bytes.is_ascii() {
        return GB18030;
    }
    let clean = |enc: &'static Encoding| !enc.decode_without_bom_handling(&bytes).1;
    match (clean(GB18030), clean(BIG5)) {
        (true, false) => GB18030,
        (false, true) => BIG5,
        _ => {
            let mut d = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
            d.feed(&bytes, true);
            if d.guess(None, chardetng::Utf8Detection::Deny) == BIG5 {
                BIG5
            } else {
                GB18030
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big5_pgn_is_read_with_its_moves() {
        let (bytes, _, _) =
            BIG5.encode("[Red \"胡榮華\"]\n1. 炮二平五 馬８進７\n2. 馬二進三 車９平８ 1-0\n");
        let r = read_record(&bytes, None).unwrap();
        assert_eq!(r.kind, RecordKind::Pgn);
        assert_eq!(r.encoding, BIG5);
        assert_eq!(r.collection.games[0].moves.len(), 4);
        assert_eq!(r.collection.games[0].tags.get("Red"), Some("胡榮華"));
    }

    #[test]
    fn binary_noise_is_an_encoding_error() {
        let noise: Vec<u8> = (0..400u32).map(|i| (i * 7 % 256) as u8).collect();
        assert!(matches!(
            read_record(&noise, None),
            Err(RecordError::Encoding(_))
        ));
    }

    #[test]
    fn strings_of_either_legacy_encoding_are_told_apart() {
        let (big5, _, _) = BIG5.encode("許銀川先勝呂欽 全國個人賽");
        assert_eq!(legacy_strings(&big5), BIG5);
        let (gbk, _, _) = GB18030.encode("许银川先胜吕钦 全国个人赛");
        assert_eq!(legacy_strings(&gbk), GB18030);
        assert_eq!(legacy_strings(b"plain"), GB18030);
    }

    #[test]
    fn a_broken_xqf_is_unreadable_not_a_panic() {
        assert!(matches!(
            read_record(b"XQ garbage", None),
            Err(RecordError::Unreadable(_))
        ));
    }
}
