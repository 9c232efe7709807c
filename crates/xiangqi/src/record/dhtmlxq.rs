//! DhtmlXQ / "UBB" records (东萍象棋, RULES.md §4.4).
//!
//! A record is a run of `[DhtmlXQ_<name>]value[/DhtmlXQ_<name>]` tags, usually inside
//! `[DhtmlXQ]…[/DhtmlXQ]` (or `[DhtmlXQiFrame]`). Coordinates are two digits `x y`, `x` = file 0–8
//! from Red's left and `y` = row 0–9 **from the top** (Black's back rank), so ICCS rank = 9 − y.
//!
//! Read: metadata (mapped to PGN tag names), `binit` (or `fen`, preferred), the main-line
//! `movelist`, main-line comments `comment<ply>` (`||` = newline, `\uXXXX` escapes). Variations
//! (`move_<parent>_<ply>_<branch>`) and their comments are skipped. Written: the same tags.

use crate::fen::write_placement;
use crate::record::{Game, GameError, Tags};
use crate::{Color, FenError, File, GameResult, Move, Piece, Position, Rank, Square};
use std::fmt;

/// Why a DhtmlXQ text could not be read, with the byte offset of the problem in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DhtmlXqError {
    /// Byte offset into the text.
    pub offset: usize,
    /// What went wrong.
    pub kind: DhtmlXqErrorKind,
}

/// The kinds of [`DhtmlXqError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DhtmlXqErrorKind {
    /// No `[DhtmlXQ_…]` tag at all.
    NoRecord,
    /// `[DhtmlXQ_name]` without `[/DhtmlXQ_name]`.
    UnterminatedTag(String),
    /// `binit` is not 64 digits, or puts two pieces on one point.
    InvalidBinit,
    /// The start position (from `fen` or `binit`) is not legal.
    InvalidPosition(FenError),
    /// `movelist` is not a run of 4-digit moves.
    InvalidMoveList,
    /// Move `ply` (1-based) is off the board or illegal.
    IllegalMove {
        /// 1-based ply.
        ply: usize,
        /// The four digits.
        text: String,
    },
}

impl fmt::Display for DhtmlXqError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: ", self.offset)?;
        match &self.kind {
            DhtmlXqErrorKind::NoRecord => f.write_str("no DhtmlXQ record found"),
            DhtmlXqErrorKind::UnterminatedTag(n) => write!(f, "tag DhtmlXQ_{n} is not closed"),
            DhtmlXqErrorKind::InvalidBinit => f.write_str("invalid binit (expected 64 digits)"),
            DhtmlXqErrorKind::InvalidPosition(e) => write!(f, "invalid start position: {e}"),
            DhtmlXqErrorKind::InvalidMoveList => {
                f.write_str("invalid movelist (expected groups of 4 digits)")
            }
            DhtmlXqErrorKind::IllegalMove { ply, text } => {
                write!(f, "ply {ply}: illegal move {text}")
            }
        }
    }
}

impl std::error::Error for DhtmlXqError {}

/// DhtmlXQ metadata names and the PGN tag names they become.
const TAG_NAMES: [(&str, &str); 27] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("table", "Table"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redname", "RedName"),
    ("redlevel", "RedLevel"),
    ("redrating", "RedElo"),
    ("redtime", "RedTime"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blackname", "BlackName"),
    ("blacklevel", "BlackLevel"),
    ("blackrating", "BlackElo"),
    ("blacktime", "BlackTime"),
    ("ecco", "ECCO"),
    ("open", "Opening"),
    ("variation", "Variation"),
    ("remark", "Annotator"),
    ("author", "Author"),
    ("judge", "Judge"),
    ("record", "Recorder"),
    ("timerule", "TimeRule"),
    ("gametype", "GameType"),
];

/// One `[DhtmlXQ_name]value[/DhtmlXQ_name]` tag and the offset of its value.
struct RawTag<'a> {
    name: &'a str,
    value: &'a str,
    offset: usize,
}

