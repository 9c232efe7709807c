//! A ladder's director as the tables of its challenges see it: told of each game's end.

use crate::deps::Events;
use protocol::ErrorCode;
use tables::{Director, TableNews};

/// The ladder directors, as a challenge's table sees them.
pub(crate) struct Board {
    /// The directors.
    pub(crate) events: Events,
}

impl Director for Board {
    fn tell(&self, news: TableNews) {
        if let TableNews::GameOver { table, end, .. } = news {
            super::game_ended(&self.events, table, end);
        }
    }

    fn refusal(&self) -> (ErrorCode, &'static str) {
        let why = "the ladder seats its games; they cannot be aborted";
        (ErrorCode::LadderRefused, why)
    }
}
