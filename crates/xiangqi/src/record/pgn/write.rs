//! Writing xqbase-style PGN.

use crate::notation::{write_move, Notation};
use crate::record::{Game, GameError};
use crate::{Color, Move};

/// Tags written first, in this order (the xqbase writer's order), after `[Game "Chinese Chess"]`.
const LEADING_TAGS: [&str; 10] = [
    "Event",
    "Round",
    "Date",
    "Site",
    "RedTeam",
    "Red",
    "RedElo",
    "BlackTeam",
    "Black",
    "BlackElo",
];

/// Tags written right after `[Result]`.
const OPENING_TAGS: [&str; 3] = ["ECCO", "Opening", "Variation"];

/// Tags the writer derives from the game's fields; copies in [`Game::tags`] are ignored.
const DERIVED_TAGS: [&str; 8] = [
    "Game",
    "Result",
    "Termination",
    "Format",
    "FEN",
    "SetUp",
    "Variant",
    "PlyCount",
];

/// Longest move-text line, in display columns (a CJK character counts two).
const LINE_WIDTH: usize = 80;

/// Writes `game` as UTF-8 PGN with moves in `notation`, ending with a newline.
///
/// Tags: `[Game "Chinese Chess"]`, then Event, Round, Date, Site, RedTeam, Red, RedElo,
/// BlackTeam, Black, BlackElo, Result, ECCO, Opening, Variation, the other tags in their order,
/// `[Termination]` (the [`crate::EndReason`] name) when the reason is known, `[Format]` and
/// `[FEN]` when the game does not start from the standard position. ICCS moves are written
/// `H2-E2`; [`Notation::Uci`] is not a PGN format and is written as ICCS too. Comments `{…}`
/// follow their move (a `}` inside becomes `｝`); lines are wrapped at 80 columns.
///
/// # Errors
/// [`GameError`] if the game is inconsistent (see [`Game::validate`]).
pub fn write_pgn(game: &Game, notation: Notation) -> Result<String, GameError> {
    game.validate()?;
    let notation = match notation {
        Notation::Uci => Notation::Iccs,
        n => n,
    };
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value
            .replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace(['\r', '\n'], " ");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    tag("Game", "Chinese Chess");
    let is_listed = |name: &str, list: &[&str]| list.iter().any(|t| t.eq_ignore_ascii_case(name));
    for name in LEADING_TAGS {
        if let Some(v) = game.tags.get(name) {
            tag(name, v);
        }
    }
    tag("Result", game.result.as_str());
    for name in OPENING_TAGS {
        if let Some(v) = game.tags.get(name) {
            tag(name, v);
        }
    }
    for (name, value) in game.tags.iter() {
        let known = is_listed(name, &LEADING_TAGS)
            || is_listed(name, &OPENING_TAGS)
            || is_listed(name, &DERIVED_TAGS);
        let valid_name = !name.is_empty()
            && name
                .chars()
                .all(|c| !c.is_whitespace() && !matches!(c, '"' | '[' | ']'));
        if !known && valid_name {
            tag(name, value);
        }
    }
    if let Some(reason) = game.reason {
        tag("Termination", reason.as_str());
    }
    tag(
        "Format",
        match notation {
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
            Notation::Iccs | Notation::Uci => "ICCS",
        },
    );
    if !game.starts_from_standard_position() {
        tag("FEN", &game.start_fen());
    }
    out.push('\n');
    out.push_str(&move_text(game, notation));
    Ok(out)
}

/// The move text, wrapped, with the result token and a final newline.
fn move_text(game: &Game, notation: Notation) -> String {
    let mut units: Vec<String> = Vec::new();
    if let Some(c) = game.comment(0) {
        units.push(comment(c));
    }
    let mut pos = game.start.clone();
    let mut number = game.start.fullmoves();
    for (i, &m) in game.moves.iter().enumerate() {
        let text = move_string(&pos, m, notation);
        if pos.turn() == Color::Red {
            units.push(format!("{number}. {text}"));
        } else if i == 0 {
            let padding = match notation {
                Notation::Chinese => "……",
                Notation::Wxf => "....",
                Notation::Iccs | Notation::Uci => ".....",
            };
            units.push(format!("{number}. {padding} {text}"));
        } else {
            units.push(text);
        }
        if pos.turn() == Color::Black {
            number += 1;
        }
        pos.do_move(m);
        if let Some(c) = game.comment(i + 1) {
            units.push(comment(c));
        }
    }
    units.push(game.result.as_str().to_string());
    wrap(&units)
}

fn move_string(pos: &crate::Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs | Notation::Uci => {
            let s = m.to_string().to_ascii_uppercase();
            format!("{}-{}", &s[..2], &s[2..])
        }
        n => write_move(pos, m, n),
    }
}

fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', "｝"))
}

/// Display width: two columns for non-ASCII (CJK) characters.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// Joins `units` with spaces into lines of at most [`LINE_WIDTH`] columns (a longer unit gets a
/// line of its own).
fn wrap(units: &[String]) -> String {
    let mut out = String::new();
    let mut line_width = 0;
    for u in units {
        let w = width(u);
        if line_width > 0 && line_width + 1 + w > LINE_WIDTH {
            out.push('\n');
            line_width = 0;
        }
        if line_width > 0 {
            out.push(' ');
            line_width += 1;
        }
        out.push_str(u);
        line_width += w;
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_units_whole() {
        let units: Vec<String> = (1..=30).map(|i| format!("{i}. H2-E2 H9-G7")).collect();
        let text = wrap(&units);
        for line in text.lines() {
            assert!(width(line) <= LINE_WIDTH, "{line}");
            assert!(line.starts_with(|c: char| c.is_ascii_digit()), "{line}");
        }
        assert_eq!(text.lines().count(), 6);
        let long = vec!["x".repeat(100), "y".to_string()];
        assert_eq!(wrap(&long), format!("{}\ny\n", "x".repeat(100)));
    }

    #[test]
    fn cjk_counts_double() {
        assert_eq!(width("1. 炮二平五"), 11);
    }
}