/// All tags of the first record in `text` (up to `[/DhtmlXQ]` or `[/DhtmlXQiFrame]`).
fn raw_tags(text: &str) -> Result<Vec<RawTag<'_>>, DhtmlXqError> {
    const OPEN: &str = "[DhtmlXQ_";
    let mut tags = Vec::new();
    let mut at = 0;
    while let Some(rel) = text[at..].find(OPEN) {
        let start = at + rel;
        // A record ends at its closing block tag.
        let between = &text[at..start];
        if !tags.is_empty()
            && (between.contains("[/DhtmlXQ]") || between.contains("[/DhtmlXQiFrame]"))
        {
            break;
        }
        let name_start = start + OPEN.len();
        let unterminated = |name: &str| DhtmlXqError {
            offset: start,
            kind: DhtmlXqErrorKind::UnterminatedTag(name.chars().take(40).collect()),
        };
        let Some(name_len) = text[name_start..].find(']') else {
            return Err(unterminated(&text[name_start..]));
        };
        let name = &text[name_start..name_start + name_len];
        let value_start = name_start + name_len + 1;
        let close = format!("[/DhtmlXQ_{name}]");
        let Some(value_len) = text[value_start..].find(&close) else {
            return Err(unterminated(name));
        };
        tags.push(RawTag {
            name,
            value: &text[value_start..value_start + value_len],
            offset: value_start,
        });
        at = value_start + value_len + close.len();
    }
    if tags.is_empty() {
        return Err(DhtmlXqError {
            offset: 0,
            kind: DhtmlXqErrorKind::NoRecord,
        });
    }
    Ok(tags)
}

