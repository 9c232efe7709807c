//! Behaviour records, bans, mutes and reports in the server (`docs/behaviour.md`): each
//! finished game's conduct is recorded where the table stores its end ([`record`]), the ban
//! policy of `platform::behaviour` runs after each leave or no-show, and [`gate`] refuses a
//! banned player a seat, a seek or an event, a muted one the chat, and a player below a room's
//! or an event's `min_behaviour`.

mod config;
pub mod gate;
pub mod record;
mod refused;
pub mod view;

pub use config::BehaviourConfig;
pub use refused::Refused;
pub use view::{BehaviourView, SanctionView};
