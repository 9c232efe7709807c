//! Puzzles: the puzzle, checking a solver's moves, the puzzle rating, selection, the daily
//! puzzle, streak, storm, the dashboard by theme, 残局闯关 and theme tagging (docs/puzzles.md).
//!
//! Key decision: like the rest of the domain this is pure and deterministic (no clock, no
//! randomness: seeds and `now` are passed in). A puzzle is the position the solver faces and the
//! line to play — solver move, reply, solver move, … ending on a solver move — with the other
//! final moves that are accepted too. Any final move that mates is accepted whatever the stored
//! line says (the anchors' main complaint is a second winning move marked wrong).

pub mod campaign;
pub mod canon;
pub mod daily;
pub mod dashboard;
pub mod rating;
pub mod select;
pub mod storm;
pub mod streak;
pub mod tag;
pub mod theme;

pub use theme::{Theme, ThemeKind};

use crate::rating::PlayerRating;
use serde::{Deserialize, Serialize};
use std::fmt;
use xiangqi::{FenError, Move, Position};

/// A puzzle's id: short, URL-safe, derived from the canonical position (see [`canon::puzzle_id`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PuzzleId(pub String);

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where a puzzle comes from (shown with its attribution).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Source {
    /// Mined from a master game of CCPD (CC BY 4.0): the file and the ply.
    Ccpd {
        /// The record's path inside the dataset.
        file: String,
        /// The ply of the position in the game.
        ply: u32,
    },
    /// A CCPD exercise (middle game, endgame, mate) whose book solution the engine confirmed.
    CcpdExercise {
        /// The record's path inside the dataset.
        file: String,
    },
    /// Mined from a finished game of this site.
    Site {
        /// The game's id.
        game: String,
        /// The ply of the position in the game.
        ply: u32,
    },
}

/// A puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Its id.
    pub id: PuzzleId,
    /// The position the solver faces (the solver is on move).
    pub fen: String,
    /// The opponent's move that led to it (the error), shown as the last move.
    #[serde(default, with = "iccs::option")]
    pub last_move: Option<Move>,
    /// The line: solver move, reply, …, solver move.
    #[serde(with = "iccs::list")]
    pub line: Vec<Move>,
    /// Other final solver moves that are accepted (equally winning or mating).
    #[serde(default, with = "iccs::list")]
    pub alternatives: Vec<Move>,
    /// Its themes.
    pub themes: Vec<Theme>,
    /// Its rating (Glicko-2).
    pub rating: PlayerRating,
    /// Where it comes from.
    pub source: Source,
}

/// The verdict on a solver's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Right; the opponent replies with this move and the solver goes on.
    Continue(Move),
    /// Right, and the puzzle is solved.
    Solved,
    /// Wrong: the puzzle is failed.
    Wrong,
}

impl Puzzle {
    /// The position the solver faces.
    ///
    /// # Errors
    /// When the stored FEN is not a position.
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.fen)
    }

    /// Number of solver moves in the line.
    #[must_use]
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// Judges `mv`, the solver's move after `played` (the line so far, both sides' moves). A
    /// move off the line is wrong, except on the last solver move, where an accepted alternative
    /// or any move that mates also solves it. `played` that is not a prefix of the line, or an
    /// unreadable position, is answered [`Answer::Wrong`].
    #[must_use]
    pub fn answer(&self, played: &[Move], mv: Move) -> Answer {
        let n = played.len();
        if n % 2 == 1 || n >= self.line.len() || !self.line.starts_with(played) {
            return Answer::Wrong;
        }
        let last = n + 1 >= self.line.len();
        if self.line.get(n) == Some(&mv) {
            return match self.line.get(n + 1) {
                Some(&reply) if !last => Answer::Continue(reply),
                _ => Answer::Solved,
            };
        }
        if !last {
            return Answer::Wrong;
        }
        if self.alternatives.contains(&mv) {
            return Answer::Solved;
        }
        let Ok(mut pos) = self.position() else {
            return Answer::Wrong;
        };
        for &m in played {
            if pos.play_mut(m).is_err() {
                return Answer::Wrong;
            }
        }
        match pos.play(mv) {
            Ok(mut after) => {
                if after.has_legal_move() {
                    Answer::Wrong
                } else {
                    Answer::Solved
                }
            }
            Err(_) => Answer::Wrong,
        }
    }
}