/// Replaces `||` by newlines and `\uXXXX` by the character.
fn unescape(value: &str) -> String {
    let value = value.replace("||", "\n");
    let mut out = String::with_capacity(value.len());
    let mut rest = value.as_str();
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 2..i + 6);
        match hex
            .filter(|h| h.chars().all(|c| c.is_ascii_hexdigit()))
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
        {
            Some(c) => {
                out.push(c);
                rest = &rest[i + 6..];
            }
            None => {
                out.push_str("\\u");
                rest = &rest[i + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The result written in Chinese (红胜, 黑胜, 和棋, 红先负, …) or as a PGN token.
fn parse_result(text: &str) -> GameResult {
    let t = text.trim();
    if let Ok(r) = t.parse::<GameResult>() {
        return r;
    }
    if t.contains('和') {
        GameResult::Draw
    } else if t.contains("红胜")
        || t.contains("红先胜")
        || t.contains("黑负")
        || t.contains("黑先负")
    {
        GameResult::RedWins
    } else if t.contains("黑胜")
        || t.contains("黑先胜")
        || t.contains("红负")
        || t.contains("红先负")
    {
        GameResult::BlackWins
    } else {
        GameResult::Unfinished
    }
}

fn result_text(result: GameResult) -> &'static str {
    match result {
        GameResult::RedWins => "红胜",
        GameResult::BlackWins => "黑胜",
        GameResult::Draw => "和棋",
        GameResult::Unfinished => "未知",
    }
}

/// Two digits `x y` (y from the top) as a square.
fn square(x: u8, y: u8) -> Option<Square> {
    match (File::try_new(x), Rank::try_new(y)) {
        (Some(f), Some(r)) => Some(Square::from_coords(f, r.flip())),
        _ => None,
    }
}

/// The board of a `binit` value; `None` if it is not 64 digits or two pieces share a point.
fn parse_binit(value: &str) -> Option<[Option<Piece>; 90]> {
    let digits: Vec<u8> = value.trim().bytes().map(|b| b.wrapping_sub(b'0')).collect();
    if digits.len() != 64 || digits.iter().any(|&d| d > 9) {
        return None;
    }
    let mut board = [None; 90];
    for (slot, pair) in digits.chunks_exact(2).enumerate() {
        let color = if slot < 16 { Color::Red } else { Color::Black };
        let piece = Piece::new(color, super::SLOT_ROLES[slot % 16]);
        if let Some(sq) = square(pair[0], pair[1]) {
            if board[sq.index()].replace(piece).is_some() {
                return None;
            }
        }
    }
    Some(board)
}

/// Reads the first DhtmlXQ record of `text` (main line only).
///
/// # Errors
/// [`DhtmlXqError`] with the byte offset of the offending tag or move.
pub fn parse_dhtmlxq(text: &str) -> Result<Game, DhtmlXqError> {
    let tags = raw_tags(text)?;
    let find = |name: &str| tags.iter().find(|t| t.name.eq_ignore_ascii_case(name));
    let err = |offset: usize, kind: DhtmlXqErrorKind| DhtmlXqError { offset, kind };

    // Moves first: the side to move follows from the first moved piece.
    let mut moves: Vec<(Square, Square, usize)> = Vec::new();
    if let Some(t) = find("movelist") {
        let digits: Vec<(usize, u8)> = t
            .value
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| {
                (
                    i,
                    if c.is_ascii_digit() {
                        c as u8 - b'0'
                    } else {
                        255
                    },
                )
            })
            .collect();
        if !digits.len().is_multiple_of(4) || digits.iter().any(|&(_, d)| d > 9) {
            return Err(err(t.offset, DhtmlXqErrorKind::InvalidMoveList));
        }
        for (ply, q) in digits.chunks_exact(4).enumerate() {
            let offset = t.offset + q[0].0;
            let text: String = q.iter().map(|&(_, d)| char::from(b'0' + d)).collect();
            let illegal = DhtmlXqErrorKind::IllegalMove { ply: ply + 1, text };
            match (square(q[0].1, q[1].1), square(q[2].1, q[3].1)) {
                (Some(from), Some(to)) if from != to => moves.push((from, to, offset)),
                _ => return Err(err(offset, illegal)),
            }
        }
    }

    let start = if let Some(t) = find("fen").filter(|t| !t.value.trim().is_empty()) {
        Position::from_fen(t.value.trim())
            .map_err(|e| err(t.offset, DhtmlXqErrorKind::InvalidPosition(e)))?
    } else {
        let board = match find("binit").filter(|t| !t.value.trim().is_empty()) {
            Some(t) => {
                parse_binit(t.value).ok_or_else(|| err(t.offset, DhtmlXqErrorKind::InvalidBinit))?
            }
            None => {
                let mut board = [None; 90];
                for (sq, p) in Position::startpos().pieces() {
                    board[sq.index()] = Some(p);
                }
                board
            }
        };
        let black_first = moves
            .first()
            .and_then(|&(from, _, _)| board[from.index()])
            .is_some_and(|p| p.color == Color::Black);
        let fen = format!(
            "{} {}",
            write_placement(|sq| board[sq.index()]),
            if black_first { 'b' } else { 'w' }
        );
        let offset = find("binit").map_or(0, |t| t.offset);
        Position::from_fen(&fen).map_err(|e| err(offset, DhtmlXqErrorKind::InvalidPosition(e)))?
    };

    let mut game = Game::new(start.clone());
    let mut pos = start;
    for (i, &(from, to, offset)) in moves.iter().enumerate() {
        let m = Move::new(from, to);
        if pos.play_mut(m).is_err() {
            let (f, t) = (from, to);
            let text = format!("{}{}", digits(f), digits(t));
            return Err(err(
                offset,
                DhtmlXqErrorKind::IllegalMove { ply: i + 1, text },
            ));
        }
        game.moves.push(m);
    }

    let mut out = Tags::new();
    for t in &tags {
        let lower = t.name.to_ascii_lowercase();
        if lower == "result" {
            game.result = parse_result(t.value);
        } else if let Some(ply) = lower.strip_prefix("comment") {
            // Main-line comments only: `comment<ply>`; `comment<branch>_<ply>` is a variation.
            if let Ok(ply) = ply.parse::<usize>() {
                if ply <= game.moves.len() {
                    game.add_comment(ply, &unescape(t.value));
                }
            }
        } else if let Some(&(_, pgn)) = TAG_NAMES.iter().find(|(d, _)| *d == lower) {
            let v = unescape(t.value);
            let v = v.trim();
            if !v.is_empty() {
                out.set(pgn, v);
            }
        }
    }
    game.tags = out;
    Ok(game)
}

/// Two digits `x y` (y from the top) for `sq`.
fn digits(sq: Square) -> String {
    format!("{}{}", sq.file().index(), sq.rank().flip())
}

/// Writes `game` as a `[DhtmlXQ]…[/DhtmlXQ]` block: known metadata, `binit`, `fen` when the game
/// does not start from the standard position, `movelist` and main-line comments.
///
/// # Errors
/// [`GameError`] if the game is inconsistent (see [`Game::validate`]).
pub fn write_dhtmlxq(game: &Game) -> Result<String, GameError> {
    game.validate()?;
    let mut out = String::from("[DhtmlXQ]\n");
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]\n"));
    };
    tag("ver", "www_dpxq_com");
    for (dhtml, pgn) in TAG_NAMES {
        if let Some(v) = game.tags.get(pgn) {
            tag(dhtml, &escape(v));
        }
    }
    tag("result", result_text(game.result));
    // binit: fill the slots of each colour in slot order, pieces sorted by square.
    let mut slots = [None::<Square>; 32];
    for (sq, piece) in game.start.pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        if let Some(i) =
            (0..16).find(|&i| super::SLOT_ROLES[i] == piece.role && slots[base + i].is_none())
        {
            slots[base + i] = Some(sq);
        }
    }
    let binit: String = slots
        .iter()
        .map(|s| s.map_or_else(|| "99".to_string(), digits))
        .collect();
    tag("binit", &binit);
    if !game.starts_from_standard_position() {
        tag("fen", &game.start_fen());
    }
    let movelist: String = game
        .moves
        .iter()
        .map(|m| format!("{}{}", digits(m.from()), digits(m.to())))
        .collect();
    tag("movelist", &movelist);
    for (ply, text) in &game.comments {
        tag(&format!("comment{ply}"), &escape(text));
    }
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}

