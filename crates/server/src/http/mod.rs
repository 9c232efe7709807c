//! HTTP routes, one file per area, each with `routes() -> Router<AppState>`.

pub mod accounts;
pub mod analysis;
pub mod assets;
pub mod auth;
pub mod behaviour;
pub mod bets;
pub mod collection;
pub mod hashing;
pub mod health;
pub mod import;
pub mod json;
pub mod ladders;
pub mod ledger;
pub mod limit;
pub mod lobby;
pub mod metrics;
pub mod moderation;
pub mod origin;
pub mod peer;
pub mod pgn;
pub mod ratings;
pub mod records;
pub mod timeout;
pub mod tournament_files;
pub mod tournaments;
pub mod wagers;
