//! The Swiss system: FIDE Dutch pairings (Red as White), late entries until half the rounds,
//! withdrawals, byes, forbidden pairs, manual pairings, and the FIDE TRF export.
//!
//! ```
//! use platform::tournament::swiss::{Swiss, SwissCommand, SwissConfig};
//! use platform::tournament::GameResult;
//! use platform::{Millis, UserId};
//! let mut s = Swiss::new(SwissConfig { rounds: 3, ..SwissConfig::default() });
//! for u in 1..=5 {
//!     s.apply(SwissCommand::Register { user: UserId(u), rating: 1500 + 10 * u as u32 }, Millis(0))?;
//! }
//! s.apply(SwissCommand::PairRound, Millis(1))?;
//! assert_eq!(s.rounds[0].boards.len(), 3); // two games and a bye
//! # Ok::<_, platform::tournament::TournamentError>(())
//! ```

mod apply;
mod command;
pub mod dutch;
mod history;
mod model;
pub mod trf;

pub use command::{SwissCommand, SwissEvent};
pub use model::{Entrant, Phase, Swiss, SwissBoard, SwissConfig, SwissRound};
