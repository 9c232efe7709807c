//! How a tournament table reports its game's end to the event's director.

use super::msg::DirectorMsg;
use crate::state::AppState;
use platform::table::GameEnd;
use platform::TableId;

/// Tells event `event`'s director that the game at `table` ended.
pub fn game_ended(state: &AppState, event: u64, table: TableId, end: GameEnd) {
    match state.tournaments.get(event) {
        Some(h) if h.send(DirectorMsg::GameEnded { table, end }) => {}
        _ => tracing::warn!(event, table = table.0, "no director for a tournament game"),
    }
}
