//! How a tournament table reports its game's end (and a player's berserk) to the event's
//! director.

use super::msg::DirectorMsg;
use crate::deps::Events;
use platform::table::GameEnd;
use platform::{TableId, UserId};

/// Tells event `event`'s director that the game at `table` ended.
pub fn game_ended(state: &Events, event: u64, table: TableId, end: GameEnd) {
    match state.tournaments.get(event) {
        Some(h) if h.send(DirectorMsg::GameEnded { table, end }) => {}
        _ => tracing::warn!(event, table = table.0, "no director for a tournament game"),
    }
}

/// Tells event `event`'s director that `user` berserked at `table` (the table changed their
/// clock; the director records it for the bonus point).
pub fn berserked(state: &Events, event: u64, table: TableId, user: UserId) {
    match state.tournaments.get(event) {
        Some(h) if h.send(DirectorMsg::Berserked { table, user }) => {}
        _ => tracing::warn!(event, table = table.0, "no director for a berserk"),
    }
}

/// Event `event`'s director as its boards see it: told of each game's end and berserk.
pub(crate) struct Board {
    /// The directors.
    pub(crate) events: Events,
    /// The event.
    pub(crate) event: u64,
}

impl tables::Director for Board {
    fn tell(&self, news: tables::TableNews) {
        match news {
            tables::TableNews::GameOver { table, end, .. } => {
                game_ended(&self.events, self.event, table, end);
            }
            tables::TableNews::Berserked { table, user } => {
                berserked(&self.events, self.event, table, user);
            }
        }
    }

    fn refusal(&self) -> (protocol::ErrorCode, &'static str) {
        let why = "the director seats tournament games; they cannot be aborted";
        (protocol::ErrorCode::TournamentRefused, why)
    }
}
