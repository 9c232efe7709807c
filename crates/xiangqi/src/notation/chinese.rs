//! Chinese notation (中文纵线记谱, RULES.md §3.2 and §3.4): `炮二平五`, `马8进7`, `前车进三`,
//! `中兵平六`, `二兵平四`, `前六平五`.
//!
//! The writer uses simplified glyphs, Chinese numerals for Red and ASCII (or, on request,
//! full-width) digits for Black. The parser also reads traditional and variant glyphs
//! (帥將俥車傌馬砲包進後…), either kind of digit for either side, xqbase's 一二三四五 numbering
//! across crowded files and the five-character form `前兵九平八`.

use super::files::{always_by_file, describe, place, Dir};
use super::resolve::{resolve, Need, Selector, Spec, Which};
use super::NotationError;
use crate::{Color, Move, Position, Role};

/// How Black's numbers are written in Chinese notation (Red always uses 一…九).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChineseDigits {
    /// ASCII digits `1`–`9` (`马8进7`), the canonical form.
    #[default]
    Ascii,
    /// Full-width digits `１`–`９` (`马８进７`), as in xqbase/XQStudio files.
    FullWidth,
}

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// `n` (1..=9) as `color` writes it.
fn number(color: Color, digits: ChineseDigits, n: u8) -> char {
    let i = usize::from(n.clamp(1, 9) - 1);
    match (color, digits) {
        (Color::Red, _) => NUMERALS[i],
        (Color::Black, ChineseDigits::Ascii) => char::from(b'0' + n.clamp(1, 9)),
        (Color::Black, ChineseDigits::FullWidth) => FULL_WIDTH[i],
    }
}

/// Writes the legal move `m` of `pos` in Chinese notation with Black's numbers in `digits`;
/// falls back to ICCS (`h2e2`) if no piece of the side to move stands on the source point.
#[must_use]
pub fn write_chinese(pos: &Position, m: Move, digits: ChineseDigits) -> String {
    write(pos, m, digits).unwrap_or_else(|| m.to_string())
}

/// Chinese text of `m`, or `None` if no piece of the side to move stands on its source point.
pub(super) fn write(pos: &Position, m: Move, digits: ChineseDigits) -> Option<String> {
    let color = pos.turn();
    let piece = pos.piece_at(m.from()).filter(|p| p.color == color)?;
    let role = piece.role;
    let pl = place(pos, color, role, m.from());
    let num = |n| number(color, digits, n);
    let mut s = String::with_capacity(16);
    if always_by_file(role) || pl.count == 1 {
        s.push(piece.notation_char());
        s.push(num(pl.file));
    } else {
        let word = match (pl.count, pl.index) {
            (_, 0) => '前',
            (2, _) | (3, 2) => '后',
            (3, _) => '中',
            (_, i) => NUMERALS.get(i).copied().unwrap_or('后'),
        };
        s.push(word);
        if pl.multi >= 2 {
            // Two crowded files: the file replaces the piece name (前六平五).
            s.push(num(pl.file));
        } else {
            s.push(piece.notation_char());
        }
    }
    let (dir, target) = describe(color, role, m);
    s.push(match dir {
        Dir::Forward => '进',
        Dir::Backward => '退',
        Dir::Traverse => '平',
    });
    s.push(num(target));
    Some(s)
}

/// One symbol of a Chinese move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    Num(u8),
    Pos(Which),
    Dir(Dir),
}

/// The symbol of `c`, accepting simplified, traditional and variant glyphs and both digit kinds.
fn token(c: char) -> Option<Tok> {
    let piece = |r| Some(Tok::Piece(r));
    match c {
        '帅' | '帥' | '将' | '將' => piece(Role::King),
        '仕' | '士' => piece(Role::Advisor),
        '相' | '象' => piece(Role::Elephant),
        '马' | '馬' | '傌' => piece(Role::Horse),
        '车' | '車' | '俥' | '硨' => piece(Role::Chariot),
        '炮' | '砲' | '包' => piece(Role::Cannon),
        '兵' | '卒' => piece(Role::Pawn),
        '前' => Some(Tok::Pos(Which::Front)),
        '中' => Some(Tok::Pos(Which::Middle)),
        '后' | '後' => Some(Tok::Pos(Which::Back)),
        '进' | '進' => Some(Tok::Dir(Dir::Forward)),
        '退' => Some(Tok::Dir(Dir::Backward)),
        '平' => Some(Tok::Dir(Dir::Traverse)),
        '1'..='9' => Some(Tok::Num(c as u8 - b'0')),
        _ => {
            let i = NUMERALS
                .iter()
                .position(|&x| x == c)
                .or_else(|| FULL_WIDTH.iter().position(|&x| x == c))?;
            Some(Tok::Num(i as u8 + 1))
        }
    }
}

/// Reads a Chinese move of `pos`.
///
/// # Errors
/// [`NotationError::Syntax`] if `text` is no Chinese move; `Illegal`/`Ambiguous` from resolution.
pub(super) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let syntax = || NotationError::Syntax(text.to_string());
    let mut toks = Vec::with_capacity(5);
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        toks.push(token(c).ok_or_else(syntax)?);
        if toks.len() > 5 {
            return Err(syntax());
        }
    }
    use Tok::{Num, Piece, Pos};
    let (role, selector, dir, target) = match toks[..] {
        [Piece(r), Num(f), Tok::Dir(d), Num(t)] => (r, Selector::File(f), d, t),
        [Pos(w), Piece(r), Tok::Dir(d), Num(t)] => (r, Selector::Which(w), d, t),
        [Num(n), Piece(r), Tok::Dir(d), Num(t)] => (r, Selector::Global(n), d, t),
        [Pos(w), Num(f), Tok::Dir(d), Num(t)] => (Role::Pawn, on_file(w, f), d, t),
        [Pos(w), Piece(r), Num(f), Tok::Dir(d), Num(t)] => (r, on_file(w, f), d, t),
        [Num(n), Piece(r), Num(f), Tok::Dir(d), Num(t)] => (r, on_file(Which::Nth(n), f), d, t),
        _ => return Err(syntax()),
    };
    let spec = Spec {
        role,
        selector,
        dir,
        target,
    };
    resolve(pos, &[spec], text)
}

/// A position word on file number `file`.
fn on_file(which: Which, file: u8) -> Selector {
    Selector::OnFile {
        which,
        file,
        need: Need::Any,
    }
}
