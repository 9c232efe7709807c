//! What a table task starts from ([`TableSetup`]), with the computer's side at tables for
//! games against it ([`AiSide`]) and the position whose move it searched ([`AiKey`]).

use crate::lobby::RoomInfo;
use crate::owner::Owner;
use platform::table::TableConfig;
use platform::{TableId, UserId};
use std::sync::Arc;
pub use store::Lease;
use xiangqi::Color;

/// What a table task starts from.
#[derive(Clone, Debug)]
pub struct TableSetup {
    /// Its id.
    pub id: TableId,
    /// Its room.
    pub room: Arc<RoomInfo>,
    /// Its settings.
    pub config: TableConfig,
    /// The computer's side, at tables for games against it.
    pub ai: Option<AiSide>,
    /// Whom the table answers to: an event's director seats the players of its boards and
    /// hears of their games.
    pub owner: Owner,
}

/// The computer's side at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSide {
    /// The colour it plays.
    pub color: Color,
    /// Its level (1..=10).
    pub level: u8,
    /// Who plays it: `user::COMPUTER` in unrated games, the level's stored player in rated ones.
    pub player: UserId,
    /// Whether the game is rated (no undo, no hint).
    pub rated: bool,
}

/// The position the computer searched: `(game number, plies played, position hash)`.
pub type AiKey = (u32, usize, u64);
