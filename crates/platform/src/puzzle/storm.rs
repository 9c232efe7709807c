//! Puzzle storm: as many puzzles as possible against a clock (lila's `Storm`).
//!
//! Key decision: pure and clocked by the caller (`now` is passed in). The run starts at the first
//! move with three minutes; a wrong move costs ten seconds and breaks the combo; a combo of 5,
//! 12, 20 and 30 solved in a row gives 3, 5, 7 and 10 seconds back, and every further 10 another
//! 10 (lila's `StormBonus`). The run ends when the clock reaches zero or the puzzles run out.

use super::PuzzleId;
use crate::Millis;
use serde::{Deserialize, Serialize};

/// The clock at the start.
pub const STORM_CLOCK: Millis = Millis::from_secs(180);
/// What a wrong move costs.
pub const STORM_PENALTY: Millis = Millis::from_secs(10);
/// Puzzles in a run (lila: 137).
pub const STORM_LENGTH: usize = 137;

/// The seconds given back when the combo reaches `combo`.
#[must_use]
pub fn bonus(combo: u32) -> Millis {
    match combo {
        5 => Millis::from_secs(3),
        12 => Millis::from_secs(5),
        20 => Millis::from_secs(7),
        30 => Millis::from_secs(10),
        c if c > 30 && c % 10 == 0 => Millis::from_secs(10),
        _ => Millis::ZERO,
    }
}

/// A storm run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Storm {
    /// The puzzles, easiest first.
    pub puzzles: Vec<PuzzleId>,
    /// Index of the current puzzle.
    pub index: usize,
    /// When the clock would reach zero (set by the first move).
    pub deadline: Option<Millis>,
    /// Puzzles solved.
    pub score: u32,
    /// Solved in a row.
    pub combo: u32,
    /// Longest combo.
    pub best_combo: u32,
    /// Wrong moves.
    pub errors: u32,
    /// No more puzzles.
    pub exhausted: bool,
}

impl Storm {
    /// A run over `puzzles`, its clock not started.
    #[must_use]
    pub fn new(puzzles: Vec<PuzzleId>) -> Storm {
        let exhausted = puzzles.is_empty();
        Storm {
            puzzles,
            index: 0,
            deadline: None,
            score: 0,
            combo: 0,
            best_combo: 0,
            errors: 0,
            exhausted,
        }
    }

    /// Time left at `now`.
    #[must_use]
    pub fn remaining(&self, now: Millis) -> Millis {
        self.deadline.map_or(STORM_CLOCK, |d| d.saturating_sub(now))
    }

    /// Whether the run is over at `now`.
    #[must_use]
    pub fn is_over(&self, now: Millis) -> bool {
        self.exhausted || self.remaining(now) == Millis::ZERO
    }

    /// The puzzle to solve now.
    #[must_use]
    pub fn current(&self, now: Millis) -> Option<&PuzzleId> {
        if self.is_over(now) {
            None
        } else {
            self.puzzles.get(self.index)
        }
    }

    /// The current puzzle solved (`true`) or failed by a wrong move (`false`) at `now`.
    /// Returns whether the answer counted (false once the run is over).
    pub fn answer(&mut self, solved: bool, now: Millis) -> bool {
        if self.is_over(now) {
            return false;
        }
        let deadline = *self
            .deadline
            .get_or_insert_with(|| now.saturating_add(STORM_CLOCK));
        if solved {
            self.score += 1;
            self.combo += 1;
            self.best_combo = self.best_combo.max(self.combo);
            self.deadline = Some(deadline.saturating_add(bonus(self.combo)));
        } else {
            self.errors += 1;
            self.combo = 0;
            self.deadline = Some(deadline.saturating_sub(STORM_PENALTY));
        }
        // Either way lila moves on to the next puzzle.
        self.index += 1;
        if self.index >= self.puzzles.len() {
            self.exhausted = true;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(n: usize) -> Storm {
        Storm::new((0..n).map(|i| PuzzleId(format!("t{i}"))).collect())
    }

    #[test]
    fn the_clock_starts_at_the_first_answer_and_errors_cost_ten_seconds() {
        let mut s = run(50);
        assert_eq!(s.remaining(Millis(5_000)), STORM_CLOCK);
        assert!(s.answer(false, Millis(10_000)));
        assert_eq!(s.remaining(Millis(10_000)), Millis::from_secs(170));
        assert_eq!(s.errors, 1);
    }

    #[test]
    fn combos_give_time_back() {
        let mut s = run(50);
        for _ in 0..5 {
            s.answer(true, Millis(0));
        }
        assert_eq!(s.remaining(Millis(0)), Millis::from_secs(183));
        assert_eq!(s.best_combo, 5);
        assert_eq!(bonus(40), Millis::from_secs(10));
        assert_eq!(bonus(41), Millis::ZERO);
    }

    #[test]
    fn the_run_ends_on_time_and_refuses_late_answers() {
        let mut s = run(50);
        s.answer(true, Millis(0));
        let late = Millis::from_secs(181);
        assert!(s.is_over(late));
        assert!(!s.answer(true, late));
        assert_eq!(s.score, 1);
        assert_eq!(s.current(late), None);
    }

    #[test]
    fn the_run_ends_when_puzzles_run_out() {
        let mut s = run(2);
        s.answer(true, Millis(0));
        s.answer(true, Millis(1));
        assert!(s.is_over(Millis(2)));
    }
}
