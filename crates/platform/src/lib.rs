//! Chuhe's pure domain: clocks, tables and games, ratings and titles, coins and wagers.
//!
//! Deterministic and free of I/O: the current time is always passed in, and every operation
//! returns the new state with the events it produced.

#![warn(missing_docs)]

pub mod behaviour;
pub mod clock;
pub mod eligibility;
mod ids;
pub mod ladder;
pub mod league;
pub mod ledger;
pub mod parimutuel;
pub mod puzzle;
pub mod rating;
pub mod reward;
pub mod seek;
pub mod table;
pub mod team;
pub mod tournament;
pub mod utc;
pub mod wager;

pub use ids::{GameId, Millis, TableId, TeamId, UserId};
