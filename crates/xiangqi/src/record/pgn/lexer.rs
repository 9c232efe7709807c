//! PGN tokens: tags, comments and words, each with its line and column.

use super::{PgnError, PgnErrorKind};
use std::iter::Peekable;
use std::str::Chars;

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum TokenKind {
    /// `[Name "value"]`.
    Tag(String, String),
    /// `{…}`, `(…)` or `; …` (text without the brackets).
    Comment(String),
    /// Anything else between blanks: move numbers, moves, results, NAGs.
    Word(String),
}

/// A token and where it starts (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Token {
    pub kind: TokenKind,
    pub line: usize,
    pub column: usize,
}

/// Reads tokens one at a time; a malformed token is an error at its start.
pub(super) struct Lexer<'a> {
    chars: Peekable<Chars<'a>>,
    line: usize,
    column: usize,
    at_line_start: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
            at_line_start: true,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
            self.at_line_start = true;
        } else {
            self.column += 1;
            if !c.is_whitespace() {
                self.at_line_start = false;
            }
        }
        Some(c)
    }

    fn error(line: usize, column: usize, kind: PgnErrorKind) -> PgnError {
        PgnError { line, column, kind }
    }

    /// The next token, `None` at the end.
    pub fn next_token(&mut self) -> Result<Option<Token>, PgnError> {
        loop {
            let Some(&c) = self.chars.peek() else {
                return Ok(None);
            };
            if c.is_whitespace() || c == '\u{FEFF}' {
                self.bump();
                continue;
            }
            // `%` at the start of a line escapes the whole line (PGN standard).
            if c == '%' && self.at_line_start {
                while let Some(c) = self.bump() {
                    if c == '\n' {
                        break;
                    }
                }
                continue;
            }
            let (line, column) = (self.line, self.column);
            let kind = match c {
                '[' => self.tag(line, column)?,
                '{' => self.brace_comment(line, column)?,
                '(' => self.paren_comment(line, column)?,
                ';' => self.line_comment(),
                '}' | ')' => {
                    return Err(Self::error(line, column, PgnErrorKind::UnexpectedChar(c)))
                }
                _ => self.word(),
            };
            return Ok(Some(Token { kind, line, column }));
        }
    }

    /// Skips blanks (and byte-order marks) and returns the next character, if any.
    pub fn peek_after_blanks(&mut self) -> Option<char> {
        while let Some(&c) = self.chars.peek() {
            if !(c.is_whitespace() || c == '\u{FEFF}') {
                return Some(c);
            }
            self.bump();
        }
        None
    }

    /// The characters from here to the next blank, without consuming them.
    pub fn peek_word(&self) -> String {
        self.chars
            .clone()
            .take_while(|c| !c.is_whitespace())
            .collect()
    }

    /// Consumes the rest of the current line (and its line break); returns its line and its
    /// text without surrounding blanks.
    pub fn skip_line(&mut self) -> (usize, String) {
        let line = self.line;
        let mut text = String::new();
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
            text.push(c);
        }
        (line, text.trim().to_string())
    }

    fn word(&mut self) -> TokenKind {
        let mut w = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() || matches!(c, '[' | '{' | '(' | ';' | '}' | ')') {
                break;
            }
            w.push(c);
            self.bump();
        }
        TokenKind::Word(w)
    }

    fn line_comment(&mut self) -> TokenKind {
        self.bump();
        let mut text = String::new();
        while let Some(&c) = self.chars.peek() {
            if c == '\n' {
                break;
            }
            text.push(c);
            self.bump();
        }
        TokenKind::Comment(text)
    }

    fn brace_comment(&mut self, line: usize, column: usize) -> Result<TokenKind, PgnError> {
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return Err(Self::error(line, column, PgnErrorKind::UnterminatedComment)),
                Some('}') => return Ok(TokenKind::Comment(text)),
                Some(c) => text.push(c),
            }
        }
    }

    /// `(…)`, nested parentheses included; the xqbase reader treats it as a comment.
    fn paren_comment(&mut self, line: usize, column: usize) -> Result<TokenKind, PgnError> {
        self.bump();
        let mut text = String::new();
        let mut depth = 1usize;
        loop {
            match self.bump() {
                None => return Err(Self::error(line, column, PgnErrorKind::UnterminatedComment)),
                Some('(') => {
                    depth += 1;
                    text.push('(');
                }
                Some(')') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(TokenKind::Comment(text));
                    }
                    text.push(')');
                }
                Some(c) => text.push(c),
            }
        }
    }

    /// `[Name "value"]` or `[Name value]`. A quote inside the value ends it only when `]`
    /// follows (legacy files do not escape quotes); `\"` and `\\` are escapes.
    fn tag(&mut self, line: usize, column: usize) -> Result<TokenKind, PgnError> {
        let unterminated = || Self::error(line, column, PgnErrorKind::UnterminatedTag);
        let malformed = || Self::error(line, column, PgnErrorKind::MalformedTag);
        self.bump();
        self.skip_blanks();
        let mut name = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() || c == '"' || c == ']' || c == '[' {
                break;
            }
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(malformed());
        }
        self.skip_blanks();
        let mut value = String::new();
        match self.chars.peek() {
            None => return Err(unterminated()),
            Some('"') => {
                self.bump();
                loop {
                    match self.bump() {
                        None | Some('\n') => return Err(unterminated()),
                        Some('\\') => match self.chars.peek() {
                            Some(&c @ ('"' | '\\')) => {
                                value.push(c);
                                self.bump();
                            }
                            _ => value.push('\\'),
                        },
                        Some('"') => {
                            if self.closes_tag() {
                                break;
                            }
                            value.push('"');
                        }
                        Some(c) => value.push(c),
                    }
                }
                self.skip_blanks();
            }
            Some(_) => {
                while let Some(&c) = self.chars.peek() {
                    if c == ']' || c == '\n' {
                        break;
                    }
                    value.push(c);
                    self.bump();
                }
                value = value.trim().to_string();
            }
        }
        match self.bump() {
            Some(']') => Ok(TokenKind::Tag(name, value)),
            None | Some('\n') => Err(unterminated()),
            Some(_) => Err(malformed()),
        }
    }

    /// Whether only blanks stand between here and a `]` on this line.
    fn closes_tag(&self) -> bool {
        let mut ahead = self.chars.clone();
        loop {
            match ahead.next() {
                Some(']') => return true,
                Some(c) if c != '\n' && c.is_whitespace() => {}
                _ => return false,
            }
        }
    }

    fn skip_blanks(&mut self) {
        while let Some(&c) = self.chars.peek() {
            if c == '\n' || !c.is_whitespace() {
                break;
            }
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Result<Vec<Token>, PgnError> {
        let mut lx = Lexer::new(text);
        let mut out = Vec::new();
        while let Some(t) = lx.next_token()? {
            out.push(t);
        }
        Ok(out)
    }

    fn kinds(text: &str) -> Vec<TokenKind> {
        tokens(text)
            .expect("lexes")
            .into_iter()
            .map(|t| t.kind)
            .collect()
    }

    fn word(s: &str) -> TokenKind {
        TokenKind::Word(s.to_string())
    }

    #[test]
    fn tags_with_escapes_and_bare_quotes() {
        assert_eq!(
            kinds(r#"[Event "a \"b\" c"] [Site ""x" cup"]  [Round 3]"#),
            vec![
                TokenKind::Tag("Event".into(), "a \"b\" c".into()),
                TokenKind::Tag("Site".into(), "\"x\" cup".into()),
                TokenKind::Tag("Round".into(), "3".into()),
            ]
        );
    }

    #[test]
    fn comments_and_words_with_positions() {
        let t = tokens("1. h2e2{a}\n  (b (c) d) ; rest\n1-0").expect("lexes");
        let k: Vec<_> = t.iter().map(|t| t.kind.clone()).collect();
        assert_eq!(
            k,
            vec![
                word("1."),
                word("h2e2"),
                TokenKind::Comment("a".into()),
                TokenKind::Comment("b (c) d".into()),
                TokenKind::Comment(" rest".into()),
                word("1-0"),
            ]
        );
        assert_eq!((t[3].line, t[3].column), (2, 3));
        assert_eq!((t[5].line, t[5].column), (3, 1));
    }

    #[test]
    fn escape_lines_are_skipped() {
        assert_eq!(kinds("% skip me\nh2e2"), vec![word("h2e2")]);
    }

    #[test]
    fn errors_point_at_the_start() {
        let e = tokens("h2e2\n  {never closed").expect_err("unterminated");
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 3, PgnErrorKind::UnterminatedComment)
        );
        let e = tokens("[Event \"x\n").expect_err("unterminated");
        assert_eq!(e.kind, PgnErrorKind::UnterminatedTag);
        let e = tokens("[ ]").expect_err("malformed");
        assert_eq!(e.kind, PgnErrorKind::MalformedTag);
        let e = tokens("a } b").expect_err("stray");
        assert_eq!((e.column, e.kind), (3, PgnErrorKind::UnexpectedChar('}')));
    }
}
