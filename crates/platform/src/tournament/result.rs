//! Results of tournament games and byes, and what they score.

use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// How a tournament game ended, from the board's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Red won over the board.
    RedWins,
    /// Black won over the board.
    BlackWins,
    /// Drawn.
    Draw,
    /// Won by forfeit: the other side did not play (no-show, withdrawal).
    Forfeit {
        /// The side that scores the win.
        #[serde(with = "crate::ids::color_serde")]
        winner: Color,
    },
    /// Neither side played; both score a loss.
    DoubleForfeit,
}

/// One player's result in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerResult {
    /// Won over the board.
    Win,
    /// Drawn.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won because the opponent did not play.
    ForfeitWin,
    /// Lost by not playing.
    ForfeitLoss,
}

impl GameResult {
    /// The result for the player of `side`.
    #[must_use]
    pub fn for_side(self, side: Color) -> PlayerResult {
        match self {
            GameResult::RedWins if side == Color::Red => PlayerResult::Win,
            GameResult::BlackWins if side == Color::Black => PlayerResult::Win,
            GameResult::RedWins | GameResult::BlackWins => PlayerResult::Loss,
            GameResult::Draw => PlayerResult::Draw,
            GameResult::Forfeit { winner } if winner == side => PlayerResult::ForfeitWin,
            GameResult::Forfeit { .. } | GameResult::DoubleForfeit => PlayerResult::ForfeitLoss,
        }
    }

    /// Whether the game was played over the board.
    #[must_use]
    pub fn is_played(self) -> bool {
        matches!(
            self,
            GameResult::RedWins | GameResult::BlackWins | GameResult::Draw
        )
    }
}

impl PlayerResult {
    /// Whether it scores as a win.
    #[must_use]
    pub fn is_win(self) -> bool {
        matches!(self, PlayerResult::Win | PlayerResult::ForfeitWin)
    }
}
