//! Chuhe's online platform: HTTP and WebSocket server, lobby and rooms, one task per live table
//! driving `platform::table::Table`, storage on SQLite or PostgreSQL, ratings, games against
//! the computer, and the load-test client.
//!
//! `app(state)` builds the router; [`server::start`] wires everything (database, migrations,
//! tables, restored games, heartbeat) and serves it. See `docs/server.md` and
//! `docs/protocol.md`.

#![warn(missing_docs)]

pub mod config;
pub mod error;
pub mod http;
pub mod import;
pub mod masters_boot;
pub mod puzzles_boot;
pub mod serve;
pub mod server;
pub mod state;
pub mod ws;

pub use config::Config;
pub use error::AppError;
pub use protocol::ErrorCode;
pub use server::{start, RunningServer, ServerError};
pub use state::AppState;

use axum::middleware::from_fn_with_state;
use axum::routing::get;
use axum::Router;
use tower_http::trace::TraceLayer;

/// The whole HTTP application.
pub fn app(state: AppState) -> Router {
    Router::new()
        .merge(http::health::routes())
        .merge(http::accounts::routes())
        .merge(http::settings::routes())
        .merge(http::password::routes())
        .merge(http::lobby::routes())
        .merge(http::records::routes())
        .merge(http::ledger::routes())
        .merge(http::bets::routes())
        .merge(http::notices::routes())
        .merge(http::ratings::routes())
        .merge(http::wagers::routes())
        .merge(http::tournaments::routes())
        .merge(http::tournament_files::routes())
        .merge(http::tournament_organiser::routes())
        .merge(http::metrics::routes())
        .merge(http::ladders::routes())
        .merge(http::leagues::routes())
        .merge(http::teams::routes())
        .merge(http::behaviour::routes())
        .merge(http::moderation::routes())
        .merge(http::import::routes())
        .merge(http::collection::routes())
        .merge(http::masters::routes())
        .merge(http::explorer::routes())
        .merge(http::analysis::routes())
        .merge(http::puzzles::routes())
        .merge(http::puzzle_runs::routes())
        .route("/ws", get(ws::upgrade))
        .fallback(http::assets::serve)
        .layer(from_fn_with_state(
            state.clone(),
            http::timeout::request_timeout,
        ))
        .layer(from_fn_with_state(
            state.clone(),
            http::origin::same_origin_writes,
        ))
        .layer(axum::middleware::map_response(http::json::plain_rejections))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
