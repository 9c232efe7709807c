//! Reading PGN games from text.

use super::lexer::{Lexer, Token, TokenKind};
use super::san::parse_san;
use super::{PgnError, PgnErrorKind};
use crate::notation::{parse_move, Notation, NotationError};
use crate::record::{Game, Tags};
use crate::{EndReason, GameResult, Move, Position};

/// Reads the first game of a PGN text.
///
/// # Errors
/// [`PgnError`] with the line and column of the first problem; [`PgnErrorKind::NoGame`] for a
/// text without any game.
pub fn parse_pgn(text: &str) -> Result<Game, PgnError> {
    let mut reader = Reader::new(text);
    match reader.next_game()? {
        Some(game) => Ok(game),
        None => Err(PgnError {
            line: 1,
            column: 1,
            kind: PgnErrorKind::NoGame,
        }),
    }
}

/// Reads every game of a PGN text (an empty or blank text gives no games). Text after a game's
/// result that does not start a new game (xqbase's `====` trailer, site notices) is skipped;
/// [`read_collection`](super::read_collection) also reports it.
///
/// # Errors
/// The first [`PgnError`] of any game.
pub fn parse_pgn_all(text: &str) -> Result<Vec<Game>, PgnError> {
    let collection = super::read_collection(text);
    match collection.errors.into_iter().next() {
        Some(failure) => Err(failure.error),
        None => Ok(collection.games),
    }
}

/// How the moves of a game are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Syntax {
    /// `[Format "Chinese"]` or no `[Format]`: Chinese, ASCII tokens recognised by shape.
    Auto,
    Iccs,
    Wxf,
    /// pychess / Fairy-Stockfish SAN (`[Variant "Xiangqi"]`).
    San,
}

/// A stream of games over one lexer, with one token of look-ahead.
pub(super) struct Reader<'a> {
    pub(super) lexer: Lexer<'a>,
    pub(super) pending: Option<Token>,
    /// The last game read ended at its result token or a separator line, so what follows may be
    /// a trailer.
    pub(super) ended_by_result: bool,
    /// The game being read has reached its move text (tags are behind it).
    pub(super) in_move_text: bool,
    /// Separator lines (`====`) that ended a game without a result: (line, text).
    pub(super) separators: Vec<(usize, String)>,
}

/// A game being read.
struct Builder {
    game: Game,
    pos: Position,
    syntax: Syntax,
    result_tag: Option<GameResult>,
}

