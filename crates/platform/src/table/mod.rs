//! Tables and games: the state machine of seats, readiness, time-control agreement, play, draw
//! offers, undo, resignation, abort, disconnection, chat and the request to play again.
//!
//! Commands are applied with the current time and return the events they produced:
//! [`Table::apply`]`(cmd, now) -> Result<Vec<Event>, TableError>`; a refused command changes
//! nothing. Time-driven endings (flag, first-move deadline, abandonment) are settled lazily on
//! every command and by [`Table::tick`] at [`Table::next_deadline`].
//!
//! ```
//! use platform::table::{Action, Command, Event, Table, TableConfig};
//! use platform::{Millis, TableId, UserId};
//! use xiangqi::Color;
//! let (a, b) = (UserId(1), UserId(2));
//! let mut t = Table::new(TableId(7), TableConfig::default())?;
//! t.apply(Command::new(a, Action::Sit(Color::Red)), Millis(0))?;
//! t.apply(Command::new(b, Action::Sit(Color::Black)), Millis(0))?;
//! t.apply(Command::new(a, Action::Ready(true)), Millis(0))?;
//! let events = t.apply(Command::new(b, Action::Ready(true)), Millis(10))?;
//! assert!(matches!(events.last(), Some(Event::GameStarted { number: 1, .. })));
//! let mv = "h2e2".parse()?;
//! t.apply(Command::new(a, Action::Move { mv, lag: Millis(0) }), Millis(2_000))?;
//! // Black may not move for Red, nor Red twice.
//! assert!(t.apply(Command::new(a, Action::Move { mv: "h7e7".parse()?, lag: Millis(0) }), Millis(3_000)).is_err());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod apply;
mod berserk;
mod chat;
mod clock_history;
mod command;
mod config;
mod draw;
mod error;
mod event;
mod finish;
mod game;
mod handicap;
mod handicap_offer;
mod handicap_terms;
mod model;
mod play;
mod presence;
mod referee;
mod rematch;
mod seating;
mod spectator_delay;
mod undo;

pub use command::{Action, Command};
pub use config::{
    rule_set, ChatLimits, RepetitionPolicy, TableConfig, CHAT_BURST, CHAT_WINDOW,
    FIRST_MOVE_DEADLINE, MAX_CHAT_CHARS, MAX_MOVE_LIMIT, MAX_SPECTATORS, MAX_UNDOS,
    RECONNECT_GRACE,
};
pub use error::TableError;
pub use event::{AbortReason, Event, GameEnd};
pub use game::{Game, UndoRequest};
pub use handicap::{Handicap, HandicapError, HandicapKind, HandicapOffsets};
pub use handicap_terms::{AgreedHandicap, HandicapProposal};
pub use model::{Proposal, Seat, Table};
pub use spectator_delay::{SpectatorDelay, MAX_DELAY_PLIES, MAX_DELAY_SECS};
