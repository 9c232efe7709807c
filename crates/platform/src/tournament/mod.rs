//! Tournaments: Swiss (FIDE Dutch), round robin (Berger), knockout and arena, with scoring and
//! tie-break presets. Pure and deterministic like the rest of `platform`: commands go in with
//! the current time, events come out, a refused command changes nothing.

pub mod arena;
mod error;
pub mod knockout;
pub mod matching;
mod result;
pub mod robin;
mod scoring;
mod standings;
pub mod swiss;

pub use error::TournamentError;
pub use result::{GameResult, PlayerResult};
pub use scoring::{Preset, Scale, TieBreak};
pub use standings::{standings, ByeKind, Halves, Record, RecordedGame, Row};
