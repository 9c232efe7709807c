//! Behaviour records (issue #21 item 4; #18's no-show bans): what each player did in each game
//! (completed it, left it, aborted it, never made a first move, lost on time while away), the
//! behaviour score computed from the last games, and the escalating-ban policy for repeated
//! leaving and no-shows. Pure: the current time is passed in. The rules are written down in
//! `docs/behaviour.md`.
//!
//! - [`outcome`]: one player's behaviour in one game, how a table's game end classifies, and
//!   the counters.
//! - [`score`]: the behaviour score (0–100) over the last games.
//! - [`ban`]: the escalating-ban policy.

pub mod ban;
pub mod outcome;
pub mod score;

pub use ban::{Ban, BanPolicy, BanReason, Incident};
pub use outcome::{classify, Conduct, Counters};
pub use score::{score, MIN_GAMES, SCORE_WINDOW};
