//! Knockout (淘汰赛): standard seeding into a power of two (byes to the top seeds), matches of
//! one or more games, then the CXA tie-break sequence — rapid, blitz, and a sudden-death game
//! with different clocks per colour where a draw wins for Black — so every match, and the
//! event, has exactly one winner. An optional third-place match is played by the semi-final
//! losers.
//!
//! Colours alternate through a match, the higher seed having Red in game 1. A stage stops early
//! once one player cannot be caught. A player who withdraws after the start loses their match
//! (a game in progress by forfeit) and, if they had already won it, the next opponent gets a bye.

mod apply;
pub mod bracket;
mod format;
mod matches;
mod model;

pub use format::{GameSpec, MatchFormat, Stage, StageKind};
pub use matches::{Match, MatchGame, NextGame};
pub use model::{Knockout, KnockoutCommand, KnockoutConfig, KnockoutEvent, MatchId};
