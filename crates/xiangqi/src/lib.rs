//! The rules of Xiangqi (Chinese chess): positions, legal moves, FEN, notations, game records and
//! game-end rulings. No dependencies beyond `std`; move generation does not allocate.
//!
//! ```
//! use xiangqi::{Move, Position};
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m: Move = "h2e2".parse()?;
//! pos.play_mut(m)?;
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attacks;
mod bitboard;
mod color;
mod coords;
mod evasion;
mod fen;
mod movegen;
mod moves;
mod outcome;
mod position;
mod role;
mod square;
mod zobrist;

pub mod lines;
pub mod notation;
pub mod perft;
pub mod record;
pub mod rulings;

pub use bitboard::{Bitboard, Squares};
pub use color::{ByColor, Color};
pub use coords::{File, Rank};
pub use evasion::CheckAnswers;
pub use fen::FenError;
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use outcome::{EndReason, GameResult, Outcome};
pub use position::{IllegalMove, Position, Undo, START_FEN};
pub use role::{Piece, Role};
pub use rulings::{Judge, Profile, RuleSet, Ruling};
pub use square::{ParseSquareError, Square, SQUARE_COUNT};

/// Whether a piece of `color` and `role` can ever stand on `square` (palace, river and pawn-rank
/// restrictions).
pub use attacks::reachable;

/// Attack geometry for static exchange evaluation: the points from which a stepping piece attacks
/// a square.
pub use attacks::{elephant_attackers, horse_attackers, step_attackers};
