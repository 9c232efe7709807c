//! Chuhe's Xiangqi engine: alpha-beta search, hand-tuned evaluation, time management for every
//! clock kind, difficulty levels, and the UCCI and UCI protocols.
//!
//! ```
//! use engine::{Control, Engine, Limits};
//! let mut e = Engine::new(16);
//! let limits = Limits { depth: Some(4), ..Limits::default() };
//! let result = e.go(&limits, &Control::new(), &mut |_| {});
//! assert!(result.best.is_some());
//! ```

#![warn(missing_docs)]

mod bitboard;
mod chase;
mod control;
mod correction;
mod cycle;
mod engine;
mod eval_state;
mod history;
mod movepick;
mod node;
mod pst;
mod see;
mod types;

pub mod analysis;
pub mod bench;
pub mod book;
pub mod eval;
pub mod level;
pub mod mine;
pub mod nnue;
pub mod params;
pub mod protocol;
pub mod repetition;
pub mod search;
pub mod time;
pub mod tt;

pub use control::Control;
pub use engine::{Engine, DEFAULT_HASH_MB};
pub use search::{Limits, Score, SearchInfo, SearchOptions, SearchResult};
pub use time::{budget, Budget, ClockState};
