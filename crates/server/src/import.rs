//! Reading game records people have (issue #22): PGN (xqbase collections with their trailers,
//! several games), XQF (binary) and DhtmlXQ, as `chuhe convert` reads them. Text is UTF-8,
//! UTF-16 with a byte-order mark, or else GB18030 (GBK, GB2312); XQF strings are GB18030.

use serde::Serialize;
use std::collections::BTreeMap;
use xiangqi::notation::Notation;
use xiangqi::record::{decode_text, parse_dhtmlxq, read_collection, read_xqf, write_pgn, Game};

/// What a record was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordFormat {
    /// PGN, one or more games.
    Pgn,
    /// XQStudio binary.
    Xqf,
    /// DhtmlXQ / UBB text (its first record).
    Dhtmlxq,
}

/// One game read from a record, ready for the replay board (`ImportedGame` in docs/protocol.md).
#[derive(Clone, Debug, Serialize)]
pub struct ImportedGame {
    /// Its 1-based number in the file (broken games count).
    pub number: usize,
    /// The start position.
    pub start_fen: String,
    /// The main line in ICCS (`h2e2`).
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// Why it ended, when the record says.
    pub reason: Option<&'static str>,
    /// The record's tags (`Event`, `Red`, `ECCO`, …), in order, as `[name, value]`.
    pub tags: Vec<(String, String)>,
    /// Comments by ply (`0` = before the first move).
    pub comments: BTreeMap<usize, String>,
    /// The game as ICCS PGN (what `POST /api/me/collection` takes).
    pub pgn: String,
}

/// Text skipped between PGN games (a trailer, a site notice).
#[derive(Clone, Debug, Serialize)]
pub struct ImportWarning {
    /// 1-based line of the first skipped line.
    pub line: usize,
    /// What was skipped, in words.
    pub message: String,
}

/// A game of the record that could not be read.
#[derive(Clone, Debug, Serialize)]
pub struct ImportFailure {
    /// Its 1-based number in the file.
    pub game: usize,
    /// 1-based line (PGN), or 0 when the format has no lines.
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

/// Everything read from one record.
#[derive(Clone, Debug, Serialize)]
pub struct Imported {
    /// The format detected.
    pub format: RecordFormat,
    /// The games read, in file order.
    pub games: Vec<ImportedGame>,
    /// Text skipped between games.
    pub warnings: Vec<ImportWarning>,
    /// Games that could not be read (the others are still in `games`).
    pub errors: Vec<ImportFailure>,
}

/// GB18030 decoding of legacy text (never fails; malformed bytes become U+FFFD).
#[must_use]
pub fn decode_legacy(bytes: &[u8]) -> String {
    encoding_rs::GB18030
        .decode_without_bom_handling(bytes)
        .0
        .into_owned()
}

/// The view of a read game; `None` if it cannot be written back (never for a reader's game).
#[must_use]
pub fn game_view(number: usize, game: &Game) -> Option<ImportedGame> {
    let pgn = write_pgn(game, Notation::Iccs).ok()?;
    Some(ImportedGame {
        number,
        start_fen: game.start_fen(),
        moves: game.moves.iter().map(ToString::to_string).collect(),
        result: game.result.as_str(),
        reason: game.reason.map(|r| r.as_str()),
        tags: game
            .tags
            .iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect(),
        comments: game.comments.clone(),
        pgn,
    })
}

/// Reads every game of `bytes`: XQF when they start with `XQ`, DhtmlXQ when the text holds a
/// `[DhtmlXQ` tag, PGN otherwise.
///
/// # Errors
/// A message when no game at all can be read (with its line or byte offset).
pub fn read_record(bytes: &[u8]) -> Result<Imported, String> {
    if bytes.starts_with(b"XQ") {
        let game = read_xqf(bytes, &decode_legacy).map_err(|e| format!("XQF: {e}"))?;
        return single(RecordFormat::Xqf, &game);
    }
    let text = decode_text(bytes, &decode_legacy);
    if text.contains("[DhtmlXQ") {
        let game = parse_dhtmlxq(&text).map_err(|e| format!("DhtmlXQ: {e}"))?;
        return single(RecordFormat::Dhtmlxq, &game);
    }
    let c = read_collection(&text);
    let warnings = c
        .warnings
        .iter()
        .map(|w| ImportWarning {
            line: w.line,
            message: w.to_string(),
        })
        .collect();
    let errors: Vec<ImportFailure> = c
        .errors
        .iter()
        .map(|f| ImportFailure {
            game: f.game,
            line: f.error.line,
            message: f.error.to_string(),
        })
        .collect();
    // Game numbers count broken games: the n-th game read is the n-th number not broken.
    let broken: Vec<usize> = errors.iter().map(|f| f.game).collect();
    let mut numbers = (1..).filter(|n| !broken.contains(n));
    let games: Vec<ImportedGame> = c
        .games
        .iter()
        .filter_map(|g| game_view(numbers.next().unwrap_or(0), g))
        .collect();
    if games.is_empty() {
        return Err(match errors.first() {
            Some(f) => format!("PGN: game {}: {}", f.game, f.message),
            None => "no game found".to_owned(),
        });
    }
    Ok(Imported {
        format: RecordFormat::Pgn,
        games,
        warnings,
        errors,
    })
}

fn single(format: RecordFormat, game: &Game) -> Result<Imported, String> {
    let view = game_view(1, game).ok_or("the game cannot be written back")?;
    Ok(Imported {
        format,
        games: vec![view],
        warnings: Vec::new(),
        errors: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_game_keeps_its_number_and_the_rest_are_numbered_around_it() {
        let text = "[Round \"1\"]\n1. h2e2 h9g7 1-0\n\n[Round \"2\"]\n1. h2e2 x9x9 *\n\n\
                    [Round \"3\"]\n1. b2e2 *\n";
        let r = read_record(text.as_bytes()).unwrap();
        let numbers: Vec<usize> = r.games.iter().map(|g| g.number).collect();
        assert_eq!(numbers, vec![1, 3]);
        assert_eq!(r.errors[0].game, 2);
        assert_eq!(r.games[0].moves, vec!["h2e2", "h9g7"]);
    }

    #[test]
    fn nothing_readable_is_an_error() {
        assert!(read_record(b"hello").is_err());
        assert!(read_record(b"XQ garbage").is_err());
    }
}
