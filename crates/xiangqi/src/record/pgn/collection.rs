//! Reading a file of many games as people have them: text between games that starts no game
//! (xqbase's `====` trailer and site notice, separators, notes) is skipped with a warning, and a
//! broken game is reported by its number while the reader moves on to the next one.
//!
//! The decision is made line by line after a game's result: a line is a new game when it starts
//! with a tag (`[`), a comment (`{`, `(`, `;`) or a move number (`1.`); anything else is skipped.
//! After a broken game the reader skips to the next line that starts with `[` past the broken
//! game's move text.

use super::read::Reader;
use super::PgnError;
use crate::record::Game;
use std::fmt;

/// Every game a PGN text holds, with what was skipped and which games could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// The games that were read, in file order.
    pub games: Vec<Game>,
    /// Text that was skipped because it starts no game.
    pub warnings: Vec<PgnWarning>,
    /// Games that could not be read, by number.
    pub errors: Vec<GameFailure>,
}

/// Lines of text skipped between games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnWarning {
    /// 1-based line of the first skipped line.
    pub line: usize,
    /// How many non-blank lines were skipped.
    pub lines: usize,
    /// Number (1-based, counting broken games) of the game the text follows.
    pub after_game: usize,
    /// The first skipped line (at most 40 characters).
    pub text: String,
}

impl fmt::Display for PgnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.lines == 1 { "" } else { "s" };
        write!(
            f,
            "line {}: skipped {} line{plural} after game {} that start no game ('{}')",
            self.line, self.lines, self.after_game, self.text
        )
    }
}

/// A game of a collection that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFailure {
    /// 1-based number of the game in the file (games read and broken ones both count).
    pub game: usize,
    /// What went wrong, with its line and column in the whole text.
    pub error: PgnError,
}

impl fmt::Display for GameFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.error)
    }
}

impl std::error::Error for GameFailure {}

/// Reads every game of a PGN text; never fails. Trailers and other text that follows a game's
/// result without starting a new game become [`PgnWarning`]s, and a broken game becomes a
/// [`GameFailure`] while the games after it are still read.
///
/// ```
/// use xiangqi::record::read_collection;
/// let text = "[Round \"1\"]\n1. h2e2 h9g7 1-0\n=====\nwww.xqbase.com\n\n\
///             [Round \"2\"]\n1. h2e2 x9x9 *\n\n[Round \"3\"]\n1. b2e2 *\n";
/// let c = read_collection(text);
/// assert_eq!(c.games.len(), 2);
/// assert_eq!(c.warnings[0].lines, 2);
/// assert_eq!((c.errors[0].game, c.errors[0].error.line), (2, 7));
/// ```
#[must_use]
pub fn read_collection(text: &str) -> Collection {
    let mut reader = Reader::new(text);
    let mut out = Collection::default();
    let mut number = 0;
    loop {
        match reader.next_game() {
            Ok(Some(game)) => {
                number += 1;
                out.games.push(game);
                if reader.ended_by_result {
                    skip_trailer(&mut reader, number, &mut out.warnings);
                }
            }
            Ok(None) => break,
            Err(error) => {
                number += 1;
                out.errors.push(GameFailure {
                    game: number,
                    error,
                });
                resync(&mut reader);
            }
        }
    }
    out
}

/// Skips the lines after a game's result that start no game, as one warning.
fn skip_trailer(reader: &mut Reader<'_>, after_game: usize, warnings: &mut Vec<PgnWarning>) {
    let mut warning: Option<PgnWarning> =
        reader
            .separators
            .drain(..)
            .next()
            .map(|(line, text)| PgnWarning {
                line,
                lines: 1,
                after_game,
                text: shorten(&text),
            });
    if warning.is_some() {
        // The rest of the separator's line belongs to it.
        reader.lexer.skip_line();
    }
    while let Some(c) = reader.lexer.peek_after_blanks() {
        if matches!(c, '[' | '{' | '(' | ';' | '%') || is_move_number(&reader.lexer.peek_word()) {
            break;
        }
        let (line, text) = reader.lexer.skip_line();
        match &mut warning {
            Some(w) => w.lines += 1,
            None => {
                warning = Some(PgnWarning {
                    line,
                    lines: 1,
                    after_game,
                    text: shorten(&text),
                });
            }
        }
    }
    warnings.extend(warning);
}

/// After a broken game: skips to the next line that starts with `[` and follows the broken
/// game's tags (so that the rest of a broken tag section is not taken for a game).
fn resync(reader: &mut Reader<'_>) {
    reader.pending = None;
    reader.lexer.skip_line();
    if !reader.in_move_text {
        while reader.lexer.peek_after_blanks() == Some('[') {
            reader.lexer.skip_line();
        }
    }
    while let Some(c) = reader.lexer.peek_after_blanks() {
        if c == '[' {
            break;
        }
        reader.lexer.skip_line();
    }
}

/// Whether `word` starts with a move number (`1.`, `12...`, `1.h2e2`).
fn is_move_number(word: &str) -> bool {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.len() < word.len() && rest.starts_with(['.', '…', '。', '．'])
}

fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(MAX - 1).collect();
        s.push('…');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers() {
        assert!(is_move_number("1."));
        assert!(is_move_number("12..."));
        assert!(is_move_number("1.h2e2"));
        assert!(!is_move_number("2006"));
        assert!(!is_move_number("h2e2"));
        assert!(!is_move_number("===="));
    }

    #[test]
    fn trailer_after_the_last_game() {
        let c = read_collection(
            "1. h2e2 h9g7 0-1\n====\n本文件由象棋百科全书生成\nhttps://www.xqbase.com/\n",
        );
        assert_eq!(c.games.len(), 1);
        assert!(c.errors.is_empty());
        assert_eq!(c.warnings.len(), 1);
        let w = &c.warnings[0];
        assert_eq!((w.line, w.lines, w.after_game), (2, 3, 1));
        assert_eq!(w.text, "====");
    }

    #[test]
    fn separator_without_result() {
        let c = read_collection(
            "[Result \"1-0\"]\n1. h2e2 h9g7\n==========\nsite\n[Round \"2\"]\n1. h2e2 *",
        );
        assert_eq!(c.games.len(), 2);
        assert_eq!(c.warnings.len(), 1);
        assert_eq!((c.warnings[0].line, c.warnings[0].lines), (3, 2));
    }

    #[test]
    fn broken_tags_skip_the_whole_game() {
        let c = read_collection(
            "[FEN \"bad\"]\n[Event \"x\"]\n1. h2e2 *\n\n[Event \"good\"]\n1. h2e2 h9g7 *\n",
        );
        assert_eq!(c.games.len(), 1);
        assert_eq!(c.games[0].tags.get("Event"), Some("good"));
        assert_eq!((c.errors[0].game, c.errors[0].error.line), (1, 1));
    }
}
