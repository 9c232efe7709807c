//! Ratings and titles, in the three portals' flavours plus Glicko-2 (PLATFORM.md §3–4).
//!
//! A [`Profile`] rates one finished game between red and black:
//!
//! ```
//! use platform::rating::{PlayerRating, Profile, RatedGame};
//! use xiangqi::{EndReason, GameResult};
//! let profile = Profile::Ourgame;
//! let red = PlayerRating { games: 30, ..PlayerRating::new(1600.0) };
//! let black = PlayerRating { games: 50, ..PlayerRating::new(1500.0) };
//! let game = RatedGame { result: GameResult::RedWins, reason: EndReason::Checkmate, plies: 61 };
//! let change = profile.rate(&red, &black, &game);
//! assert!(change.is_rated());
//! assert_eq!(change.red.rating.round(), 1612.0);
//! assert_eq!(change.black.games, 51);
//! ```
//!
//! Ratings are `f64` and are not rounded between games; displays round. The arithmetic uses
//! only IEEE operations and `powf`/`exp`/`ln`, so it is deterministic on a given platform.

mod computer;
mod elo;
mod game;
pub mod glicko2;
mod handicap;
mod pool;
mod profile;
mod title;

pub use computer::{COMPUTER_DAMPING, COMPUTER_DEVIATION, LEVEL_ONE_BELOW_START};
pub use elo::{expected_score, lotto_k, ourgame_k, qq_k, OURGAME_PROVISIONAL_GAMES};
pub use game::{PlayerRating, RatedGame, RatingChange, RatingStatus, UnratedReason};
pub use glicko2::Glicko2Params;
pub use pool::{PoolName, RatingPool, RatingScope, MAX_POOL_NAME};
pub use profile::Profile;
pub use title::{
    HonoraryTitle, Ladder, ShownTitle, Title, TitleError, TitleRecord, HONORARY_MARKER,
};
