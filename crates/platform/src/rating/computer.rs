//! The computer's levels as rated players (issue 17): where each level starts on a profile's
//! scale, and how a game between a person and a level is rated.
//!
//! Decisions: level 1 starts [`LEVEL_ONE_BELOW_START`] (400) points below the profile's starting
//! rating and each level above it by its measured Elo over level 1 (docs/engine.md, "Measured
//! ladder"), so on `ourgame` level 1 = 1000 and level 10 = 3260. A level is never provisional:
//! the person is rated exactly as against an established rated player (the profile's formulas,
//! provisional weighting included), while the level moves by [`COMPUTER_DAMPING`] (one eighth)
//! of the change the profile gives it, so it settles slowly on the site's own scale. Under
//! Glicko-2 its deviation stays at [`COMPUTER_DEVIATION`] and its volatility at the profile's.

use super::game::{PlayerRating, RatedGame, RatingChange};
use super::{Profile, OURGAME_PROVISIONAL_GAMES};
use xiangqi::Color;

/// How far below the profile's starting rating level 1 starts.
pub const LEVEL_ONE_BELOW_START: f64 = 400.0;
/// The part of the profile's change that a level's rating moves by (K 32 → 4 on `ourgame`).
pub const COMPUTER_DAMPING: f64 = 0.125;
/// A level's fixed Glicko-2 deviation (below the provisional threshold: a level is established).
pub const COMPUTER_DEVIATION: f64 = 80.0;

impl Profile {
    /// Where a level that measured `elo_over_level_one` above level 1 starts.
    #[must_use]
    pub fn computer_initial(&self, elo_over_level_one: f64) -> PlayerRating {
        let start = self.initial();
        let rating = start.rating - LEVEL_ONE_BELOW_START + elo_over_level_one;
        match self {
            Profile::Glicko2(p) => PlayerRating {
                rating,
                deviation: COMPUTER_DEVIATION,
                volatility: p.initial_volatility,
                games: 0,
            },
            _ => PlayerRating::new(rating),
        }
    }

    /// Rates a game between a person and a level that plays `computer`: the person as against an
    /// established player, the level by [`COMPUTER_DAMPING`] of its change (its deviation and
    /// volatility kept). Unrated games change neither, as [`Profile::rate`] says.
    #[must_use]
    pub fn rate_against_computer(
        &self,
        red: &PlayerRating,
        black: &PlayerRating,
        computer: Color,
        game: &RatedGame,
    ) -> RatingChange {
        let established = |p: &PlayerRating| PlayerRating {
            games: p.games.max(OURGAME_PROVISIONAL_GAMES),
            deviation: match self {
                Profile::Glicko2(_) => COMPUTER_DEVIATION,
                _ => p.deviation,
            },
            ..*p
        };
        let (r, b) = match computer {
            Color::Red => (established(red), *black),
            Color::Black => (*red, established(black)),
        };
        let mut change = self.rate(&r, &b, game);
        if !change.is_rated() {
            return RatingChange {
                red: *red,
                black: *black,
                ..change
            };
        }
        let (old, new, delta) = match computer {
            Color::Red => (red, &mut change.red, &mut change.red_delta),
            Color::Black => (black, &mut change.black, &mut change.black_delta),
        };
        *delta *= COMPUTER_DAMPING;
        *new = PlayerRating {
            rating: old.rating + *delta,
            games: old.games.saturating_add(1),
            ..*old
        };
        change
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{EndReason, GameResult};

    const LADDER: [f64; 10] = [
        0.0, 300.0, 430.0, 700.0, 805.0, 1105.0, 1405.0, 1675.0, 1825.0, 2260.0,
    ];

    fn game(result: GameResult) -> RatedGame {
        RatedGame {
            result,
            reason: EndReason::Resignation,
            plies: 20,
        }
    }

    #[test]
    fn levels_start_below_the_profile_start_by_the_ladder() {
        let p = Profile::Ourgame;
        assert_eq!(p.computer_initial(LADDER[0]).rating, 1000.0);
        assert_eq!(p.computer_initial(LADDER[9]).rating, 3260.0);
        assert_eq!(Profile::Lotto.computer_initial(0.0).rating, 400.0);
        let g = Profile::Glicko2(super::super::Glicko2Params::default());
        assert_eq!(g.computer_initial(300.0).deviation, COMPUTER_DEVIATION);
    }

    #[test]
    fn a_new_player_is_rated_against_a_level_and_the_level_moves_an_eighth() {
        let p = Profile::Ourgame;
        let human = p.initial();
        let level = p.computer_initial(0.0);
        let change =
            p.rate_against_computer(&human, &level, Color::Black, &game(GameResult::RedWins));
        assert!(change.is_rated());
        // Against an established player: the person's change is weighted (41 − n)/20, n = 1.
        let established = PlayerRating { games: 20, ..level };
        let plain = p.rate(&human, &established, &game(GameResult::RedWins));
        assert_eq!(change.red, plain.red);
        assert_eq!(change.red.games, 1);
        assert!((change.black_delta - plain.black_delta / 8.0).abs() < 1e-9);
        assert_eq!(change.black.games, 1);
        assert!(change.black.rating < level.rating);
    }

    #[test]
    fn too_short_games_change_nothing() {
        let p = Profile::Qq;
        let (human, level) = (p.initial(), p.computer_initial(0.0));
        let short = RatedGame {
            plies: 1,
            ..game(GameResult::RedWins)
        };
        let change = p.rate_against_computer(&level, &human, Color::Red, &short);
        assert!(!change.is_rated());
        assert_eq!((change.red, change.black), (level, human));
    }
}