impl<'a> Reader<'a> {
    pub(super) fn new(text: &'a str) -> Reader<'a> {
        Reader {
            lexer: Lexer::new(text),
            pending: None,
            ended_by_result: false,
            in_move_text: false,
            separators: Vec::new(),
        }
    }

    fn next(&mut self) -> Result<Option<Token>, PgnError> {
        match self.pending.take() {
            Some(t) => Ok(Some(t)),
            None => self.lexer.next_token(),
        }
    }

    pub(super) fn next_game(&mut self) -> Result<Option<Game>, PgnError> {
        self.ended_by_result = false;
        self.in_move_text = false;
        let mut tags: Vec<(Token, String, String)> = Vec::new();
        let mut builder: Option<Builder> = None;
        while let Some(token) = self.next()? {
            match &token.kind {
                TokenKind::Tag(name, value) => {
                    if let Some(b) = &builder {
                        if tags.is_empty() && b.game.moves.is_empty() {
                            // Only a comment so far: a preamble, not a game.
                            builder = None;
                        } else {
                            // A tag after the move text: the next game starts here.
                            self.pending = Some(token);
                            break;
                        }
                    }
                    let (name, value) = (name.clone(), value.clone());
                    tags.push((token, name, value));
                }
                TokenKind::Comment(text) => {
                    self.in_move_text = true;
                    let b = match &mut builder {
                        Some(b) => b,
                        None => builder.insert(Builder::new(&tags)?),
                    };
                    let ply = b.game.moves.len();
                    b.game.add_comment(ply, text);
                }
                TokenKind::Word(word) => {
                    self.in_move_text = true;
                    if is_separator(word)
                        && builder.as_ref().is_some_and(|b| !b.game.moves.is_empty())
                    {
                        // A trailer after a game without a result token.
                        self.separators.push((token.line, word.clone()));
                        self.ended_by_result = true;
                        break;
                    }
                    let b = match &mut builder {
                        Some(b) => b,
                        None => builder.insert(Builder::new(&tags)?),
                    };
                    if let Some(result) = result_token(word) {
                        b.game.result = b.result_tag.unwrap_or(result);
                        self.ended_by_result = true;
                        break;
                    }
                    if let Some(text) = move_text(word) {
                        b.play(text, &token)?;
                    }
                }
            }
        }
        match builder {
            Some(b) => Ok(Some(b.finish())),
            None if !tags.is_empty() => Ok(Some(Builder::new(&tags)?.finish())),
            None => Ok(None),
        }
    }
}

impl Builder {
    /// Sets up a game from its tag section.
    fn new(tags: &[(Token, String, String)]) -> Result<Builder, PgnError> {
        let get = |name: &str| {
            tags.iter()
                .rev()
                .find(|(_, n, _)| n.eq_ignore_ascii_case(name))
        };
        let mut syntax = match get("Format").map(|(_, _, v)| v.trim().to_ascii_lowercase()) {
            Some(f) if f == "iccs" || f == "node" || f == "ucci" => Syntax::Iccs,
            Some(f) if f == "wxf" || f == "axf" => Syntax::Wxf,
            _ => Syntax::Auto,
        };
        if let Some((token, _, variant)) = get("Variant") {
            if !variant.trim().eq_ignore_ascii_case("xiangqi") {
                return Err(PgnError {
                    line: token.line,
                    column: token.column,
                    kind: PgnErrorKind::UnsupportedVariant(variant.clone()),
                });
            }
            syntax = Syntax::San;
        }
        let start = match get("FEN") {
            Some((token, _, fen)) if !fen.trim().is_empty() => Position::from_fen(fen.trim())
                .map_err(|e| PgnError {
                    line: token.line,
                    column: token.column,
                    kind: PgnErrorKind::InvalidFen(e),
                })?,
            _ => Position::startpos(),
        };
        let mut game = Game::new(start.clone());
        let mut result_tag = None;
        let mut out = Tags::new();
        for (_, name, value) in tags {
            let lower = name.to_ascii_lowercase();
            match lower.as_str() {
                "game" | "fen" | "format" | "setup" | "variant" | "plycount" => {}
                "result" => match value.trim().parse::<GameResult>() {
                    Ok(r) => result_tag = Some(r),
                    Err(()) => out.set(name, value),
                },
                "termination" => match end_reason(value) {
                    Some(r) => game.reason = Some(r),
                    None => out.set(name, value),
                },
                _ => out.set(name, value),
            }
        }
        if syntax == Syntax::San {
            // pychess writes chess colour names.
            for (white, red) in [("White", "Red"), ("WhiteElo", "RedElo")] {
                if out.get(red).is_none() {
                    if let Some(v) = out.remove(white) {
                        out.set(red, &v);
                    }
                }
            }
        }
        game.tags = out;
        game.result = result_tag.unwrap_or(GameResult::Unfinished);
        Ok(Builder {
            game,
            pos: start,
            syntax,
            result_tag: result_tag.filter(|r| *r != GameResult::Unfinished),
        })
    }

    fn play(&mut self, text: &str, token: &Token) -> Result<(), PgnError> {
        let ply = self.game.moves.len() + 1;
        let m = read_move(&self.pos, text, self.syntax).map_err(|error| PgnError {
            line: token.line,
            column: token.column,
            kind: PgnErrorKind::Move {
                ply,
                text: text.to_string(),
                error,
            },
        })?;
        self.pos.do_move(m);
        self.game.moves.push(m);
        Ok(())
    }

    fn finish(self) -> Game {
        self.game
    }
}

/// Whether `word` is a separator line such as xqbase's `============================` (four or
/// more of `=`, `-`, `_`, `*`, `~`, `#`, no move can look like that).
pub(super) fn is_separator(word: &str) -> bool {
    word.chars().count() >= 4
        && word
            .chars()
            .all(|c| matches!(c, '=' | '-' | '_' | '*' | '~' | '#'))
}

/// A result token, if `word` is one.
fn result_token(word: &str) -> Option<GameResult> {
    match word {
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" => word.parse().ok(),
        _ => None,
    }
}

/// `EndReason` names (`checkmate`, `perpetual_check`, …, spaces allowed for underscores) and
/// the chess PGN `Termination` values that mean the same.
fn end_reason(value: &str) -> Option<EndReason> {
    let v = value.trim().to_ascii_lowercase().replace([' ', '-'], "_");
    match v.as_str() {
        "time_forfeit" => Some(EndReason::Timeout),
        "abandon" => Some(EndReason::Abandoned),
        _ => v.parse().ok(),
    }
}

/// The move inside `word`, or `None` for move numbers (`12.`, `1...`), paddings (`……`, `....`)
/// and NAGs (`$1`). A number glued to a move (`1.h2e2`) is split off unless a digit follows
/// the dots (`33.4` is a WXF move).
fn move_text(word: &str) -> Option<&str> {
    let is_dot = |c: char| matches!(c, '.' | '…' | '。' | '．');
    if word.starts_with('$') {
        return None;
    }
    if word.chars().all(is_dot) {
        return None;
    }
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let after = &word[digits..];
        let rest = after.trim_start_matches(is_dot);
        if rest.len() < after.len() {
            if rest.is_empty() {
                return None;
            }
            if !rest.starts_with(|c: char| c.is_ascii_digit()) {
                return Some(rest);
            }
        }
    }
    Some(word)
}

