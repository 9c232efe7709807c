//! Scores from one side's point of view and their win chance.
//!
//! Key decision: lichess-puzzler's curve, 2 / (1 + e^(−k·cp)) − 1 in −1…1, with `k` a setting
//! ([`WIN_K`] by default, lichess's 0.003 682 08) so that it can be refitted to this engine's
//! centipawns against game results (docs/puzzles.md). A mate for the side is +1, being mated −1.

use crate::analysis::Eval;
use xiangqi::Color;

/// lichess-puzzler's slope of the win-chance curve.
pub const WIN_K: f64 = 0.003_682_08;

/// A score from one side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pov {
    /// Centipawns, positive good for the side.
    Cp(i32),
    /// Mate in this many moves: positive, the side mates; negative, the side is mated.
    Mate(i32),
}

impl Pov {
    /// `eval` (Red's view) seen by `side`.
    #[must_use]
    pub fn of(eval: Eval, side: Color) -> Pov {
        let sign = if side == Color::Red { 1 } else { -1 };
        match eval {
            Eval::Cp(cp) => Pov::Cp(cp * sign),
            Eval::Mate(n) => Pov::Mate(n * sign),
            Eval::Mated(c) if c == side => Pov::Mate(-1),
            Eval::Mated(_) => Pov::Mate(1),
        }
    }

    /// Win chance in −1…1 with slope `k`.
    #[must_use]
    pub fn win_chance(self, k: f64) -> f64 {
        match self {
            Pov::Cp(cp) => 2.0 / (1.0 + (-k * f64::from(cp)).exp()) - 1.0,
            Pov::Mate(n) if n > 0 => 1.0,
            Pov::Mate(_) => -1.0,
        }
    }

    /// Whether the side mates.
    #[must_use]
    pub fn is_mating(self) -> bool {
        matches!(self, Pov::Mate(n) if n > 0)
    }

    /// Centipawns, mates as ±100 000.
    #[must_use]
    pub fn cp(self) -> i32 {
        match self {
            Pov::Cp(cp) => cp,
            Pov::Mate(n) if n > 0 => 100_000,
            Pov::Mate(_) => -100_000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_lichesss_and_mates_are_certain() {
        assert!(Pov::Cp(0).win_chance(WIN_K).abs() < 1e-12);
        let w = Pov::Cp(200).win_chance(WIN_K);
        assert!((w - 0.351).abs() < 0.01, "{w}");
        assert_eq!(Pov::Mate(3).win_chance(WIN_K), 1.0);
        assert_eq!(Pov::Mate(-1).win_chance(WIN_K), -1.0);
        assert_eq!(Pov::of(Eval::Cp(150), Color::Black), Pov::Cp(-150));
        assert_eq!(Pov::of(Eval::Mate(-2), Color::Black), Pov::Mate(2));
    }
}
