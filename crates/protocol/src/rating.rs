//! A player's rating before and after a game, as the `rated` event shows it.

use serde::{Deserialize, Serialize};

/// One player's rating before and after a game (rounded for display).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingLine {
    /// Before the game.
    pub before: i64,
    /// After the game.
    pub after: i64,
    /// The change.
    pub delta: i64,
}