/// Moves as ICCS strings (`h2e2`) in stored and sent puzzles.
mod iccs {
    pub mod list {
        use serde::{de::Error, Deserialize, Deserializer, Serializer};
        use xiangqi::Move;

        pub fn serialize<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(moves.iter().map(ToString::to_string))
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Move>, D::Error> {
            let v: Vec<String> = Vec::deserialize(d)?;
            v.iter()
                .map(|s| {
                    s.parse()
                        .map_err(|_| D::Error::custom(format!("bad move {s}")))
                })
                .collect()
        }
    }

    pub mod option {
        use serde::{de::Error, Deserialize, Deserializer, Serializer};
        use xiangqi::Move;

        #[allow(clippy::ref_option)]
        pub fn serialize<S: Serializer>(m: &Option<Move>, s: S) -> Result<S::Ok, S::Error> {
            match m {
                Some(m) => s.serialize_some(&m.to_string()),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Move>, D::Error> {
            let v: Option<String> = Option::deserialize(d)?;
            v.map(|s| {
                s.parse()
                    .map_err(|_| D::Error::custom(format!("bad move {s}")))
            })
            .transpose()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::Glicko2Params;

    fn mv(s: &str) -> Move {
        s.parse().expect("move")
    }

    /// Red: chariots on a8 and b0, king d0; Black king e9. b0b9 mates (the a8 chariot holds
    /// rank 8, the red king the d-file).
    fn ladder() -> Puzzle {
        Puzzle {
            id: PuzzleId("t".into()),
            fen: "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1".into(),
            last_move: None,
            line: vec![mv("b0b9")],
            alternatives: vec![],
            themes: vec![Theme::MateIn1],
            rating: Glicko2Params::default().initial(),
            source: Source::Site {
                game: "g".into(),
                ply: 1,
            },
        }
    }

    #[test]
    fn the_line_and_any_other_mate_are_accepted() {
        let p = ladder();
        assert_eq!(p.answer(&[], mv("b0b9")), Answer::Solved);
        // Any other mating move is judged by the rules, not by the stored line.
        let mut pos = p.position().expect("fen");
        let other = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != mv("b0b9") && pos.play(m).is_ok_and(|mut a| !a.has_legal_move()));
        if let Some(m) = other {
            assert_eq!(p.answer(&[], m), Answer::Solved);
        }
        assert!(pos.has_legal_move());
        assert_eq!(p.answer(&[], mv("b0b1")), Answer::Wrong);
    }

    #[test]
    fn replies_come_from_the_line_and_off_line_moves_fail() {
        let mut p = ladder();
        p.fen = "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1".into();
        p.line = vec![mv("a1a8"), mv("e9f9"), mv("b0b9")];
        assert_eq!(p.answer(&[], mv("a1a8")), Answer::Continue(mv("e9f9")));
        assert_eq!(p.answer(&[], mv("b0b8")), Answer::Wrong);
        assert_eq!(p.answer(&p.line[..2], mv("b0b9")), Answer::Solved);
        // Not a prefix, or the reply's turn: wrong, no panic.
        assert_eq!(p.answer(&[mv("a1a2")], mv("b0b9")), Answer::Wrong);
        assert_eq!(
            p.answer(&[mv("a1a8"), mv("e9e8")], mv("b0b9")),
            Answer::Wrong
        );
        assert_eq!(p.solver_moves(), 2);
    }

    #[test]
    fn a_puzzle_round_trips_through_json_with_iccs_moves() {
        let p = ladder();
        let text = serde_json::to_string(&p).expect("json");
        assert!(text.contains("\"b0b9\""), "{text}");
        let back: Puzzle = serde_json::from_str(&text).expect("back");
        assert_eq!(back, p);
        let bad = text.replace("b0b9", "zz99");
        assert!(serde_json::from_str::<Puzzle>(&bad).is_err());
    }
}