/// What an ASCII move looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Iccs,
    Wxf,
    San,
}

/// The notation an ASCII move looks like: ICCS (`h2e2`, `H2-E2`), WXF (an operator inside, or
/// letter + two digits) or SAN.
fn guess_ascii(text: &str) -> Shape {
    let b = text.as_bytes();
    let file = |c: u8| (b'a'..=b'i').contains(&c.to_ascii_lowercase());
    let iccs = match b.len() {
        4 => file(b[0]) && b[1].is_ascii_digit() && file(b[2]) && b[3].is_ascii_digit(),
        5 => {
            file(b[0])
                && b[1].is_ascii_digit()
                && b[2] == b'-'
                && file(b[3])
                && b[4].is_ascii_digit()
        }
        _ => false,
    };
    if iccs {
        return Shape::Iccs;
    }
    let core = text.trim_end_matches(['+', '#']);
    let has_operator = core.contains(['+', '-', '.', '=']);
    let letter_digits = b.len() == 3 && b[1].is_ascii_digit() && b[2].is_ascii_digit();
    if has_operator || letter_digits {
        Shape::Wxf
    } else {
        Shape::San
    }
}

fn read_move(pos: &Position, text: &str, syntax: Syntax) -> Result<Move, NotationError> {
    let text = text.trim_end_matches(['!', '?']);
    if !text.is_ascii() {
        // Only Chinese moves have non-ASCII characters, whatever the `[Format]` tag says.
        return parse_move(pos, text, Notation::Chinese);
    }
    match syntax {
        Syntax::Iccs => parse_move(pos, text, Notation::Iccs),
        Syntax::Wxf => parse_move(pos, text, Notation::Wxf),
        Syntax::San => parse_san(pos, text),
        Syntax::Auto => match guess_ascii(text) {
            Shape::Iccs => parse_move(pos, text, Notation::Iccs),
            Shape::Wxf => parse_move(pos, text, Notation::Wxf),
            Shape::San => parse_san(pos, text),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_and_paddings() {
        assert_eq!(move_text("1."), None);
        assert_eq!(move_text("12..."), None);
        assert_eq!(move_text("……"), None);
        assert_eq!(move_text("....."), None);
        assert_eq!(move_text("$14"), None);
        assert_eq!(move_text("1.h2e2"), Some("h2e2"));
        assert_eq!(move_text("3...炮8平5"), Some("炮8平5"));
        assert_eq!(move_text("33.4"), Some("33.4"));
        assert_eq!(move_text("6+.5"), Some("6+.5"));
        assert_eq!(move_text("h2e2"), Some("h2e2"));
    }

    #[test]
    fn ascii_shapes() {
        assert_eq!(guess_ascii("h2e2"), Shape::Iccs);
        assert_eq!(guess_ascii("H2-E2"), Shape::Iccs);
        assert_eq!(guess_ascii("C2.5"), Shape::Wxf);
        assert_eq!(guess_ascii("C2=5"), Shape::Wxf);
        assert_eq!(guess_ascii("R++3"), Shape::Wxf);
        assert_eq!(guess_ascii("C25"), Shape::Wxf);
        assert_eq!(guess_ascii("Ce3"), Shape::San);
        assert_eq!(guess_ascii("Rxe9+"), Shape::San);
        assert_eq!(guess_ascii("Cxh10"), Shape::San);
    }

    #[test]
    fn termination_values() {
        assert_eq!(end_reason("checkmate"), Some(EndReason::Checkmate));
        assert_eq!(
            end_reason("Perpetual check"),
            Some(EndReason::PerpetualCheck)
        );
        assert_eq!(end_reason("time forfeit"), Some(EndReason::Timeout));
        assert_eq!(end_reason("normal"), None);
    }
}
