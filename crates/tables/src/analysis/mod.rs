//! The engine studies games (docs/analysis.md): whole finished games analysed on a bounded queue
//! ([`queue`], stored with the game and shared by its link) and live top lines of any position
//! for an analysis board ([`live`], over the WebSocket).
//!
//! Key decision: analyses get their own worker threads (`[analysis] workers`), never the
//! computer opponents' pool, and step aside between positions while computer opponents search
//! (see [`queue`]), so live games keep their move latency.

pub mod config;
pub mod live;
pub mod queue;
pub mod view;
pub mod wake;

pub use config::AnalysisConfig;
pub use live::{LiveBudget, LiveSession};
pub use wake::AnalysisQueue;
