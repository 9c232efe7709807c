//! The shared vocabulary of ratings: a player's rating, a game to rate, the change it makes and
//! why a game was not rated. Used by every rating system (`elo`, `glicko2`) and by `Profile`.

use serde::{Deserialize, Serialize};
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

    /// Whether every figure is a finite number (a corrupt stored rating is never used).
    pub(super) fn is_finite(&self) -> bool {
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
    /// A player is a guest (the server's reason; no profile gives it).
    Guest,
    /// A game against the computer played unrated by choice (the server's reason).
    Casual,
    /// A handicap game in a room that does not rate them (the server's reason).
    Handicap,
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
