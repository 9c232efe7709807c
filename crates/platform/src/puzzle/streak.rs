//! Puzzle streak: puzzles of rising difficulty until the first mistake (lila's `PuzzleStreak`).
//!
//! Key decision: the run is fixed when it starts — [`STREAK_LENGTH`] rating steps from 1 000 to
//! 2 800, one puzzle drawn from each step by the store — so a run can be replayed and checked.
//! One skip is allowed per run (as on lichess); the first wrong move ends it; the score is the
//! number solved.

use super::select::RatingWindow;
use super::PuzzleId;
use serde::{Deserialize, Serialize};

/// Puzzles in a run (lila: 149).
pub const STREAK_LENGTH: usize = 149;
/// The rating of the first step.
pub const STREAK_FROM: f64 = 1_000.0;
/// The rating of the last step.
pub const STREAK_TO: f64 = 2_800.0;

/// The rating window of step `i` (0-based) of a run: evenly spaced from 1 000 to 2 800, each
/// as wide as the spacing.
#[must_use]
pub fn step_window(i: usize) -> RatingWindow {
    let span = STREAK_TO - STREAK_FROM;
    let n = f64::from(u32::try_from(STREAK_LENGTH).unwrap_or(1));
    let width = span / n;
    let i = f64::from(u32::try_from(i.min(STREAK_LENGTH - 1)).unwrap_or(0));
    let lo = STREAK_FROM + width * i;
    RatingWindow { lo, hi: lo + width }
}

/// A streak run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Streak {
    /// The puzzles of the run, easiest first.
    pub puzzles: Vec<PuzzleId>,
    /// Index of the current puzzle.
    pub index: usize,
    /// Puzzles solved.
    pub score: u32,
    /// Whether the one skip was used.
    pub skipped: bool,
    /// Whether the run is over.
    pub over: bool,
}

/// Why a streak command was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StreakError {
    /// The run has ended.
    #[error("the streak is over")]
    Over,
    /// The skip was already used.
    #[error("the skip was already used")]
    SkipUsed,
}

impl Streak {
    /// A new run over `puzzles` (already ordered by rising rating).
    #[must_use]
    pub fn new(puzzles: Vec<PuzzleId>) -> Streak {
        let over = puzzles.is_empty();
        Streak {
            puzzles,
            index: 0,
            score: 0,
            skipped: false,
            over,
        }
    }

    /// The puzzle to solve now.
    #[must_use]
    pub fn current(&self) -> Option<&PuzzleId> {
        if self.over {
            None
        } else {
            self.puzzles.get(self.index)
        }
    }

    fn advance(&mut self) {
        self.index += 1;
        if self.index >= self.puzzles.len() {
            self.over = true;
        }
    }

    /// The current puzzle was solved (`true`) or failed (`false`).
    ///
    /// # Errors
    /// [`StreakError::Over`] after the end.
    pub fn answer(&mut self, solved: bool) -> Result<(), StreakError> {
        if self.over {
            return Err(StreakError::Over);
        }
        if solved {
            self.score += 1;
            self.advance();
        } else {
            self.over = true;
        }
        Ok(())
    }

    /// Skips the current puzzle (once per run; it does not score).
    ///
    /// # Errors
    /// [`StreakError::Over`] after the end, [`StreakError::SkipUsed`] the second time.
    pub fn skip(&mut self) -> Result<(), StreakError> {
        if self.over {
            return Err(StreakError::Over);
        }
        if self.skipped {
            return Err(StreakError::SkipUsed);
        }
        self.skipped = true;
        self.advance();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: usize) -> Vec<PuzzleId> {
        (0..n).map(|i| PuzzleId(format!("s{i}"))).collect()
    }

    #[test]
    fn steps_rise_from_1000_to_2800() {
        assert_eq!(step_window(0).lo, STREAK_FROM);
        assert!((step_window(STREAK_LENGTH - 1).hi - STREAK_TO).abs() < 1e-6);
        for i in 1..STREAK_LENGTH {
            assert!(step_window(i).lo > step_window(i - 1).lo);
        }
    }

    #[test]
    fn a_mistake_ends_the_run_and_one_skip_is_allowed() {
        let mut s = Streak::new(ids(5));
        s.answer(true).unwrap();
        s.skip().unwrap();
        assert_eq!(s.skip(), Err(StreakError::SkipUsed));
        assert_eq!(s.current().map(|p| p.0.as_str()), Some("s2"));
        s.answer(true).unwrap();
        s.answer(false).unwrap();
        assert!(s.over);
        assert_eq!(s.score, 2);
        assert_eq!(s.answer(true), Err(StreakError::Over));
        assert_eq!(s.current(), None);
    }

    #[test]
    fn solving_everything_ends_the_run() {
        let mut s = Streak::new(ids(2));
        s.answer(true).unwrap();
        s.answer(true).unwrap();
        assert!(s.over);
        assert_eq!(s.score, 2);
        assert!(Streak::new(vec![]).over);
    }
}
