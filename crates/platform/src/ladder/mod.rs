//! The ladder challenge (梯级挑战赛): a ranked list of rungs where a player climbs by beating
//! someone above them. Pure and deterministic like the rest of `platform`: commands go in with
//! the current time ([`Ladder::apply`]), events come out, and a refused command changes
//! nothing. The rules as implemented are written down in `docs/ladder.md`.
//!
//! - [`config`]: the ladder's settings (join, reach, limits, cooldown, deadlines, time-outs,
//!   inactivity), every one with the default of the issue.
//! - [`reach`]: the highest place a player may challenge.
//! - [`command`]: commands, events and typed refusals.
//! - [`state`]: the ladder itself and how each command changes it.

mod challenge;
pub mod command;
pub mod config;
pub mod reach;
pub mod state;

pub use command::{
    ChallengeId, LadderCommand, LadderError, LadderEvent, Outcome, RemoveReason, Side,
};
pub use config::{Inactivity, JoinAt, LadderConfig, Reach};
pub use state::{Challenge, ChallengeRecord, Ladder, Rung};

#[cfg(test)]
mod tests;
