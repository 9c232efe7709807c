//! The puzzle dashboard: results by theme (lila's `PuzzleDashboard`).
//!
//! Key decision: a theme's performance is lila's: the mean rating of the puzzles played, minus
//! 500, plus 1 000 × the share solved. Themes are listed weakest first, so the dashboard points at
//! what to train.

use super::theme::Theme;
use std::collections::BTreeMap;

/// One round, as the dashboard needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundResult {
    /// The puzzle's themes.
    pub themes: Vec<Theme>,
    /// The puzzle's rating when played.
    pub rating: f64,
    /// Whether it was solved.
    pub win: bool,
}

/// Results of one theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThemeResults {
    /// The theme.
    pub theme: Theme,
    /// Rounds played.
    pub rounds: u32,
    /// Rounds solved.
    pub wins: u32,
    /// lila's performance: mean rating − 500 + 1 000 × win rate.
    pub performance: f64,
}

/// Results by theme, weakest first; themes with fewer than `min_rounds` rounds are left out.
#[must_use]
pub fn by_theme(rounds: &[RoundResult], min_rounds: u32) -> Vec<ThemeResults> {
    let mut acc: BTreeMap<Theme, (u32, u32, f64)> = BTreeMap::new();
    for r in rounds {
        for &t in &r.themes {
            let e = acc.entry(t).or_insert((0, 0, 0.0));
            e.0 += 1;
            e.1 += u32::from(r.win);
            e.2 += r.rating;
        }
    }
    let mut out: Vec<ThemeResults> = acc
        .into_iter()
        .filter(|(_, (n, _, _))| *n >= min_rounds.max(1))
        .map(|(theme, (n, w, sum))| {
            let nf = f64::from(n);
            ThemeResults {
                theme,
                rounds: n,
                wins: w,
                performance: sum / nf - 500.0 + 1000.0 * f64::from(w) / nf,
            }
        })
        .collect();
    out.sort_by(|a, b| a.performance.total_cmp(&b.performance));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn performance_is_lilas_and_weakest_comes_first() {
        let rounds = vec![
            RoundResult {
                themes: vec![Theme::Fork, Theme::Short],
                rating: 1500.0,
                win: true,
            },
            RoundResult {
                themes: vec![Theme::Fork],
                rating: 1700.0,
                win: false,
            },
            RoundResult {
                themes: vec![Theme::Pin],
                rating: 1500.0,
                win: false,
            },
        ];
        let d = by_theme(&rounds, 1);
        assert_eq!(d[0].theme, Theme::Pin);
        assert_eq!(d[0].performance, 1000.0);
        let fork = d.iter().find(|r| r.theme == Theme::Fork).expect("fork");
        assert_eq!((fork.rounds, fork.wins), (2, 1));
        assert_eq!(fork.performance, 1600.0 - 500.0 + 500.0);
        assert!(by_theme(&rounds, 2).iter().all(|r| r.theme == Theme::Fork));
    }
}
