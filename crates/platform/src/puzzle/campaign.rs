//! 残局闯关: chapters of endgame and mating challenges, each level unlocking the next.
//!
//! Key decision: a level is a position with a goal (win, or hold the draw) against the engine's
//! best defence; the server plays the engine and tells the domain how the attempt ended. Stars
//! reward the quality of a won level: three without hints within the par number of moves, two
//! within twice par or with one hint, one otherwise. A level opens when the one before it has at
//! least one star; the first level of a chapter opens when the chapter before is complete.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a level asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Goal {
    /// Win (mate or a position the referee rules won).
    Win,
    /// Reach a draw (or better).
    Draw,
}

/// One level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    /// Stable key (for progress), e.g. `mate-07`.
    pub key: String,
    /// The position, side to move the player.
    pub fen: String,
    /// What the player must reach.
    pub goal: Goal,
    /// Moves of the player in the book solution (for the stars).
    pub par: u32,
}

/// A chapter: levels ordered by difficulty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chapter {
    /// Stable key.
    pub key: String,
    /// Chinese title.
    pub title_zh: String,
    /// English title.
    pub title_en: String,
    /// The levels, easiest first.
    pub levels: Vec<Level>,
}

/// How an attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The result the player reached, from their side: won, drawn or lost.
    pub reached: Reached,
    /// Player moves made.
    pub moves: u32,
    /// Hints asked for.
    pub hints: u32,
}

/// The result of an attempt from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reached {
    /// The player won.
    Won,
    /// A draw.
    Drawn,
    /// The player lost (or gave up).
    Lost,
}

/// Stars (0–3) for an attempt at a level.
#[must_use]
pub fn stars(level: &Level, attempt: &Attempt) -> u8 {
    let cleared = match level.goal {
        Goal::Win => attempt.reached == Reached::Won,
        Goal::Draw => attempt.reached != Reached::Lost,
    };
    if !cleared {
        return 0;
    }
    let par = level.par.max(1);
    if attempt.hints == 0 && attempt.moves <= par {
        3
    } else if attempt.hints <= 1 && attempt.moves <= par.saturating_mul(2) {
        2
    } else {
        1
    }
}

/// A player's stars, by level key. Only improvements are kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Best stars by level key.
    pub stars: BTreeMap<String, u8>,
}

impl Progress {
    /// Records `stars` for `level`; returns whether it improved the best.
    pub fn record(&mut self, level: &str, stars: u8) -> bool {
        let best = self.stars.entry(level.to_string()).or_insert(0);
        if stars > *best {
            *best = stars.min(3);
            true
        } else {
            false
        }
    }

    /// The best stars of `level`.
    #[must_use]
    pub fn best(&self, level: &str) -> u8 {
        self.stars.get(level).copied().unwrap_or(0)
    }

    /// Whether level `index` of chapter `chapter` in `chapters` is open.
    #[must_use]
    pub fn is_open(&self, chapters: &[Chapter], chapter: usize, index: usize) -> bool {
        let Some(ch) = chapters.get(chapter) else {
            return false;
        };
        if index >= ch.levels.len() {
            return false;
        }
        if index > 0 {
            return ch
                .levels
                .get(index - 1)
                .is_some_and(|l| self.best(&l.key) > 0);
        }
        chapter == 0
            || chapters
                .get(chapter - 1)
                .is_some_and(|prev| prev.levels.iter().all(|l| self.best(&l.key) > 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(key: &str, goal: Goal) -> Level {
        Level {
            key: key.to_string(),
            fen: String::new(),
            goal,
            par: 3,
        }
    }

    fn chapters() -> Vec<Chapter> {
        vec![
            Chapter {
                key: "mates".into(),
                title_zh: "杀法".into(),
                title_en: "Mates".into(),
                levels: vec![level("m1", Goal::Win), level("m2", Goal::Win)],
            },
            Chapter {
                key: "ends".into(),
                title_zh: "残局".into(),
                title_en: "Endgames".into(),
                levels: vec![level("e1", Goal::Draw)],
            },
        ]
    }

    #[test]
    fn stars_follow_hints_and_moves() {
        let l = level("m1", Goal::Win);
        let a = |reached, moves, hints| Attempt {
            reached,
            moves,
            hints,
        };
        assert_eq!(stars(&l, &a(Reached::Won, 3, 0)), 3);
        assert_eq!(stars(&l, &a(Reached::Won, 5, 1)), 2);
        assert_eq!(stars(&l, &a(Reached::Won, 9, 0)), 1);
        assert_eq!(stars(&l, &a(Reached::Drawn, 3, 0)), 0);
        let d = level("e1", Goal::Draw);
        assert_eq!(stars(&d, &a(Reached::Drawn, 2, 0)), 3);
        assert_eq!(stars(&d, &a(Reached::Lost, 2, 0)), 0);
    }

    #[test]
    fn each_level_unlocks_the_next() {
        let ch = chapters();
        let mut p = Progress::default();
        assert!(p.is_open(&ch, 0, 0));
        assert!(!p.is_open(&ch, 0, 1));
        assert!(!p.is_open(&ch, 1, 0));
        assert!(p.record("m1", 2));
        assert!(!p.record("m1", 1));
        assert_eq!(p.best("m1"), 2);
        assert!(p.is_open(&ch, 0, 1));
        assert!(!p.is_open(&ch, 1, 0));
        p.record("m2", 1);
        assert!(p.is_open(&ch, 1, 0));
        assert!(!p.is_open(&ch, 5, 0));
        assert!(!p.is_open(&ch, 0, 9));
    }
}
