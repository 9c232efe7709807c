//! Correction history: what the search has learnt about the static evaluation's errors.
//!
//! Key decision: a hand-written evaluation misjudges whole families of positions in the same
//! way (a pawn formation, a material balance it under- or over-rates). After each search of a
//! node, the difference between the search result and the raw evaluation is folded into a moving
//! average kept per pawn formation and per material balance (hashed, by side to move), and later
//! static evaluations are shifted by the average of the two, which makes the pruning decisions
//! that rest on the static evaluation (reverse futility, null move, razoring, futility) more
//! accurate. Stockfish's and Pikafish's correction histories work the same way.

use crate::eval_state::EvalState;
use xiangqi::{Color, Role};

/// Entries per table and side (a power of two).
const SIZE: usize = 1 << 14;
/// Fixed-point scale of the stored averages.
const GRAIN: i32 = 256;
/// Bound of a stored average, in centipawns.
const LIMIT_CP: i32 = 300;

/// Correction tables by pawn formation and material balance.
pub struct Correction {
    pawn: Vec<i32>,
    material: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

/// Table slots `(pawn, material)` of a position with the side to move `us`.
#[inline]
fn slots(st: &EvalState, us: Color) -> (usize, usize) {
    let mix = |x: u64| (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 50) as usize & (SIZE - 1);
    let red = st.set(Color::Red, Role::Pawn);
    let black = st.set(Color::Black, Role::Pawn);
    let pawns = (red as u64)
        ^ ((red >> 64) as u64).rotate_left(17)
        ^ (black as u64).rotate_left(31)
        ^ ((black >> 64) as u64).rotate_left(47);
    let side = if us == Color::Red { 0 } else { SIZE };
    (side + mix(pawns), side + mix(st.material_key()))
}

impl Correction {
    /// Empty tables.
    #[must_use]
    pub fn new() -> Correction {
        Correction {
            pawn: vec![0; 2 * SIZE],
            material: vec![0; 2 * SIZE],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.pawn.fill(0);
        self.material.fill(0);
    }

    /// The correction to add to the raw evaluation of a position, in centipawns.
    #[inline]
    #[must_use]
    pub fn get(&self, st: &EvalState, us: Color) -> i32 {
        let (p, m) = slots(st, us);
        (self.pawn[p] + self.material[m]) / (2 * GRAIN)
    }

    /// Folds in a search result `score` of a node whose raw evaluation was `raw`, searched
    /// `depth` plies deep (deeper results weigh more).
    #[inline]
    pub fn update(&mut self, st: &EvalState, us: Color, depth: i32, raw: i32, score: i32) {
        let (p, m) = slots(st, us);
        let target = (score - raw).clamp(-LIMIT_CP, LIMIT_CP) * GRAIN;
        let weight = (depth + 1).min(16);
        for entry in [&mut self.pawn[p], &mut self.material[m]] {
            *entry = (*entry * (256 - weight) + target * weight) / 256;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;
    use xiangqi::Position;

    #[test]
    fn corrections_follow_the_search_results_and_stay_bounded() {
        let pos = Position::startpos();
        let st = EvalState::new(&pos, &Params::DEFAULT);
        let mut c = Correction::new();
        assert_eq!(c.get(&st, Color::Red), 0);
        for _ in 0..200 {
            c.update(&st, Color::Red, 10, 0, 100);
        }
        let v = c.get(&st, Color::Red);
        assert!((90..=100).contains(&v), "{v}");
        // The other side's tables are separate.
        assert_eq!(c.get(&st, Color::Black), 0);
        for _ in 0..500 {
            c.update(&st, Color::Red, 20, 0, -10_000);
        }
        assert!(c.get(&st, Color::Red) >= -LIMIT_CP);
        c.clear();
        assert_eq!(c.get(&st, Color::Red), 0);
    }
}