/// Newlines become `||`; `\`, `|`, `[` and `]` become `\u005c`, `\u007c`, `\u005b` and `\u005d`, so that
/// values never look like tags or escapes.
fn escape(text: &str) -> String {
    text.replace('\\', "\\u005c")
        .replace('|', "\\u007c")
        .replace("\r\n", "\n")
        .replace('\n', "||")
        .replace('[', "\\u005b")
        .replace(']', "\\u005d")
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_BINIT: &str = "0919293949596979891777062646668600102030405060708012720323436383";

    #[test]
    fn start_binit_is_the_start_position() {
        let board = parse_binit(START_BINIT).expect("valid");
        assert_eq!(
            write_placement(|sq| board[sq.index()]),
            Position::startpos().board_fen(),
            "RULES.md §4.4 start binit"
        );
    }

    #[test]
    fn talkchess_movelist_prefix() {
        // RULES.md §1.4: 6947 7252 7967 7062 = g0e2 h7f7 h0g2 h9g7.
        let text = "[DhtmlXQ][DhtmlXQ_movelist]6947725279677062[/DhtmlXQ_movelist][/DhtmlXQ]";
        let g = parse_dhtmlxq(text).expect("parses");
        let moves: Vec<String> = g.moves.iter().map(Move::to_string).collect();
        assert_eq!(moves, ["g0e2", "h7f7", "h0g2", "h9g7"]);
    }

    #[test]
    fn unescaping() {
        assert_eq!(unescape("a||b\\u4e2dc\\uZZ"), "a\nb中c\\uZZ");
        assert_eq!(unescape("\\u"), "\\u");
        assert_eq!(unescape(&escape("x[1]\ny")), "x[1]\ny");
        assert_eq!(unescape(&escape("a\\u0041\\")), "a\\u0041\\");
        assert_eq!(unescape(&escape("a||b\n")), "a||b\n");
    }

    #[test]
    fn results() {
        assert_eq!(parse_result("红胜"), GameResult::RedWins);
        assert_eq!(parse_result("红先负"), GameResult::BlackWins);
        assert_eq!(parse_result("黑胜"), GameResult::BlackWins);
        assert_eq!(parse_result("和棋"), GameResult::Draw);
        assert_eq!(parse_result("红先和"), GameResult::Draw);
        assert_eq!(parse_result("未知"), GameResult::Unfinished);
        assert_eq!(parse_result("1-0"), GameResult::RedWins);
    }
}
