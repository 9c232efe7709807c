//! Arena (lila's model, improved): players join and leave freely until the end; a waiting
//! player is paired as soon as a legal opponent waits (after every command, not in waves), by a
//! minimum-cost maximum matching over rank and rating. No immediate rematch (unless both have
//! waited `rematch_after`), never more than `max_same_color` games in a row with one colour.
//! Scoring: see [`scoring`]. Games still running at the end do not count. A team battle
//! (`team_top > 0`) ranks teams by their best players' scores ([`team_standings`]).

mod apply;
mod model;
mod pairing;
pub mod scoring;
mod teams;

pub use apply::berserk_control;
pub use model::TeamEntry;
pub use model::{
    Arena, ArenaCommand, ArenaConfig, ArenaError, ArenaEvent, ArenaGame, ArenaPlayer, SheetEntry,
    Status,
};
pub use scoring::on_fire;
pub use teams::{team_standings, TeamRow};
