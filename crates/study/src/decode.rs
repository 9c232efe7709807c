//! Text records in whatever encoding people kept them: UTF-8, UTF-16, GB18030/GBK, Big5.
//!
//! [`decode_record`] finds the encoding in this order:
//!
//! 1. an encoding the caller names (`--encoding`) wins: the bytes must be well-formed in it;
//! 2. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE);
//! 3. UTF-16 without a mark, recognised by its zero bytes on every other position;
//! 4. well-formed UTF-8 (plain ASCII included);
//! 5. otherwise the legacy Chinese encodings: `chardetng`'s guess first, then GB18030 and Big5.
//!    Each candidate that decodes without malformed bytes is *confirmed by the moves*: the text
//!    is read with the `xiangqi` record readers (PGN, or DhtmlXQ when it holds a `[DhtmlXQ` tag)
//!    and the candidate whose games read with the most legal moves wins; on a tie the detector's
//!    order decides. A file that is malformed in every candidate, or holds control characters no
//!    text record has (unless its games read whole), is refused with [`DecodeError`].
//!
//! GB18030 accepts almost any byte string, so "decodes" alone proves little for Big5 files; the
//! move check is what tells 車５平８ (Big5) from the mojibake the same bytes make in GB18030.

use encoding_rs::{Encoding, BIG5, GB18030, UTF_16BE, UTF_16LE, UTF_8};
use std::fmt;
use xiangqi::record::{parse_dhtmlxq, read_collection};

/// Why bytes could not be decoded as a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The bytes are not well-formed in the encoding the caller named.
    Malformed {
        /// The named encoding.
        encoding: &'static str,
    },
    /// An encoding name that `encoding_rs` does not know (see [`encoding_for_label`]).
    UnknownLabel(String),
    /// No candidate encoding (UTF-8, UTF-16, GB18030, Big5) reads the bytes as text.
    NotText {
        /// What was tried, for the message.
        tried: Vec<&'static str>,
    },
    /// The input is empty.
    Empty,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Malformed { encoding } => {
                write!(f, "the bytes are not well-formed {encoding}")
            }
            DecodeError::UnknownLabel(l) => write!(
                f,
                "unknown encoding '{l}' (try utf-8, utf-16le, utf-16be, gb18030, gbk or big5)"
            ),
            DecodeError::NotText { tried } => write!(
                f,
                "not a text record in any known encoding (tried {})",
                tried.join(", ")
            ),
            DecodeError::Empty => f.write_str("the input is empty"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// The encoding a label names (WHATWG labels: `utf-8`, `utf-16le`, `gbk`, `gb18030`, `big5`,
/// `big5-hkscs`, …). `gbk` and `gb2312` map to GB18030, their superset.
///
/// # Errors
/// [`DecodeError::UnknownLabel`].
pub fn encoding_for_label(label: &str) -> Result<&'static Encoding, DecodeError> {
    let l = label.trim().to_ascii_lowercase();
    let l = match l.as_str() {
        "utf16" | "utf-16" => "utf-16le",
        "utf8" => "utf-8",
        "gbk" | "gb2312" | "cp936" => "gb18030",
        other => other,
    };
    Encoding::for_label(l.as_bytes()).ok_or_else(|| DecodeError::UnknownLabel(label.to_string()))
}

/// Decodes a text record (PGN, DhtmlXQ) from its raw bytes; returns the text (without a BOM) and
/// the encoding it was read in. `forced` overrides detection. See the module notes for the order.
///
/// ```
/// use study::decode_record;
/// let (big5, _, _) = encoding_rs::BIG5.encode("1. 炮二平五 馬８進７ *");
/// let (text, enc) = decode_record(&big5, None)?;
/// assert_eq!(enc, encoding_rs::BIG5);
/// assert!(text.starts_with("1. 炮二平五 馬８進７"));
/// # Ok::<_, study::DecodeError>(())
/// ```
///
/// # Errors
/// [`DecodeError`] when the bytes are empty, malformed in the forced encoding, or text in none
/// of the candidates.
pub fn decode_record(
    bytes: &[u8],
    forced: Option<&'static Encoding>,
) -> Result<(String, &'static Encoding), DecodeError> {
    if bytes.is_empty() {
        return Err(DecodeError::Empty);
    }
    if let Some(enc) = forced {
        let body = match Encoding::for_bom(bytes) {
            Some((bom_enc, len)) if bom_enc == enc => &bytes[len..],
            _ => bytes,
        };
        return clean_decode(enc, body)
            .map(|t| (t, enc))
            .ok_or(DecodeError::Malformed {
                encoding: enc.name(),
            });
    }
    if let Some((enc, len)) = Encoding::for_bom(bytes) {
        return clean_decode(enc, &bytes[len..])
            .map(|t| (t, enc))
            .ok_or(DecodeError::Malformed {
                encoding: enc.name(),
            });
    }
    if let Some(enc) = bomless_utf16(bytes) {
        if let Some(t) = clean_decode(enc, bytes) {
            return Ok((t, enc));
        }
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        if plausible_text(s) || confirm(s).is_perfect() {
            return Ok((s.to_string(), UTF_8));
        }
        return Err(DecodeError::NotText {
            tried: vec!["UTF-8"],
        });
    }
    let mut candidates: Vec<&'static Encoding> = Vec::with_capacity(3);
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    let guess = match detector.guess(None, chardetng::Utf8Detection::Deny) {
        // GB18030 is GBK's superset: the same text for every GBK byte string, and more.
        g if g == encoding_rs::GBK => GB18030,
        g => g,
    };
    for enc in [guess, GB18030, BIG5] {
        if !candidates.contains(&enc) {
            candidates.push(enc);
        }
    }
    let mut best: Option<(Score, String, &'static Encoding)> = None;
    for &enc in &candidates {
        let Some(text) = clean_decode(enc, bytes) else {
            continue;
        };
        let score = confirm(&text);
        // A stray control character (CCPD has a few in player names) is forgiven when the
        // moves read; without moves it marks binary data.
        if !plausible_text(&text) && !score.is_perfect() {
            continue;
        }
        let perfect = score.is_perfect();
        if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
            best = Some((score, text, enc));
        }
        // The detector's first choice reads every game with every move: no need to look further.
        if perfect && enc == candidates[0] {
            break;
        }
    }
    best.map(|(_, t, e)| (t, e)).ok_or(DecodeError::NotText {
        tried: candidates.iter().map(|e| e.name()).collect(),
    })
}

