//! The format-independent game record: start position, main line, comments, result and tags.

use crate::{EndReason, GameResult, Move, Position};
use std::collections::BTreeMap;
use std::fmt;

/// Ordered `name → value` pairs (PGN tags, DhtmlXQ/XQF metadata). Names compare
/// case-insensitively; the first spelling and the insertion order are kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    /// No tags.
    #[must_use]
    pub const fn new() -> Tags {
        Tags(Vec::new())
    }

    /// The value of `name` (case-insensitive).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets `name` to `value`, replacing an existing value in place or appending a new tag.
    pub fn set(&mut self, name: &str, value: &str) {
        match self
            .0
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(entry) => entry.1 = value.to_string(),
            None => self.0.push((name.to_string(), value.to_string())),
        }
    }

    /// Removes `name` and returns its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self
            .0
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))?;
        Some(self.0.remove(i).1)
    }

    /// The tags in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// Number of tags.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no tags.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A game record: the main line from a start position, with comments, result and metadata.
///
/// The fields are public; [`Game::validate`] checks that a hand-built record is consistent. Every
/// reader in this module returns validated games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The position before the first move (its FEN is [`Game::start_fen`]).
    pub start: Position,
    /// The main line.
    pub moves: Vec<Move>,
    /// Comments by ply: `0` = before the first move, `n` = after the `n`-th move.
    pub comments: BTreeMap<usize, String>,
    /// The result (`*` when unknown or unfinished).
    pub result: GameResult,
    /// Why the game ended, when known.
    pub reason: Option<EndReason>,
    /// Metadata other than the start position, result, reason and move format (`Event`, `Red`,
    /// `Black`, `Date`, …), in order.
    pub tags: Tags,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::startpos())
    }
}

/// A record whose moves or comments do not fit together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Move number `ply` (1-based) is not legal in the position reached before it.
    IllegalMove {
        /// 1-based ply of the move.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// A comment is attached to a ply after the last move.
    CommentOutOfRange {
        /// The comment's ply.
        ply: usize,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::IllegalMove { ply, mv } => write!(f, "ply {ply}: illegal move {mv}"),
            GameError::CommentOutOfRange { ply } => {
                write!(f, "comment at ply {ply} is after the last move")
            }
        }
    }
}

impl std::error::Error for GameError {}

impl Game {
    /// An empty record from `start`, result `*`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            comments: BTreeMap::new(),
            result: GameResult::Unfinished,
            reason: None,
            tags: Tags::new(),
        }
    }

    /// The FEN of the start position.
    #[must_use]
    pub fn start_fen(&self) -> String {
        self.start.fen()
    }

    /// Whether the game starts from the standard position with Red to move.
    #[must_use]
    pub fn starts_from_standard_position(&self) -> bool {
        self.start.board_fen() == Position::startpos().board_fen()
            && self.start.turn() == crate::Color::Red
    }

    /// The comment at `ply` (0 = before the first move).
    #[must_use]
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.comments.get(&ply).map(String::as_str)
    }

    /// The start position followed by the position after each move (`moves.len() + 1` entries).
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] for the first illegal move.
    pub fn positions(&self) -> Result<Vec<Position>, GameError> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start.clone();
        out.push(pos.clone());
        for (i, &mv) in self.moves.iter().enumerate() {
            pos.play_mut(mv)
                .map_err(|_| GameError::IllegalMove { ply: i + 1, mv })?;
            out.push(pos.clone());
        }
        Ok(out)
    }

    /// The position after the last move.
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] for the first illegal move.
    pub fn final_position(&self) -> Result<Position, GameError> {
        let mut pos = self.start.clone();
        for (i, &mv) in self.moves.iter().enumerate() {
            pos.play_mut(mv)
                .map_err(|_| GameError::IllegalMove { ply: i + 1, mv })?;
        }
        Ok(pos)
    }

    /// Checks that every move is legal and every comment belongs to a ply of the game.
    ///
    /// # Errors
    /// The first problem found.
    pub fn validate(&self) -> Result<(), GameError> {
        self.final_position()?;
        match self.comments.keys().next_back() {
            Some(&ply) if ply > self.moves.len() => Err(GameError::CommentOutOfRange { ply }),
            _ => Ok(()),
        }
    }

    /// Appends `mv` after checking it against the final position (replays the game: O(n)).
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] if the record is inconsistent or `mv` is illegal; the game is
    /// unchanged.
    pub fn push(&mut self, mv: Move) -> Result<(), GameError> {
        let pos = self.final_position()?;
        if !pos.is_legal(mv) {
            return Err(GameError::IllegalMove {
                ply: self.moves.len() + 1,
                mv,
            });
        }
        self.moves.push(mv);
        Ok(())
    }

    /// Attaches `text` to `ply`, appending on a new line if a comment is already there.
    pub fn add_comment(&mut self, ply: usize, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        self.comments
            .entry(ply)
            .and_modify(|c| {
                c.push('\n');
                c.push_str(text);
            })
            .or_insert_with(|| text.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        s.parse().expect("move")
    }

    #[test]
    fn tags_are_case_insensitive_and_ordered() {
        let mut t = Tags::new();
        t.set("Event", "A");
        t.set("red", "B");
        t.set("EVENT", "C");
        assert_eq!(t.get("event"), Some("C"));
        assert_eq!(
            t.iter().collect::<Vec<_>>(),
            vec![("Event", "C"), ("red", "B")]
        );
        assert_eq!(t.remove("RED"), Some("B".to_string()));
        assert_eq!(t.len(), 1);
    }

    #[test]
    fn positions_and_validation() {
        let mut g = Game::default();
        g.push(mv("h2e2")).expect("legal");
        g.push(mv("h9g7")).expect("legal");
        assert_eq!(g.positions().expect("legal").len(), 3);
        assert_eq!(
            g.final_position().expect("legal").fen(),
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
        );
        assert_eq!(
            g.push(mv("e2e9")),
            Err(GameError::IllegalMove {
                ply: 3,
                mv: mv("e2e9")
            })
        );
        g.moves.push(mv("a0a5"));
        assert_eq!(
            g.validate(),
            Err(GameError::IllegalMove {
                ply: 3,
                mv: mv("a0a5")
            })
        );
        g.moves.pop();
        g.add_comment(3, "too late");
        assert_eq!(g.validate(), Err(GameError::CommentOutOfRange { ply: 3 }));
    }

    #[test]
    fn comments_accumulate() {
        let mut g = Game::default();
        g.add_comment(0, " first ");
        g.add_comment(0, "second");
        g.add_comment(0, "   ");
        assert_eq!(g.comment(0), Some("first\nsecond"));
    }
}
