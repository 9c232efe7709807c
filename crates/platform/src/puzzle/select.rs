//! Choosing the next puzzle: near the user's rating, never one already played, optionally of one
//! theme (lila's `PuzzleSelector`, `PuzzleDifficulty`).
//!
//! Key decision: the store answers "puzzles with a rating in `[lo, hi]`, of this theme, not
//! played by this user"; the domain says which windows to ask for and in which order, and picks
//! among the answers. The first window is narrow (±150, so that nine serves in ten land within
//! 150 of the target once the pool is large) and widens by 300, 800 and 2 000 when it is empty,
//! as lila widens its paths.

use super::theme::Theme;
use super::PuzzleId;
use serde::{Deserialize, Serialize};

/// The difficulty the user chose (lila's five settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Difficulty {
    /// 600 below the user's rating.
    Easiest,
    /// 300 below.
    Easier,
    /// At the user's rating.
    #[default]
    Normal,
    /// 300 above.
    Harder,
    /// 600 above.
    Hardest,
}

impl Difficulty {
    /// The offset from the user's rating.
    #[must_use]
    pub const fn offset(self) -> f64 {
        match self {
            Difficulty::Easiest => -600.0,
            Difficulty::Easier => -300.0,
            Difficulty::Normal => 0.0,
            Difficulty::Harder => 300.0,
            Difficulty::Hardest => 600.0,
        }
    }
}

/// The half-widths of the rating windows, tried in order.
pub const WINDOWS: [f64; 4] = [150.0, 450.0, 950.0, 2_150.0];

/// A closed rating range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingWindow {
    /// Lowest rating.
    pub lo: f64,
    /// Highest rating.
    pub hi: f64,
}

impl RatingWindow {
    /// Whether `rating` is inside.
    #[must_use]
    pub fn contains(&self, rating: f64) -> bool {
        rating >= self.lo && rating <= self.hi
    }
}

/// The target rating for a user of `rating` at `difficulty`.
#[must_use]
pub fn target(rating: f64, difficulty: Difficulty) -> f64 {
    rating + difficulty.offset()
}

/// The windows to try around `target`, narrowest first.
#[must_use]
pub fn windows(target: f64) -> [RatingWindow; 4] {
    WINDOWS.map(|w| RatingWindow {
        lo: target - w,
        hi: target + w,
    })
}

/// A puzzle as the selector sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Its id.
    pub id: PuzzleId,
    /// Its rating.
    pub rating: f64,
    /// Its themes.
    pub themes: Vec<Theme>,
}

/// Picks a puzzle from `pool` for `target`: the first window with an unplayed puzzle of the
/// theme (if any) wins, and inside it `seed` picks one (so two users at the same rating do not
/// all get the same puzzle). `None` when every puzzle of the theme has been played.
#[must_use]
pub fn pick<'a>(
    pool: &'a [Candidate],
    target: f64,
    theme: Option<Theme>,
    played: &dyn Fn(&PuzzleId) -> bool,
    seed: u64,
) -> Option<&'a Candidate> {
    let fits = |c: &&Candidate| theme.is_none_or(|t| c.themes.contains(&t)) && !played(&c.id);
    for w in windows(target) {
        let inside: Vec<&Candidate> = pool
            .iter()
            .filter(fits)
            .filter(|c| w.contains(c.rating))
            .collect();
        if !inside.is_empty() {
            let n = u64::try_from(inside.len()).unwrap_or(u64::MAX);
            let i = usize::try_from(seed % n).unwrap_or(0);
            return inside.get(i).copied();
        }
    }
    // Beyond the widest window: the closest unplayed one.
    pool.iter().filter(fits).min_by(|a, b| {
        (a.rating - target)
            .abs()
            .total_cmp(&(b.rating - target).abs())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn pool() -> Vec<Candidate> {
        (0..40)
            .map(|i| Candidate {
                id: PuzzleId(format!("p{i}")),
                rating: 800.0 + 50.0 * f64::from(i),
                themes: if i % 2 == 0 {
                    vec![Theme::Fork]
                } else {
                    vec![Theme::MateIn2]
                },
            })
            .collect()
    }

    #[test]
    fn picks_near_the_target_and_never_repeats() {
        let pool = pool();
        let mut seen: HashSet<PuzzleId> = HashSet::new();
        for round in 0..40u64 {
            let p = {
                let played = |id: &PuzzleId| seen.contains(id);
                pick(&pool, 1500.0, None, &played, round * 7919).cloned()
            };
            let p = p.expect("a puzzle is left");
            assert!(seen.insert(p.id.clone()), "repeat of {:?}", p.id);
            if round < 7 {
                // Seven puzzles lie within ±150 of 1500 (1350..=1650).
                assert!((p.rating - 1500.0).abs() <= 150.0, "{}", p.rating);
            }
        }
        let played = |id: &PuzzleId| seen.contains(id);
        assert!(pick(&pool, 1500.0, None, &played, 1).is_none());
    }

    #[test]
    fn the_theme_filter_holds() {
        let pool = pool();
        let none = |_: &PuzzleId| false;
        for seed in 0..20 {
            let p = pick(&pool, 1200.0, Some(Theme::MateIn2), &none, seed).expect("one");
            assert!(p.themes.contains(&Theme::MateIn2));
        }
        assert!(pick(&pool, 1200.0, Some(Theme::Pin), &none, 0).is_none());
    }

    #[test]
    fn difficulty_moves_the_target() {
        assert_eq!(target(1500.0, Difficulty::Hardest), 2100.0);
        assert_eq!(target(1500.0, Difficulty::Easier), 1200.0);
        let w = windows(1500.0);
        assert!(w[0].contains(1650.0) && !w[0].contains(1651.0));
        assert!(w[3].contains(3600.0));
    }
}
