//! Reading game records people have (issue #22): PGN (xqbase collections with their trailers,
//! several games), XQF (binary) and DhtmlXQ, as `chuhe convert` reads them, from their raw bytes
//! in any encoding `study::read_record` reads (UTF-8, UTF-16, GB18030/GBK, Big5; XQF strings in
//! GBK or Big5), or in the one the caller names.

use serde::Serialize;
use std::collections::BTreeMap;
use study::{Encoding, RecordError, RecordKind};
use xiangqi::notation::Notation;
use xiangqi::record::{write_pgn, Game};

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
    /// The text encoding it was read in (`UTF-8`, `Big5`, `gb18030`, `UTF-16LE`, …; for XQF the
    /// encoding of its strings).
    pub encoding: &'static str,
    /// The games read, in file order.
    pub games: Vec<ImportedGame>,
    /// Text skipped between games.
    pub warnings: Vec<ImportWarning>,
    /// Games that could not be read (the others are still in `games`).
    pub errors: Vec<ImportFailure>,
}

/// Why no game could be read from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The bytes are text in no known encoding (UTF-8, UTF-16, GB18030, Big5), or not
    /// well-formed in the encoding named (`record_encoding`).
    Encoding(String),
    /// Text, but no game could be read from it (`bad_record`).
    Unreadable(String),
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
/// `[DhtmlXQ` tag, PGN otherwise. `encoding` names the text encoding instead of detecting it.
///
/// # Errors
/// [`ImportError`] when no game at all can be read (with its line or byte offset).
pub fn read_record(
    bytes: &[u8],
    encoding: Option<&'static Encoding>,
) -> Result<Imported, ImportError> {
    let record = study::read_record(bytes, encoding).map_err(|e| match e {
        RecordError::Encoding(e) => ImportError::Encoding(e.to_string()),
        RecordError::Unreadable(m) => ImportError::Unreadable(m),
    })?;
    let format = match record.kind {
        RecordKind::Pgn => RecordFormat::Pgn,
        RecordKind::Xqf => RecordFormat::Xqf,
        RecordKind::Dhtmlxq => RecordFormat::Dhtmlxq,
    };
    let encoding = record.encoding.name();
    let c = record.collection;
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
        return Err(ImportError::Unreadable(match errors.first() {
            Some(f) => format!("PGN: game {}: {}", f.game, f.message),
            None => "no game found".to_owned(),
        }));
    }
    Ok(Imported {
        format,
        encoding,
        games,
        warnings,
        errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_game_keeps_its_number_and_the_rest_are_numbered_around_it() {
        let text = "[Round \"1\"]\n1. h2e2 h9g7 1-0\n\n[Round \"2\"]\n1. h2e2 x9x9 *\n\n\
                    [Round \"3\"]\n1. b2e2 *\n";
        let r = read_record(text.as_bytes(), None).unwrap();
        let numbers: Vec<usize> = r.games.iter().map(|g| g.number).collect();
        assert_eq!(numbers, vec![1, 3]);
        assert_eq!(r.errors[0].game, 2);
        assert_eq!(r.games[0].moves, vec!["h2e2", "h9g7"]);
    }

    #[test]
    fn nothing_readable_is_an_error() {
        assert!(matches!(
            read_record(b"hello", None),
            Err(ImportError::Unreadable(_))
        ));
        assert!(read_record(b"XQ garbage", None).is_err());
    }

    #[test]
    fn big5_and_gbk_text_read_from_raw_bytes_and_noise_is_an_encoding_error() {
        let text = "[Red \"胡榮華\"]\n1. 炮二平五 馬８進７ 1-0\n";
        let (big5, _, _) = encoding_rs::BIG5.encode(text);
        let r = read_record(&big5, None).unwrap();
        assert_eq!((r.encoding, r.games[0].moves.len()), ("Big5", 2));
        let (gbk, _, _) = encoding_rs::GB18030.encode("1. 炮二平五 马８进７ 1-0\n");
        assert_eq!(read_record(&gbk, None).unwrap().encoding, "gb18030");
        // Named: Big5 bytes are not well-formed UTF-8.
        assert!(matches!(
            read_record(&big5, Some(encoding_rs::UTF_8)),
            Err(ImportError::Encoding(_))
        ));
        let noise: Vec<u8> = (0..600u32).map(|i| (i * 7 % 256) as u8).collect();
        assert!(matches!(
            read_record(&noise, None),
            Err(ImportError::Encoding(_))
        ));
    }
}
