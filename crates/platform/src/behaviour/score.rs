//! The behaviour score: 100 minus the weighted share of bad conduct over the last
//! [`SCORE_WINDOW`] games, counted over at least [`MIN_GAMES`] so that one early mishap does
//! not sink a newcomer. A newcomer starts at 100.
//!
//! `score = 100 − round(Σ weight(conduct) / max(games, MIN_GAMES))`, clamped to 0..=100, with
//! the weights of [`Conduct::weight`]: left and no-show 100, lost on time while away 50,
//! aborted 25, completed 0.

use super::outcome::Conduct;

/// How many of the latest games the score looks at.
pub const SCORE_WINDOW: usize = 50;

/// The fewest games the weighted share is divided by.
pub const MIN_GAMES: usize = 10;

/// The score of `recent` (newest first; only the first [`SCORE_WINDOW`] count).
#[must_use]
pub fn score(recent: &[Conduct]) -> u8 {
    let games = &recent[..recent.len().min(SCORE_WINDOW)];
    let penalty: u32 = games.iter().map(|c| c.weight()).sum();
    let over = u32::try_from(games.len().max(MIN_GAMES)).unwrap_or(u32::MAX);
    let lost = (penalty + over / 2) / over;
    u8::try_from(100u32.saturating_sub(lost)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn conduct() -> impl Strategy<Value = Conduct> {
        prop::sample::select(Conduct::ALL.to_vec())
    }

    #[test]
    fn worked_examples() {
        assert_eq!(score(&[]), 100);
        assert_eq!(score(&[Conduct::Completed; 30]), 100);
        // One leave among a newcomer's first games: 100 / 10.
        assert_eq!(score(&[Conduct::Left]), 90);
        assert_eq!(score(&[Conduct::Left, Conduct::NoShow]), 80);
        // 2 leaves and 2 timeouts away in 20 games: (200 + 100) / 20 = 15.
        let mut h = vec![Conduct::Completed; 16];
        h.extend([Conduct::Left, Conduct::Left]);
        h.extend([Conduct::TimeoutAway, Conduct::TimeoutAway]);
        assert_eq!(score(&h), 85);
        assert_eq!(score(&[Conduct::Left; 60]), 0);
        // Only the newest 50 count.
        let mut old_bad = vec![Conduct::Completed; 50];
        old_bad.extend([Conduct::Left; 10]);
        assert_eq!(score(&old_bad), 100);
    }

    proptest! {
        #[test]
        fn score_is_bounded_and_monotone(history in prop::collection::vec(conduct(), 0..80)) {
            let s = score(&history);
            prop_assert!(s <= 100);
            // A completed game never lowers it; a leave never raises it.
            let mut good = vec![Conduct::Completed];
            good.extend(&history);
            prop_assert!(score(&good) >= s);
            let mut bad = vec![Conduct::Left];
            bad.extend(&history);
            prop_assert!(score(&bad) <= s);
            if history.iter().all(|c| *c == Conduct::Completed) {
                prop_assert_eq!(s, 100);
            }
        }
    }
}
