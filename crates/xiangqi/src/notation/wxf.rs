//! WXF/AXF notation (RULES.md §3.3–3.4): `C2.5`, `H8+7`, `R++3`, `P5.6`, `6+.5`, `--.4`.
//!
//! The writer emits the official form with `.` for traverses. The parser also reads `=` or no
//! operator for traverses, lower case, `N`/`B`/`G`, numeric-keypad piece digits 1–7, xqbase
//! `+C-2`/`P.`/`Pa`…`Pe` forms and Fairy-Stockfish's `15=6` tandem-pawn form.

use super::files::{always_by_file, describe, place, Dir};
use super::resolve::{resolve, Need, Selector, Spec, Which};
use super::NotationError;
use crate::{Move, Position, Role};

/// Official WXF text of the legal move `m`, or `None` if no piece of the side to move stands on
/// its source point.
pub(super) fn write(pos: &Position, m: Move) -> Option<String> {
    let color = pos.turn();
    let piece = pos.piece_at(m.from()).filter(|p| p.color == color)?;
    let role = piece.role;
    let letter = role.wxf_char();
    let pl = place(pos, color, role, m.from());
    let digit = |n: u8| char::from(b'0' + n);
    let mut s = String::with_capacity(4);
    if always_by_file(role) || pl.count == 1 {
        s.push(letter);
        s.push(digit(pl.file));
    } else {
        // Position mark; the middle of 3 or 5 uses the plain file digit.
        let mark = match (pl.count, pl.index) {
            (2 | 3, 0) => '+',
            (2, _) | (3, 2) => '-',
            (4 | 5, 1) => '+',
            (4, 2) | (5, 3) => '-',
            _ => digit(pl.file),
        };
        if pl.multi >= 2 {
            s.push(digit(pl.file));
            s.push(mark);
        } else if pl.count >= 4 && pl.index == 0 {
            s.push_str("++");
        } else if pl.count >= 4 && pl.index + 1 == pl.count {
            s.push_str("--");
        } else {
            s.push(letter);
            s.push(mark);
        }
    }
    let (dir, target) = describe(color, role, m);
    s.push(match dir {
        Dir::Forward => '+',
        Dir::Backward => '-',
        Dir::Traverse => '.',
    });
    s.push(digit(target));
    Some(s)
}

/// The role named by a WXF letter (upper case), including the older `N`, `B`, `G`.
fn letter_role(c: char) -> Option<Role> {
    Some(match c {
        'K' | 'G' => Role::King,
        'A' => Role::Advisor,
        'E' | 'B' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' => Role::Pawn,
        _ => return None,
    })
}

/// The role of a numeric-keypad piece digit (xqbase): 1 = K … 7 = P.
fn keypad_role(d: u8) -> Option<Role> {
    Role::ALL.get(usize::from(d).checked_sub(1)?).copied()
}

/// Maps full-width ASCII (`Ｃ２．５`) and `−` to ASCII and upper-cases; drops whitespace.
fn normalize(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match u32::from(c) {
            0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            0x2212 => '-',
            _ => c,
        })
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// `1`..`9` as a number.
fn digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

/// xqbase pawn index letter `A`..`E` (after upper-casing) as 1..=5.
fn index_letter(c: char) -> Option<u8> {
    match c {
        'A'..='E' => Some(c as u8 - b'A' + 1),
        _ => None,
    }
}

/// The position word of a `+`, `-` or `.` mark.
fn mark(c: char) -> Option<Which> {
    match c {
        '+' => Some(Which::Plus),
        '-' => Some(Which::Minus),
        '.' => Some(Which::Middle),
        _ => None,
    }
}

/// The readings of the first two symbols, most likely first; `op` is the operator character.
fn selectors(c0: char, c1: char, op: char) -> Vec<(Role, Selector)> {
    let mut out = Vec::new();
    if let Some(role) = letter_role(c0) {
        if let Some(f) = digit(c1) {
            out.push((role, Selector::File(f)));
        } else if let Some(w) = mark(c1) {
            out.push((role, Selector::Which(w)));
        } else if let Some(n) = index_letter(c1) {
            out.push((role, Selector::Global(n)));
        }
    } else if let Some(w) = mark(c0) {
        if let Some(role) = letter_role(c1) {
            // xqbase `+C-2`: the mark before the letter.
            out.push((role, Selector::Which(w)));
        } else if c1 == c0 && c0 != '.' {
            // Official `++` / `--` (4–5 pawns on a file).
            let w = if c0 == '+' { Which::Front } else { Which::Back };
            out.push((Role::Pawn, Selector::Which(w)));
        }
    } else if let Some(d0) = digit(c0) {
        let keypad = keypad_role(d0);
        let on_file = |which, file, need| Selector::OnFile { which, file, need };
        if let Some(w) = mark(c1).filter(|&w| w != Which::Middle) {
            // Official two-file pawn form `6+.5`, then keypad `7+`.
            out.push((Role::Pawn, on_file(w, d0, Need::TwoFiles)));
            if let Some(role) = keypad {
                out.push((role, Selector::Which(w)));
            }
            out.push((Role::Pawn, on_file(w, d0, Need::Any)));
        } else if let Some(d1) = digit(c1) {
            let official =
                (d0 == d1).then(|| (Role::Pawn, on_file(Which::Middle, d0, Need::TwoFiles)));
            let fsf = (d0 <= 5).then(|| (Role::Pawn, on_file(Which::Nth(d0), d1, Need::Crowded)));
            let (first, second) = if op == '=' {
                (fsf, official)
            } else {
                (official, fsf)
            };
            out.extend(first);
            out.extend(second);
            if let Some(role) = keypad {
                out.push((role, Selector::File(d1)));
            }
        } else if let Some(role) = keypad {
            if c1 == '.' {
                out.push((role, Selector::Which(Which::Middle)));
            } else if let Some(n) = index_letter(c1) {
                out.push((role, Selector::Global(n)));
            }
        }
    }
    out
}

/// Reads a WXF move of `pos`.
///
/// # Errors
/// [`NotationError::Syntax`] if `text` is no WXF move; `Illegal`/`Ambiguous` from resolution.
pub(super) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let syntax = || NotationError::Syntax(text.to_string());
    let chars = normalize(text);
    let (c0, c1, op, t) = match chars[..] {
        [c0, c1, op, t] => (c0, c1, op, t),
        [c0, c1, t] => (c0, c1, '.', t),
        _ => return Err(syntax()),
    };
    let dir = match op {
        '+' => Dir::Forward,
        '-' => Dir::Backward,
        '.' | '=' => Dir::Traverse,
        _ => return Err(syntax()),
    };
    let target = digit(t).ok_or_else(syntax)?;
    let specs: Vec<Spec> = selectors(c0, c1, op)
        .into_iter()
        .map(|(role, selector)| Spec {
            role,
            selector,
            dir,
            target,
        })
        .collect();
    if specs.is_empty() {
        return Err(syntax());
    }
    resolve(pos, &specs, text)
}
