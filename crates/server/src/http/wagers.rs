//! A table's wager history: `GET /api/tables/{id}/wagers?limit=20`, newest first.

use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

/// The wager routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/tables/{id}/wagers", get(table_wagers))
}

/// `?limit=` of the history.
#[derive(Debug, Deserialize)]
pub struct Limit {
    limit: Option<u32>,
}

async fn table_wagers(
    State(state): State<AppState>,
    Path(id): Path<u64>,
    Query(q): Query<Limit>,
) -> Result<Json<Value>, AppError> {
    let limit = q.limit.unwrap_or(20).clamp(1, 100);
    let rows = state.db.table_wagers(id, limit).await?;
    let wagers: Vec<Value> = rows
        .iter()
        .map(|w| {
            json!({"id": w.id, "game_id": w.game_id, "mode": w.mode,
                "stakes": w.summary["stakes"], "outcome": w.outcome,
                "statements": w.summary["statements"], "at": w.at})
        })
        .collect();
    Ok(Json(json!({"wagers": wagers})))
}
