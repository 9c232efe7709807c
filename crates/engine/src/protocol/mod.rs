//! Text protocols: UCCI (`ucci.rs`) and UCI (`uci.rs`), chosen by the first command.
//!
//! Key decision: both dialects parse lines into one [`Command`] vocabulary and format the same
//! [`crate::SearchInfo`]; a single session loop (`session.rs`) drives the [`crate::Engine`], moving
//! it into a search thread on `go` so that `stop`, `ponderhit`, `isready` and `quit` are read and
//! answered while the engine thinks. Moves use ICCS with ranks 0–9 (RULES.md §5.4) except in UCI
//! with the ranks 1–10 option (Fairy-Stockfish style).

mod command;
mod session;
pub mod ucci;
pub mod uci;

pub use command::{Command, GoParams, PositionSpec};
pub use session::{run, Output, SharedBuffer};
