//! How a tournament table reports its game's end (and a player's berserk) to the event's
//! director.

use super::msg::DirectorMsg;
use crate::state::AppState;
use platform::table::GameEnd;
use platform::{TableId, UserId};

/// Tells event `event`'s director that the game at `table` ended.
pub fn game_ended(state: &AppState, event: u64, table: TableId, end: GameEnd) {
    match state.tournaments.get(event) {
        Some(h) if h.send(DirectorMsg::GameEnded { table, end }) => {}
        _ => tracing::warn!(event, table = table.0, "no director for a tournament game"),
    }
}

/// Tells event `event`'s director that `user` berserked at `table` (the table changed their
/// clock; the director records it for the bonus point).
pub fn berserked(state: &AppState, event: u64, table: TableId, user: UserId) {
    match state.tournaments.get(event) {
        Some(h) if h.send(DirectorMsg::Berserked { table, user }) => {}
        _ => tracing::warn!(event, table = table.0, "no director for a berserk"),
    }
}
