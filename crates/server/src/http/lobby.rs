//! `GET /api/lobby`: the rooms and their tables.

use crate::state::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use protocol::views::RoomView;
use serde::Serialize;

/// The lobby route.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/lobby", get(lobby))
}

/// `{"rooms": [Room]}`.
#[derive(Serialize)]
struct LobbyBody {
    rooms: Vec<RoomView>,
}

async fn lobby(State(state): State<AppState>) -> Json<LobbyBody> {
    Json(LobbyBody {
        rooms: state.lobby.snapshot(),
    })
}
