//! A table's wager history: `GET /api/tables/{id}/wagers?limit=20`, newest first.

use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use platform::{GameId, TableId};
use serde::{Deserialize, Serialize};
use store::StatementView;
use xiangqi::ByColor;

/// The wager routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/tables/{id}/wagers", get(table_wagers))
}

/// `?limit=` of the history.
#[derive(Debug, Deserialize)]
pub struct Limit {
    limit: Option<u32>,
}

/// A closed wager in the history.
#[derive(Serialize)]
struct ClosedWager {
    id: u64,
    game_id: Option<GameId>,
    mode: String,
    stakes: Option<ByColor<i64>>,
    outcome: Option<String>,
    statements: Option<ByColor<StatementView>>,
    at: u64,
}

/// `{"wagers": [ClosedWager]}`.
#[derive(Serialize)]
struct WagersBody {
    wagers: Vec<ClosedWager>,
}

async fn table_wagers(
    State(state): State<AppState>,
    Path(id): Path<TableId>,
    Query(q): Query<Limit>,
) -> Result<Json<WagersBody>, AppError> {
    let limit = q.limit.unwrap_or(20).clamp(1, 100);
    let rows = state.db.table_wagers(id, limit).await?;
    let wagers = rows
        .into_iter()
        .map(|w| ClosedWager {
            id: w.id,
            game_id: w.game_id,
            mode: w.mode,
            stakes: w.summary.map(|s| s.stakes),
            outcome: w.outcome,
            statements: w.summary.map(|s| s.statements),
            at: w.at,
        })
        .collect();
    Ok(Json(WagersBody { wagers }))
}