/// The text if `bytes` are well-formed in `enc`.
fn clean_decode(enc: &'static Encoding, bytes: &[u8]) -> Option<String> {
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    (!had_errors).then(|| text.into_owned())
}

/// UTF-16 without a byte-order mark: at least 4 units, and zero bytes on (nearly) every odd or
/// every even position of the ASCII-rich first 256 bytes.
fn bomless_utf16(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.len() < 8 || !bytes.len().is_multiple_of(2) {
        return None;
    }
    let head = &bytes[..bytes.len().min(256)];
    let pairs = head.len() / 2;
    let zero_even = head.chunks_exact(2).filter(|c| c[0] == 0).count();
    let zero_odd = head.chunks_exact(2).filter(|c| c[1] == 0).count();
    if zero_odd * 10 >= pairs * 6 && zero_even * 10 < pairs {
        Some(UTF_16LE)
    } else if zero_even * 10 >= pairs * 6 && zero_odd * 10 < pairs {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// No control characters other than tab, line breaks, form feed and the DOS end-of-file mark.
fn plausible_text(s: &str) -> bool {
    !s.chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c' | '\x1a'))
}

/// How well a decoded text reads as records: games read whole, then legal moves, then fewer
/// broken games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    all_read: bool,
    moves: usize,
    fewer_broken: std::cmp::Reverse<usize>,
}

impl Score {
    fn is_perfect(self) -> bool {
        self.all_read && self.moves > 0
    }
}

/// Reads `text` as a record and scores it.
fn confirm(text: &str) -> Score {
    if text.contains("[DhtmlXQ") {
        return match parse_dhtmlxq(text) {
            Ok(g) => Score {
                all_read: true,
                moves: g.moves.len(),
                fewer_broken: std::cmp::Reverse(0),
            },
            Err(_) => Score {
                all_read: false,
                moves: 0,
                fewer_broken: std::cmp::Reverse(1),
            },
        };
    }
    let c = read_collection(text);
    Score {
        all_read: c.errors.is_empty() && !c.games.is_empty(),
        moves: c.games.iter().map(|g| g.moves.len()).sum(),
        fewer_broken: std::cmp::Reverse(c.errors.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(enc: &'static Encoding, s: &str) -> Vec<u8> {
        let (b, _, bad) = enc.encode(s);
        assert!(!bad);
        b.into_owned()
    }

    const GAME: &str = "[Game \"Chinese Chess\"]\n[Event \"測試\"]\n1. 炮二平五 馬８進７\n2. 馬二進三 車９平８ *\n";

    #[test]
    fn big5_and_gb18030_are_told_apart_by_the_moves() {
        let big5 = encode(BIG5, GAME);
        let (t, e) = decode_record(&big5, None).unwrap();
        assert_eq!((t.as_str(), e), (GAME, BIG5));
        let simplified = "1. 炮二平五 马8进7 2. 马二进三 车9平8 *";
        let gb = encode(GB18030, simplified);
        let (t, e) = decode_record(&gb, None).unwrap();
        assert_eq!((t.as_str(), e), (simplified, GB18030));
    }

    #[test]
    fn utf8_utf16_and_boms() {
        assert_eq!(decode_record(GAME.as_bytes(), None).unwrap().1, UTF_8);
        let mut le = vec![0xFF, 0xFE];
        let mut le_bare = Vec::new();
        let mut be_bare = Vec::new();
        for u in GAME.encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
            le_bare.extend_from_slice(&u.to_le_bytes());
            be_bare.extend_from_slice(&u.to_be_bytes());
        }
        assert_eq!(decode_record(&le, None).unwrap(), (GAME.into(), UTF_16LE));
        assert_eq!(
            decode_record(&le_bare, None).unwrap(),
            (GAME.into(), UTF_16LE)
        );
        assert_eq!(
            decode_record(&be_bare, None).unwrap(),
            (GAME.into(), UTF_16BE)
        );
    }

    #[test]
    fn forced_encoding_wins_and_must_fit() {
        let big5 = encode(BIG5, GAME);
        let (t, e) = decode_record(&big5, Some(GB18030)).unwrap();
        assert_eq!(e, GB18030);
        assert_ne!(t, GAME);
        assert_eq!(
            decode_record(b"\xff\xff\xff", Some(UTF_8)),
            Err(DecodeError::Malformed { encoding: "UTF-8" })
        );
        assert_eq!(encoding_for_label("GBK").unwrap(), GB18030);
        assert_eq!(encoding_for_label("big5").unwrap(), BIG5);
        assert!(encoding_for_label("klingon").is_err());
    }

    #[test]
    fn binary_is_refused() {
        let junk: Vec<u8> = (0..200u32).map(|i| (i * 37 % 256) as u8).collect();
        let err = decode_record(&junk, None).unwrap_err();
        assert!(matches!(err, DecodeError::NotText { .. }), "{err}");
        assert!(err.to_string().contains("not a text record"));
        assert_eq!(decode_record(b"", None), Err(DecodeError::Empty));
    }
}
