//! What a table task starts from ([`TableSetup`]), with the computer's side at tables for
//! games against it ([`AiSide`]) and the position whose move it searched ([`AiKey`]).

use crate::lobby::RoomInfo;
use platform::table::TableConfig;
use platform::{Millis, TableId, UserId};
use std::sync::Arc;
use store::Fence;
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
    /// The event whose director seats the players and hears of the game's end, at tournament
    /// tables.
    pub tournament: Option<u64>,
}

/// This node's grant of a table (docs/scale.md, "Ownership"): the fence every write of the
/// table carries, and where an outage of a game restored here began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The table and the epoch it was granted at.
    pub fence: Fence,
    /// The previous owner's last beat (this node's own after its restart, or when nobody held
    /// the table): a game brought back from its journal is paused there, so the outage is
    /// charged to nobody. A table released cleanly had its games paused then already.
    pub outage_since: Millis,
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
