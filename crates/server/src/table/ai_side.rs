//! [`AiSide`]: the computer's side at a table for games against it, and [`AiKey`]: the
//! position whose move it searched.

use xiangqi::Color;

/// The computer's side at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSide {
    /// The colour it plays.
    pub color: Color,
    /// Its level (1..=10).
    pub level: u8,
}

/// The position the computer searched: `(game number, plies played, position hash)`.
pub type AiKey = (u32, usize, u64);
