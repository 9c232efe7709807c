//! The shipped set's file format (`.chmg`): de-duplicated master games in the compact record
//! format, with their credit.
//!
//! ```text
//! "CHMG" 0x01                          magic and version
//! credit                               a string: who made the games, and their licence
//! count, count × string                the header strings (names, events, sites, dates, FENs)
//! count, count × game:
//!   red, black, event, site, date, round   string numbers
//!   result                                 0 1-0, 1 0-1, 2 1/2-1/2, 3 *
//!   start                                  0 = the standard start, n = string n-1 (a FEN)
//!   moves                                  a string of `xiangqi::record::compact` bytes
//! ```
//!
//! Numbers are LEB128, strings a length and UTF-8 bytes. Reading checks every length against
//! what is left and every number against its table, so any bytes give games or a [`PackError`].

use std::collections::HashMap;
use std::fmt;
use xiangqi::record::compact::{decode_moves, encode_moves};
use xiangqi::record::Game;
use xiangqi::{GameResult, Position};

const MAGIC: &[u8; 5] = b"CHMG\x01";

/// Why a shipped set could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackError(pub String);

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a masters set: {}", self.0)
    }
}

impl std::error::Error for PackError {}

/// Whether `bytes` look like a shipped set.
#[must_use]
pub fn is_pack(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

fn put_num(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7F) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    put_num(out, b.len() as u64);
    out.extend_from_slice(b);
}

/// The tag names kept, in file order.
const TAGS: [&str; 6] = ["Red", "Black", "Event", "Site", "Date", "Round"];

/// `games` as a shipped set with `credit`. Games whose moves cannot be encoded (never for a
/// validated game) are left out.
#[must_use]
pub fn write_pack(games: &[Game], credit: &str) -> Vec<u8> {
    let mut strings: Vec<String> = Vec::new();
    let mut index: HashMap<String, u64> = HashMap::new();
    let mut intern = |s: &str| -> u64 {
        if let Some(&i) = index.get(s) {
            return i;
        }
        let i = strings.len() as u64;
        strings.push(s.to_owned());
        index.insert(s.to_owned(), i);
        i
    };
    let mut body = Vec::new();
    let mut count = 0u64;
    for g in games {
        let Ok(moves) = encode_moves(&g.start, &g.moves) else {
            continue;
        };
        count += 1;
        for t in TAGS {
            let v = intern(g.tags.get(t).unwrap_or("").trim());
            put_num(&mut body, v);
        }
        body.push(match g.result {
            GameResult::RedWins => 0,
            GameResult::BlackWins => 1,
            GameResult::Draw => 2,
            GameResult::Unfinished => 3,
        });
        let start = if g.starts_from_standard_position() {
            0
        } else {
            intern(&g.start_fen()) + 1
        };
        put_num(&mut body, start);
        put_bytes(&mut body, &moves);
    }
    let mut out = MAGIC.to_vec();
    put_bytes(&mut out, credit.as_bytes());
    put_num(&mut out, strings.len() as u64);
    for s in &strings {
        put_bytes(&mut out, s.as_bytes());
    }
    put_num(&mut out, count);
    out.extend_from_slice(&body);
    out
}

/// A cursor over the bytes, every read checked.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn err(&self, what: &str) -> PackError {
        PackError(format!("{what} at byte {}", self.at))
    }

    fn num(&mut self) -> Result<u64, PackError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self
                .bytes
                .get(self.at)
                .ok_or_else(|| self.err("truncated number"))?;
            self.at += 1;
            v |= u64::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(self.err("number too long"))
    }

    fn bytes(&mut self) -> Result<&'a [u8], PackError> {
        let n = usize::try_from(self.num()?).map_err(|_| self.err("length"))?;
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| self.err("length beyond the end"))?;
        let b = &self.bytes[self.at..end];
        self.at = end;
        Ok(b)
    }

    fn string(&mut self) -> Result<&'a str, PackError> {
        let b = self.bytes()?;
        std::str::from_utf8(b).map_err(|_| self.err("not UTF-8"))
    }

    fn byte(&mut self) -> Result<u8, PackError> {
        let b = *self
            .bytes
            .get(self.at)
            .ok_or_else(|| self.err("truncated"))?;
        self.at += 1;
        Ok(b)
    }
}

