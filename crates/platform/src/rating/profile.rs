//! `Profile`: which rating system rates a game, and the shared vocabulary of ratings.

use super::{elo, glicko2, Glicko2Params, Ladder};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use xiangqi::{EndReason, GameResult};

/// A player's rating in one profile. Storable.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The rating (等级分 / 技能值 / 积分).
    pub rating: f64,
    /// Glicko-2 rating deviation; carried unchanged by the Elo profiles.
    pub deviation: f64,
    /// Glicko-2 volatility; carried unchanged by the Elo profiles.
    pub volatility: f64,
    /// Rated games played (in `ourgame`, the valid games that count towards the 20).
    pub games: u32,
}

impl PlayerRating {
    /// A rating with no games and no Glicko-2 state.
    #[must_use]
    pub const fn new(rating: f64) -> PlayerRating {
        PlayerRating {
            rating,
            deviation: 0.0,
            volatility: 0.0,
            games: 0,
        }
    }

    fn is_finite(&self) -> bool {
        self.rating.is_finite() && self.deviation.is_finite() && self.volatility.is_finite()
    }
}

/// A finished game as the rating systems see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedGame {
    /// Who won.
    pub result: GameResult,
    /// Why the game ended.
    pub reason: EndReason,
    /// Plies played (one side's move is one ply; red's first move is ply 1).
    pub plies: u32,
}

/// Why a game changed nobody's rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnratedReason {
    /// The result is `Unfinished` (aborted or unknown).
    Unfinished,
    /// Fewer plies than the profile rates.
    TooShort {
        /// Plies played.
        plies: u32,
        /// The fewest plies the profile rates.
        min: u32,
    },
    /// `ourgame`: two players with fewer than 20 rated games each (neither rating nor count
    /// changes).
    BothProvisional,
    /// A rating was NaN or infinite, or Glicko-2 state degenerate (corrupt input); nothing was
    /// changed.
    InvalidRating,
}

/// Whether a game was rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RatingStatus {
    /// Rated; `scored_as` is the result used, which differs from the game's in `lotto` when a game
    /// ending within 5 plies counts as a draw.
    Rated {
        /// The result the ratings were computed from.
        #[serde(with = "result_serde")]
        scored_as: GameResult,
    },
    /// Not rated.
    Unrated(UnratedReason),
}

/// Both players' ratings after a game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Red's new rating.
    pub red: PlayerRating,
    /// Black's new rating.
    pub black: PlayerRating,
    /// Red's change in rating.
    pub red_delta: f64,
    /// Black's change in rating.
    pub black_delta: f64,
    /// Rated or why not.
    pub status: RatingStatus,
}

impl RatingChange {
    /// Whether the game was rated.
    #[must_use]
    pub const fn is_rated(&self) -> bool {
        matches!(self.status, RatingStatus::Rated { .. })
    }

    pub(crate) fn unrated(red: &PlayerRating, black: &PlayerRating, why: UnratedReason) -> Self {
        RatingChange {
            red: *red,
            black: *black,
            red_delta: 0.0,
            black_delta: 0.0,
            status: RatingStatus::Unrated(why),
        }
    }

    pub(crate) fn rated(
        old_red: &PlayerRating,
        old_black: &PlayerRating,
        red: PlayerRating,
        black: PlayerRating,
        scored_as: GameResult,
    ) -> Self {
        RatingChange {
            red,
            black,
            red_delta: red.rating - old_red.rating,
            black_delta: black.rating - old_black.rating,
            status: RatingStatus::Rated { scored_as },
        }
    }
}

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

    /// The title ladder of this profile (Glicko-2 has none: only awarded and honorary titles).
    #[must_use]
    pub const fn ladder(&self) -> Option<Ladder> {
        match self {
            Profile::Ourgame => Some(Ladder::Ourgame),
            Profile::Lotto => Some(Ladder::Lotto),
            Profile::Qq => Some(Ladder::Qq),
            Profile::Glicko2(_) => None,
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

/// Red's score: 1 for a red win, ½ for a draw, 0 for a loss.
pub(crate) fn red_score(result: GameResult) -> f64 {
    match result {
        GameResult::RedWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw | GameResult::Unfinished => 0.5,
    }
}

/// `GameResult` as its PGN token in serde.
mod result_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use xiangqi::GameResult;

    pub fn serialize<S: Serializer>(r: &GameResult, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(r.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let s = String::deserialize(d)?;
        s.parse()
            .map_err(|()| serde::de::Error::custom(format!("bad result {s:?}")))
    }
}
