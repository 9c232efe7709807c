//! Analyses of finished games over HTTP: `POST /api/games/{id}/analysis` queues one (a logged-in
//! user; one game's analysis is shared by everyone), `GET` tells where it stands: `none`,
//! `queued {position}`, `running {done, total}`, `done {result}` or `failed` (docs/analysis.md).

use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use kit::clock;
use platform::GameId;
use protocol::error_code::ErrorCode;
use serde::Serialize;
use serde_json::value::RawValue;
use store::AnalysisState;

/// The analysis routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/analysis", get(status).post(request))
}

/// `AnalysisStatus`: `{"status": "none" | "queued" | "running" | "done" | "failed", …}`.
#[derive(Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
enum StatusBody {
    /// Nobody asked for one.
    None,
    /// Waiting; 1 starts next.
    Queued { position: u64 },
    /// Being searched.
    Running { done: u64, total: u64 },
    /// The analysis (`Analysis`).
    Done { result: Box<RawValue> },
    /// The record could not be analysed.
    Failed,
}

async fn body(state: &AppState, id: GameId) -> Result<StatusBody, AppError> {
    Ok(match state.db.analysis_state(id).await? {
        None => StatusBody::None,
        Some(AnalysisState::Queued { position }) => StatusBody::Queued { position },
        Some(AnalysisState::Running { done, total }) => StatusBody::Running { done, total },
        Some(AnalysisState::Done { result }) => StatusBody::Done {
            result: RawValue::from_string(result)
                .map_err(|e| AppError::Internal(format!("analysis of game {id}: {e}")))?,
        },
        Some(AnalysisState::Failed) => StatusBody::Failed,
    })
}

async fn status(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
) -> Result<Json<StatusBody>, AppError> {
    let b = body(&state, id).await?;
    if matches!(b, StatusBody::None) && state.db.game(id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    Ok(Json(b))
}

async fn request(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<GameId>,
) -> Result<Json<StatusBody>, AppError> {
    let game = state.db.game(id).await?.ok_or(AppError::NotFound)?;
    if game.status == "playing" {
        return Err(AppError::BadRequest(
            ErrorCode::NotFinished,
            "the game is still in progress; it can be analysed when it ends".into(),
        ));
    }
    let total = game.moves.len() as u64 + 1;
    let per_user = state.config.limits.analyses_per_user as u64;
    let queued = state
        .db
        .queue_analysis(id, user.id, total, per_user, clock::now().0)
        .await?;
    if !queued {
        return Err(AppError::Forbidden(
            ErrorCode::TooManyAnalyses,
            format!(
                "you may have {per_user} analysis queued or running at once; \
                 wait until yours is done"
            ),
        ));
    }
    state.analysis.wake();
    Ok(Json(body(&state, id).await?))
}
