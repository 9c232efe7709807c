//! The puzzle rating: each round is a Glicko-2 game between the user and the puzzle, with
//! lila's safeguards (`PuzzleFinisher.scala`).
//!
//! Key decision: reuse [`crate::rating::glicko2::rate_period`] with lichess's parameters (start
//! 1500, deviation 500, volatility 0.09, τ 0.75) and add only what lila adds around it: the new
//! ratings are a weighted average of the old and the Glicko-2 result (the weight set by the theme
//! being trained and by the result), a change is capped at ±700 and a rating never falls below
//! 400, the puzzle's rating is left alone when the user is "clueless" (deviation ≥ 230), and a
//! casual round or a replay changes nothing.

use super::theme::{Theme, ThemeKind};
use crate::rating::glicko2::{rate_period, PeriodGame};
use crate::rating::{Glicko2Params, PlayerRating};

/// The largest change of a rating in one round (lila's `Glicko.maxRatingDelta`).
pub const MAX_DELTA: f64 = 700.0;
/// The lowest rating (lila's `Glicko.minRating`).
pub const MIN_RATING: f64 = 400.0;
/// From this deviation up the user's rating is too uncertain to move a puzzle's.
pub const CLUELESS_DEVIATION: f64 = 230.0;

/// What the user was training: all themes mixed, or one theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Angle {
    /// Puzzles of every theme (lila's "mix"): full weight.
    Mix,
    /// Puzzles of one theme, which hints at the solution.
    Theme(Theme),
}

/// How a round was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundMode {
    /// Rated: both ratings may move.
    Rated,
    /// Casual (chosen before the first move and locked), a replay, or an anonymous visitor:
    /// nothing moves.
    Casual,
}

/// The ratings after a round.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundRatings {
    /// The user's new rating.
    pub user: PlayerRating,
    /// The puzzle's new rating (unchanged when the user is clueless or the round casual).
    pub puzzle: PlayerRating,
}

/// lila's weight of a round for `angle` and result.
#[must_use]
pub fn weight(angle: Angle, win: bool) -> f64 {
    match angle {
        Angle::Mix => 1.0,
        Angle::Theme(t) => match (t.kind(), win) {
            (ThemeKind::Obvious, true) => 0.1,
            (ThemeKind::Obvious, false) => 0.4,
            (ThemeKind::Hinting, true) => 0.2,
            (ThemeKind::Hinting, false) => 0.7,
            (ThemeKind::Other, true) => 0.7,
            (ThemeKind::Other, false) => 0.8,
        },
    }
}

/// `old` moved towards `new` by `w` (lila's `Glicko.average`), then capped and floored.
fn ponder(old: &PlayerRating, new: &PlayerRating, w: f64) -> PlayerRating {
    let w = w.clamp(0.0, 1.0);
    let mix = |a: f64, b: f64| a * (1.0 - w) + b * w;
    let rating = mix(old.rating, new.rating)
        .clamp(old.rating - MAX_DELTA, old.rating + MAX_DELTA)
        .max(MIN_RATING);
    PlayerRating {
        rating,
        deviation: mix(old.deviation, new.deviation),
        volatility: mix(old.volatility, new.volatility),
        games: new.games,
    }
}

/// A stored rating that is unusable (not finite, or out of any sane range) is replaced by a new
/// player's (lila's `sanityCheck`).
fn sane(params: &Glicko2Params, r: &PlayerRating) -> PlayerRating {
    let ok = r.rating.is_finite()
        && r.deviation.is_finite()
        && r.volatility.is_finite()
        && (0.0..4_000.0).contains(&r.rating)
        && r.deviation > 0.0
        && r.deviation < 1_000.0
        && r.volatility > 0.0
        && r.volatility < 1.0;
    if ok {
        *r
    } else {
        PlayerRating {
            games: r.games,
            ..params.initial()
        }
    }
}

/// Rates one round of `user` against `puzzle`.
#[must_use]
pub fn rate_round(
    params: &Glicko2Params,
    user: &PlayerRating,
    puzzle: &PlayerRating,
    win: bool,
    angle: Angle,
    mode: RoundMode,
) -> RoundRatings {
    let user = sane(params, user);
    let puzzle = sane(params, puzzle);
    if mode == RoundMode::Casual {
        return RoundRatings { user, puzzle };
    }
    let score = if win { 1.0 } else { 0.0 };
    let floor = |r: &PlayerRating| PlayerRating {
        rating: r.rating.max(MIN_RATING),
        ..*r
    };
    let (u, p) = (floor(&user), floor(&puzzle));
    let new_user = rate_period(
        params,
        &u,
        &[PeriodGame {
            rating: p.rating,
            deviation: p.deviation,
            score,
        }],
    );
    let new_puzzle = rate_period(
        params,
        &p,
        &[PeriodGame {
            rating: u.rating,
            deviation: u.deviation,
            score: 1.0 - score,
        }],
    );
    let w = weight(angle, win);
    // lila: against a provisional puzzle a win counts less and a loss more for the user.
    let provisional = if puzzle.deviation > params.provisional_deviation {
        if win {
            -0.2
        } else {
            0.2
        }
    } else {
        0.0
    };
    let user_new = ponder(&user, &new_user, (w + provisional).max(0.1));
    let puzzle_new = if user.deviation >= CLUELESS_DEVIATION {
        puzzle
    } else {
        ponder(&puzzle, &new_puzzle, w)
    };
    RoundRatings {
        user: user_new,
        puzzle: puzzle_new,
    }
}