/// Reads a shipped set: calls `each` with every game in file order (tags `Red`, `Black`,
/// `Event`, `Site`, `Date`, `Round` where not empty) and returns the credit.
///
/// # Errors
/// [`PackError`] at the first thing that does not read; the games before it were given.
pub fn read_pack(bytes: &[u8], each: &mut dyn FnMut(Game)) -> Result<String, PackError> {
    if !is_pack(bytes) {
        return Err(PackError("no CHMG mark".into()));
    }
    let mut c = Cursor {
        bytes,
        at: MAGIC.len(),
    };
    let credit = c.string()?.to_owned();
    let n = c.num()?;
    // Each string takes at least a byte: a count beyond the bytes left is refused before any
    // allocation.
    if n > (bytes.len() - c.at) as u64 {
        return Err(c.err("string count beyond the end"));
    }
    let mut strings: Vec<&str> = Vec::with_capacity(n as usize);
    for _ in 0..n {
        strings.push(c.string()?);
    }
    let string = |c: &Cursor, i: u64| -> Result<&str, PackError> {
        usize::try_from(i)
            .ok()
            .and_then(|i| strings.get(i).copied())
            .ok_or_else(|| c.err("string number out of range"))
    };
    let games = c.num()?;
    for _ in 0..games {
        let mut tags = [""; 6];
        for t in &mut tags {
            let i = c.num()?;
            *t = string(&c, i)?;
        }
        let result = match c.byte()? {
            0 => GameResult::RedWins,
            1 => GameResult::BlackWins,
            2 => GameResult::Draw,
            3 => GameResult::Unfinished,
            _ => return Err(c.err("bad result")),
        };
        let start = match c.num()? {
            0 => Position::startpos(),
            i => {
                let fen = string(&c, i - 1)?;
                Position::from_fen(fen).map_err(|e| c.err(&format!("bad FEN ({e})")))?
            }
        };
        let moves = decode_moves(&start, c.bytes()?).map_err(|e| c.err(&format!("moves: {e}")))?;
        let mut game = Game::new(start);
        game.moves = moves;
        game.result = result;
        for (name, value) in TAGS.iter().zip(tags) {
            if !value.is_empty() {
                game.tags.set(name, value);
            }
        }
        each(game);
    }
    if c.at != bytes.len() {
        return Err(c.err("bytes after the last game"));
    }
    Ok(credit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::record::parse_pgn;

    fn games() -> Vec<Game> {
        vec![
            parse_pgn(
                "[Red \"胡榮華\"][Black \"楊官璘\"][Date \"1960\"]\n1. h2e2 h9g7 2. h0g2 1-0",
            )
            .unwrap(),
            parse_pgn("[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"][Red \"胡榮華\"]\n1. e0e1 *")
                .unwrap(),
        ]
    }

    #[test]
    fn games_and_credit_read_back() {
        let bytes = write_pack(&games(), "CCPD, CC BY 4.0");
        let mut back = Vec::new();
        let credit = read_pack(&bytes, &mut |g| back.push(g)).unwrap();
        assert_eq!(credit, "CCPD, CC BY 4.0");
        assert_eq!(back.len(), 2);
        for (a, b) in games().iter().zip(&back) {
            assert_eq!(a.moves, b.moves);
            assert_eq!(a.result, b.result);
            assert_eq!(a.start_fen(), b.start_fen());
            assert_eq!(a.tags.get("Red"), b.tags.get("Red"));
        }
        assert_eq!(back[0].tags.get("Date"), Some("1960"));
        assert_eq!(back[1].tags.get("Black"), None);
    }

    #[test]
    fn any_cut_or_flipped_byte_is_an_error_or_games_never_a_panic() {
        let bytes = write_pack(&games(), "credit");
        for cut in 0..bytes.len() {
            assert!(
                read_pack(&bytes[..cut], &mut |_| {}).is_err(),
                "cut at {cut}"
            );
        }
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut b = bytes.clone();
                b[i] ^= 1 << bit;
                let _ = read_pack(&b, &mut |_| {});
            }
        }
    }
}
