//! `Profile`: which rating system rates a game.

use super::game::{PlayerRating, RatedGame, RatingChange, UnratedReason};
use super::{elo, glicko2, Glicko2Params};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use xiangqi::GameResult;

/// A rating system (PLATFORM.md §4). Choose one per site or per room.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Profile {
    /// 联众: Elo from 1400, K 32/24/16/8, 20 provisional games, titles 九级棋士 … 特级大师.
    #[default]
    Ourgame,
    /// Guangdong site: Elo from 800, K by title, games ending within 5 plies are draws.
    Lotto,
    /// QQ游戏: Elo with a 100-point first-move handicap, K 120 … 10, games under 2 plies unrated.
    Qq,
    /// Glicko-2 (lichess defaults unless changed).
    Glicko2(Glicko2Params),
}

impl Profile {
    /// The fewest plies a game needs to be rated; shorter games change nothing. (`lotto` rates
    /// 1–5-ply games as draws; only a game in which nobody moved is unrated.)
    #[must_use]
    pub const fn min_rated_plies(&self) -> u32 {
        match self {
            Profile::Lotto => 1,
            Profile::Ourgame | Profile::Qq | Profile::Glicko2(_) => 2,
        }
    }

    /// A new player's rating.
    #[must_use]
    pub fn initial(&self) -> PlayerRating {
        match self {
            Profile::Ourgame => PlayerRating::new(elo::OURGAME_INITIAL),
            Profile::Lotto => PlayerRating::new(elo::LOTTO_INITIAL),
            Profile::Qq => PlayerRating::new(elo::QQ_INITIAL),
            Profile::Glicko2(p) => p.initial(),
        }
    }

    /// Whether `player`'s rating is still provisional: in `ourgame`, fewer than 20 rated games
    /// (无级别, untitled); in Glicko-2, a deviation above the provisional threshold. `lotto` and
    /// `qq` have no provisional period.
    #[must_use]
    pub fn is_provisional(&self, player: &PlayerRating) -> bool {
        match self {
            Profile::Ourgame => player.games < elo::OURGAME_PROVISIONAL_GAMES,
            Profile::Lotto | Profile::Qq => false,
            Profile::Glicko2(p) => player.deviation > p.provisional_deviation,
        }
    }

    /// The profile's name: `ourgame`, `lotto`, `qq` or `glicko2`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Profile::Ourgame => "ourgame",
            Profile::Lotto => "lotto",
            Profile::Qq => "qq",
            Profile::Glicko2(_) => "glicko2",
        }
    }

    /// Rates one game between `red` and `black`. Games that are unfinished, too short, between
    /// two provisional `ourgame` players or with a non-finite rating leave both unchanged and
    /// say why in [`RatingChange::status`].
    #[must_use]
    pub fn rate(&self, red: &PlayerRating, black: &PlayerRating, game: &RatedGame) -> RatingChange {
        if !red.is_finite() || !black.is_finite() {
            return RatingChange::unrated(red, black, UnratedReason::InvalidRating);
        }
        if let Profile::Glicko2(_) = self {
            let positive = |p: &PlayerRating| p.deviation > 0.0 && p.volatility > 0.0;
            if !positive(red) || !positive(black) {
                return RatingChange::unrated(red, black, UnratedReason::InvalidRating);
            }
        }
        if game.result == GameResult::Unfinished {
            return RatingChange::unrated(red, black, UnratedReason::Unfinished);
        }
        let min = self.min_rated_plies();
        if game.plies < min {
            let why = UnratedReason::TooShort {
                plies: game.plies,
                min,
            };
            return RatingChange::unrated(red, black, why);
        }
        let change = match self {
            Profile::Ourgame => elo::rate_ourgame(red, black, game.result),
            Profile::Lotto => {
                let scored = if game.plies <= elo::LOTTO_DRAW_WITHIN_PLIES {
                    GameResult::Draw
                } else {
                    game.result
                };
                elo::rate_lotto(red, black, scored)
            }
            Profile::Qq => elo::rate_qq(red, black, game.result),
            Profile::Glicko2(p) => glicko2::rate_game(p, red, black, game.result),
        };
        if change.red.is_finite() && change.black.is_finite() {
            change
        } else {
            // Only reachable with degenerate input (e.g. a zero Glicko-2 volatility).
            RatingChange::unrated(red, black, UnratedReason::InvalidRating)
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Profile {
    type Err = String;
    /// Parses a profile name; `glicko2` gets the default parameters.
    fn from_str(s: &str) -> Result<Profile, String> {
        match s {
            "ourgame" => Ok(Profile::Ourgame),
            "lotto" => Ok(Profile::Lotto),
            "qq" => Ok(Profile::Qq),
            "glicko2" => Ok(Profile::Glicko2(Glicko2Params::default())),
            _ => Err(format!(
                "unknown rating profile {s:?} (ourgame, lotto, qq, glicko2)"
            )),
        }
    }
}