/// A new puzzle's rating, seeded from its difficulty (mate in N and line length): 1500 for a
/// two-move line, 200 points per extra solver move, mate in one lower. The deviation starts at
/// lila's 500, so a few plays correct a wrong seed.
#[must_use]
pub fn seed_rating(params: &Glicko2Params, solver_moves: usize, mate: bool) -> PlayerRating {
    let n = f64::from(u32::try_from(solver_moves.min(10)).unwrap_or(10));
    let base = 1500.0 + 200.0 * (n - 2.0);
    let rating = if mate && solver_moves <= 1 {
        1000.0
    } else {
        base
    };
    PlayerRating {
        rating: rating.clamp(MIN_RATING, 3000.0),
        ..params.initial()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> PlayerRating {
        PlayerRating {
            rating,
            deviation,
            volatility: 0.09,
            games: 10,
        }
    }

    #[test]
    fn a_win_raises_the_user_and_lowers_the_puzzle() {
        let p = Glicko2Params::default();
        let out = rate_round(
            &p,
            &r(1500.0, 80.0),
            &r(1600.0, 80.0),
            true,
            Angle::Mix,
            RoundMode::Rated,
        );
        assert!(out.user.rating > 1500.0);
        assert!(out.puzzle.rating < 1600.0);
        assert_eq!(out.user.games, 11);
    }

    #[test]
    fn casual_rounds_change_nothing() {
        let p = Glicko2Params::default();
        let (u, z) = (r(1500.0, 80.0), r(1600.0, 80.0));
        let out = rate_round(&p, &u, &z, true, Angle::Mix, RoundMode::Casual);
        assert_eq!(out.user, u);
        assert_eq!(out.puzzle, z);
    }

    #[test]
    fn a_clueless_user_does_not_move_the_puzzle() {
        let p = Glicko2Params::default();
        let z = r(1600.0, 80.0);
        let out = rate_round(
            &p,
            &r(1500.0, 300.0),
            &z,
            true,
            Angle::Mix,
            RoundMode::Rated,
        );
        assert_eq!(out.puzzle, z);
        assert!(out.user.rating > 1500.0);
    }

    #[test]
    fn changes_are_capped_and_floored() {
        let p = Glicko2Params::default();
        // A new user beating a very strong puzzle would jump far more than 700.
        let out = rate_round(
            &p,
            &p.initial(),
            &r(3000.0, 45.0),
            true,
            Angle::Mix,
            RoundMode::Rated,
        );
        assert!(out.user.rating <= 1500.0 + MAX_DELTA + 1e-9);
        let low = rate_round(
            &p,
            &r(420.0, 300.0),
            &r(400.0, 45.0),
            false,
            Angle::Mix,
            RoundMode::Rated,
        );
        assert!(low.user.rating >= MIN_RATING);
    }

    #[test]
    fn a_hinting_theme_moves_a_win_less_than_mix() {
        let p = Glicko2Params::default();
        let (u, z) = (r(1500.0, 80.0), r(1500.0, 80.0));
        let mix = rate_round(&p, &u, &z, true, Angle::Mix, RoundMode::Rated);
        let themed = rate_round(
            &p,
            &u,
            &z,
            true,
            Angle::Theme(Theme::Smothered),
            RoundMode::Rated,
        );
        assert!(themed.user.rating - 1500.0 < (mix.user.rating - 1500.0) * 0.5);
        assert!(themed.user.rating > 1500.0);
    }

    #[test]
    fn corrupt_ratings_are_replaced() {
        let p = Glicko2Params::default();
        let bad = PlayerRating {
            rating: f64::NAN,
            ..r(1500.0, 80.0)
        };
        let out = rate_round(
            &p,
            &bad,
            &r(1500.0, 80.0),
            true,
            Angle::Mix,
            RoundMode::Rated,
        );
        assert!(out.user.rating.is_finite());
    }

    #[test]
    fn seeds_rise_with_length() {
        let p = Glicko2Params::default();
        assert!(seed_rating(&p, 1, true).rating < seed_rating(&p, 2, false).rating);
        assert!(seed_rating(&p, 3, false).rating < seed_rating(&p, 5, false).rating);
    }
}
