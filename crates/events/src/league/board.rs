//! A league's director as the tables of its boards see it: told of each game's end, with who was
//! at the table then.

use crate::deps::Events;
use protocol::ErrorCode;
use tables::{Director, TableNews};

/// The league directors, as a board's table sees them.
pub(crate) struct Board {
    /// The directors.
    pub(crate) events: Events,
}

impl Director for Board {
    fn tell(&self, news: TableNews) {
        if let TableNews::GameOver {
            table,
            end,
            present,
        } = news
        {
            super::game_ended(&self.events, table, end, &present);
        }
    }

    fn refusal(&self) -> (ErrorCode, &'static str) {
        let why = "the league seats its games; they cannot be aborted";
        (ErrorCode::LeagueRefused, why)
    }
}
