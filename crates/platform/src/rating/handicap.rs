//! Rating a handicap game (让子) in a room that rates them.
//!
//! The formula: the giver's rating is treated as reduced by the handicap's offset `d` when the
//! game is rated — the profile rates the game between `R_giver − d` and `R_receiver` — and the
//! change it gives is applied to the giver's real rating. Under Elo the expected score of the
//! giver is thus `1 / (1 + 10^((R_receiver − (R_giver − d)) / 400))`: a giver who wins as
//! often as a player `d` points weaker would win an even game keeps their rating. Everything
//! else (K factors, provisional periods, the minimum plies, Glicko-2's deviations) is the
//! profile's own.

use super::game::{PlayerRating, RatedGame, RatingChange};
use super::Profile;
use xiangqi::Color;

impl Profile {
    /// Rates a handicap game given by `giver` with a rating offset of `offset` points (see the
    /// module documentation). An unrated outcome leaves both ratings as they were.
    #[must_use]
    pub fn rate_with_handicap(
        &self,
        red: &PlayerRating,
        black: &PlayerRating,
        giver: Color,
        offset: f64,
        game: &RatedGame,
    ) -> RatingChange {
        let shifted = |p: &PlayerRating| PlayerRating {
            rating: p.rating - offset,
            ..*p
        };
        let (r, b) = match giver {
            Color::Red => (shifted(red), *black),
            Color::Black => (*red, shifted(black)),
        };
        let mut change = self.rate(&r, &b, game);
        if !change.is_rated() {
            return RatingChange {
                red: *red,
                black: *black,
                ..change
            };
        }
        match giver {
            Color::Red => change.red.rating = red.rating + change.red_delta,
            Color::Black => change.black.rating = black.rating + change.black_delta,
        }
        change
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{EndReason, GameResult};

    fn game(result: GameResult) -> RatedGame {
        RatedGame {
            result,
            reason: EndReason::Checkmate,
            plies: 60,
        }
    }

    fn player(rating: f64) -> PlayerRating {
        PlayerRating {
            games: 100,
            ..PlayerRating::new(rating)
        }
    }

    #[test]
    fn the_giver_is_rated_as_if_weaker_by_the_offset() {
        let p = Profile::Ourgame;
        let (strong, weak) = (player(1900.0), player(1700.0));
        // Giving 200 points to a player 200 below: an even game; a win gains what an even win does.
        let h = p.rate_with_handicap(
            &strong,
            &weak,
            Color::Red,
            200.0,
            &game(GameResult::RedWins),
        );
        let even = p.rate(&player(1700.0), &weak, &game(GameResult::RedWins));
        assert!(h.is_rated());
        assert!((h.red_delta - even.red_delta).abs() < 1e-9);
        assert!((h.red.rating - (1900.0 + even.red_delta)).abs() < 1e-9);
        assert!((h.black.rating - even.black.rating).abs() < 1e-9);
        // Without the offset the favourite's win would gain less.
        let plain = p.rate(&strong, &weak, &game(GameResult::RedWins));
        assert!(plain.red_delta < h.red_delta);
        // Black giving: the same, mirrored.
        let hb = p.rate_with_handicap(
            &weak,
            &strong,
            Color::Black,
            200.0,
            &game(GameResult::BlackWins),
        );
        assert!((hb.black_delta - even.red_delta).abs() < 1e-9);
        assert!((hb.black.rating - (1900.0 + hb.black_delta)).abs() < 1e-9);
    }

    #[test]
    fn unrated_handicap_games_change_nothing() {
        let p = Profile::Ourgame;
        let short = RatedGame {
            plies: 1,
            ..game(GameResult::RedWins)
        };
        let (r, b) = (player(1900.0), player(1700.0));
        let h = p.rate_with_handicap(&r, &b, Color::Red, 200.0, &short);
        assert!(!h.is_rated());
        assert_eq!((h.red, h.black), (r, b));
    }
}
