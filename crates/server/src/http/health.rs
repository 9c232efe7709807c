//! `GET /healthz`: 200 with a small status once the database answers, else 503.

use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

/// The health route.
pub fn routes() -> Router<AppState> {
    Router::new().route("/healthz", get(health))
}

/// The health answer.
#[derive(Serialize)]
struct Health {
    status: &'static str,
    database: &'static str,
    version: &'static str,
    /// This node's id (`[cluster] node_id`).
    node: String,
    /// The tables this node holds.
    tables: usize,
    /// The tables among them whose task runs (the others are dormant room tables).
    tables_live: usize,
    games_in_progress: usize,
    /// The events whose directors run on this node.
    events: usize,
    /// The ladders whose directors run on this node.
    ladders: usize,
    /// The leagues whose directors run on this node.
    leagues: usize,
    /// Connections of other nodes with a stand-in here (docs/scale.md, "Remote tables").
    stand_ins: usize,
    /// Relays of other nodes' tables kept here (docs/scale.md, "Remote tables").
    relays: usize,
}

async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let db_ok = state.db.ping().await;
    let body = Health {
        status: if db_ok { "ok" } else { "unavailable" },
        database: state.db.backend().name(),
        version: env!("CARGO_PKG_VERSION"),
        node: state.node.id.clone(),
        tables: state.tables.len(),
        tables_live: state.tables.live(),
        games_in_progress: state.lobby.games_in_progress(),
        events: state.tournaments.len(),
        ladders: state.ladders.len(),
        leagues: state.leagues.len(),
        stand_ins: state.remote.proxies.len(),
        relays: state.remote.relays.len(),
    };
    let code = if db_ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (code, Json(body))
}
