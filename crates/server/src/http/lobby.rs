//! `GET /api/lobby`: the rooms and their tables.

use crate::state::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

/// The lobby route.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/lobby", get(lobby))
}

async fn lobby(State(state): State<AppState>) -> Json<Value> {
    Json(json!({"rooms": state.lobby.snapshot()}))
}
