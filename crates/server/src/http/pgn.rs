//! PGN export of a stored game in ICCS, WXF or Chinese notation (xiangqi::notation writes the
//! moves).

use crate::error::AppError;
use protocol::error_code::ErrorCode;
use std::fmt::Write;
use store::GameRow;
use xiangqi::notation::{write_move, Notation};
use xiangqi::Position;

/// The move notation of an export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PgnNotation {
    /// `h2e2`.
    Iccs,
    /// `C2.5`.
    Wxf,
    /// `炮二平五`.
    Chinese,
}

impl PgnNotation {
    /// `?notation=` of an export (`iccs` when absent).
    ///
    /// # Errors
    /// [`AppError::BadRequest`] `unsupported_notation` for another name.
    pub fn from_query(name: Option<&str>) -> Result<PgnNotation, AppError> {
        match name.unwrap_or("iccs") {
            "iccs" => Ok(PgnNotation::Iccs),
            "wxf" => Ok(PgnNotation::Wxf),
            "chinese" => Ok(PgnNotation::Chinese),
            other => Err(AppError::BadRequest(
                ErrorCode::UnsupportedNotation,
                format!("unknown notation {other:?} (iccs, wxf, chinese)"),
            )),
        }
    }

    fn notation(self) -> Notation {
        match self {
            PgnNotation::Iccs => Notation::Iccs,
            PgnNotation::Wxf => Notation::Wxf,
            PgnNotation::Chinese => Notation::Chinese,
        }
    }

    fn format_tag(self) -> &'static str {
        match self {
            PgnNotation::Iccs => "ICCS",
            PgnNotation::Wxf => "WXF",
            PgnNotation::Chinese => "Chinese",
        }
    }
}

pub use kit::clock::pgn_date;

/// The PGN text of `g`.
///
/// # Errors
/// A message if the stored start position or a move is invalid.
pub fn write(g: &GameRow, red: &str, black: &str, notation: PgnNotation) -> Result<String, String> {
    write_in(g, (red, black), notation, None)
}

/// The PGN text of `g` played in an event: `event` gives its `Event` and `Round` tags.
///
/// # Errors
/// As [`write`].
pub fn write_in(
    g: &GameRow,
    (red, black): (&str, &str),
    notation: PgnNotation,
    event: Option<(&str, &str)>,
) -> Result<String, String> {
    let start = Position::from_fen(&g.start_fen).map_err(|e| e.to_string())?;
    let result = g.result.as_deref().unwrap_or("*");
    let mut out = String::new();
    let tag = |out: &mut String, k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{k} \"{v}\"]");
    };
    tag(&mut out, "Game", "Chinese Chess");
    tag(&mut out, "Event", event.map_or("Chuhe", |e| e.0));
    tag(&mut out, "Site", "Chuhe");
    tag(&mut out, "Date", &pgn_date(g.started_at));
    if let Some((_, round)) = event {
        tag(&mut out, "Round", round);
    }
    tag(&mut out, "Red", red);
    tag(&mut out, "Black", black);
    tag(&mut out, "Result", result);
    if start != Position::startpos() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &g.start_fen);
    }
    // The opening by ECCO (issue #39): code, Chinese name, variation; from the standard start.
    if start == Position::startpos() {
        if let Some(o) = study::ecco::classify(&g.moves).and_then(|c| c.opening()) {
            tag(&mut out, "ECCO", &o.code.to_string());
            tag(&mut out, "Opening", o.name);
            if !o.variation.is_empty() {
                tag(&mut out, "Variation", o.variation);
            }
        }
    }
    tag(&mut out, "Format", notation.format_tag());
    if let Some(reason) = &g.reason {
        tag(&mut out, "Termination", reason);
    }
    out.push('\n');
    // A start with Black to move (a 让先 handicap) numbers its first move `1...`.
    let black_first = usize::from(start.turn() == xiangqi::Color::Black);
    let mut pos = start;
    let mut line = String::new();
    for (i, &m) in g.moves.iter().enumerate() {
        let k = i + black_first;
        if k % 2 == 0 {
            let _ = write!(line, "{}. ", k / 2 + 1);
        } else if i == 0 {
            line.push_str("1... ");
        }
        let text = write_move(&pos, m, notation.notation());
        pos.play_mut(m)
            .map_err(|_| format!("illegal stored move {m} at ply {}", i + 1))?;
        line.push_str(&text);
        line.push(' ');
        if line.chars().count() > 70 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    line.push_str(result);
    out.push_str(&line);
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
    }

    fn row(fen: &str, moves: &[&str]) -> GameRow {
        GameRow {
            id: platform::GameId(1),
            table: platform::TableId(1),
            room: "r".into(),
            red: platform::UserId(1),
            black: platform::UserId(2),
            control: platform::clock::TimeControl::untimed(),
            start_fen: fen.to_owned(),
            ai_level: None,
            status: "finished".into(),
            result: Some("1-0".into()),
            reason: None,
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
            clocks: Vec::new(),
            rated: false,
            casual: false,
            ratings: None,
            started_at: 0,
            ended_at: None,
        }
    }

    #[test]
    fn the_opening_is_named_by_ecco_from_the_standard_start_only() {
        let g = row(xiangqi::START_FEN, &["h2e2", "h9g7", "h0g2", "i9h9"]);
        let pgn = write(&g, "a", "b", PgnNotation::Chinese).unwrap();
        let code = study::ecco::classify(&g.moves).unwrap();
        assert!(pgn.contains(&format!("[ECCO \"{code}\"]")), "{pgn}");
        assert!(pgn.contains("[Opening \""), "{pgn}");
        let fen = xiangqi::START_FEN.replace(" w ", " b ");
        let g = row(&fen, &["h7e7"]);
        let pgn = write(&g, "a", "b", PgnNotation::Iccs).unwrap();
        assert!(!pgn.contains("[ECCO"), "{pgn}");
    }

    #[test]
    fn a_black_first_start_is_set_up_and_numbered_from_1_dots() {
        let fen = xiangqi::START_FEN.replace(" w ", " b ");
        let g = GameRow {
            id: platform::GameId(1),
            table: platform::TableId(1),
            room: "r".into(),
            red: platform::UserId(1),
            black: platform::UserId(2),
            control: platform::clock::TimeControl::untimed(),
            start_fen: fen.clone(),
            ai_level: None,
            status: "finished".into(),
            result: Some("0-1".into()),
            reason: None,
            moves: vec!["h7e7".parse().unwrap(), "h2e2".parse().unwrap()],
            clocks: Vec::new(),
            rated: false,
            casual: false,
            ratings: None,
            started_at: 0,
            ended_at: None,
        };
        let pgn = write(&g, "a", "b", PgnNotation::Iccs).unwrap();
        assert!(
            pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]")),
            "{pgn}"
        );
        let moves = pgn.lines().last().unwrap_or_default();
        assert!(
            moves.starts_with("1... ") && moves.contains(" 2. "),
            "{pgn}"
        );
    }
}
