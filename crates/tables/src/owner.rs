//! [`Owner`]: whom a table answers to, given when it is set up. A room's table and a game against
//! the computer answer to nobody; an event's board tells its [`Director`] when a player berserks
//! and when the game ends, and refuses what only the director may do (lila: the round publishes
//! `FinishGame`, the tournament's bus handler hears it). The table never looks its owner up.

use platform::table::GameEnd;
use platform::{TableId, UserId};
use protocol::ErrorCode;
use std::fmt;
use std::sync::Arc;

/// Whom a table answers to.
#[derive(Clone, Debug, Default)]
pub enum Owner {
    /// A room's table (or a game against the computer): players sit down themselves.
    #[default]
    Room,
    /// An event's board: its director seats the players and hears of the game.
    Event(Arc<dyn Director>),
}

impl Owner {
    /// The director of an event's board.
    #[must_use]
    pub fn director(&self) -> Option<&Arc<dyn Director>> {
        match self {
            Owner::Room => None,
            Owner::Event(d) => Some(d),
        }
    }

    /// Whether an event's director seats the table's players.
    #[must_use]
    pub fn is_event(&self) -> bool {
        matches!(self, Owner::Event(_))
    }
}

/// What a table tells the director of its event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableNews {
    /// The game at `table` ended; `present`: the users connected to the table then.
    GameOver {
        /// The table.
        table: TableId,
        /// How the game ended.
        end: GameEnd,
        /// Who was at the table when it ended.
        present: Vec<UserId>,
    },
    /// `user` berserked at `table` (halved their clock for a bonus point).
    Berserked {
        /// The table.
        table: TableId,
        /// Who.
        user: UserId,
    },
}

/// The director of an event, as its boards see it.
pub trait Director: Send + Sync {
    /// Hears `news` of one of its boards.
    fn tell(&self, news: TableNews);

    /// The refusal of a command only the director gives (abort, leave a seat): its code and why.
    fn refusal(&self) -> (ErrorCode, &'static str);
}

impl fmt::Debug for dyn Director {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (code, _) = self.refusal();
        write!(f, "Director({code})")
    }
}
