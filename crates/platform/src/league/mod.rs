//! Leagues (联赛): seasons of team matches per division (甲级, 乙级, …), each division a round
//! robin of matches on N boards, with promotion and relegation between seasons. Pure and
//! deterministic like the rest of `platform`: commands go in with the current time
//! ([`League::apply`]), events come out, and a refused command changes nothing. The rules as
//! implemented are written down in `docs/leagues.md`.
//!
//! - [`config`]: how a league is run (divisions, boards, points, tie-breaks, times).
//! - [`schedule`]: the season's rounds (Berger tables) and the colours by board.
//! - [`score`]: board results → 局分 (game points) → 场分 (match points).
//! - [`standings`]: a division's table with its tie-breaks.
//! - [`appointment`]: match times agreed by the two captains.
//! - [`promotion`]: next season's divisions.
//! - `reminders`: a reminder to both teams `remind_before` a match.
//! - [`command`]: commands, events and typed refusals.
//! - [`state`]: the league itself and how each command changes it.
//! - [`seasons`]: past seasons kept for browsing.
//! - `withdraw`: a team withdrawing mid-season (results voided or matches forfeited).

mod apply;
pub mod appointment;
pub mod command;
pub mod config;
pub mod promotion;
mod reminders;
pub mod schedule;
pub mod score;
pub mod seasons;
pub mod standings;
pub mod state;
mod withdraw;

pub use crate::ids::TeamId;
pub use appointment::Appointment;
pub use command::{LeagueCommand, LeagueError, LeagueEvent};
pub use config::{LeagueConfig, MatchPoints, TieBreak};
pub use schedule::{red_is_home, MatchId};
pub use score::{BoardResult, MatchScore};
pub use standings::{standings, Standing};
pub use state::PastSeason;
pub use state::{Division, League, LeagueMatch, Phase, Team};

#[cfg(test)]
mod tests;
