//! Behaviour over HTTP: `GET /api/users/{id}/behaviour` (the score, the counters and the
//! sanctions in force), `GET /api/me/behaviour` (one's own, with a ban's end for the
//! countdown) and `POST /api/reports` (a player reports a player with a reason; one open report
//! per reporter and target). Moderation is in [`super::moderation`].

use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::http::json::AppJson;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use kit::limits::REPORT_REASON_MAX_CHARS;
use platform::UserId;
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use tables::behaviour::{view, BehaviourView};

/// The behaviour routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/users/{id}/behaviour", get(of_user))
        .route("/api/me/behaviour", get(mine))
        .route(
            "/api/reports",
            post(report).get(super::moderation::list_reports),
        )
        .route(
            "/api/reports/{id}/close",
            post(super::moderation::close_report),
        )
}

async fn of_user(
    State(state): State<AppState>,
    Path(id): Path<UserId>,
) -> Result<Json<BehaviourView>, AppError> {
    if state.db.user(id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    Ok(Json(view::summary(&state, id, kit::clock::now()).await?))
}

async fn mine(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<BehaviourView>, AppError> {
    Ok(Json(
        view::summary(&state, user.id, kit::clock::now()).await?,
    ))
}

/// `POST /api/reports` body: the reported player's name and why.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReportBody {
    user: String,
    reason: String,
}

#[derive(Serialize)]
struct Reported {
    id: u64,
}

async fn report(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<ReportBody>,
) -> Result<Json<Reported>, AppError> {
    let bad = |why: &str| Err(AppError::BadRequest(ErrorCode::BadMessage, why.to_owned()));
    let reason = body.reason.trim();
    if user.guest {
        return Err(AppError::Forbidden(
            ErrorCode::GuestNotAllowed,
            "guests cannot report players".into(),
        ));
    }
    if reason.is_empty() {
        return bad("give a reason");
    }
    if reason.chars().count() > REPORT_REASON_MAX_CHARS || reason.chars().any(char::is_control) {
        return bad(&format!(
            "a reason is at most {REPORT_REASON_MAX_CHARS} characters, without control characters"
        ));
    }
    let Some((target, _)) = state.db.user_by_name(&body.user).await? else {
        return Err(AppError::NotFound);
    };
    if target.id == user.id {
        return bad("you cannot report yourself");
    }
    let open = state.db.reports(true, usize::MAX).await?;
    if open.iter().filter(|r| r.reporter == user.id).count() >= kit::limits::OPEN_REPORTS_PER_USER {
        return Err(AppError::RateLimited(3_600));
    }
    match state
        .db
        .create_report(user.id, target.id, reason, kit::clock::now())
        .await?
    {
        Some(id) => Ok(Json(Reported { id })),
        None => Err(AppError::BadRequest(
            ErrorCode::ReportOpen,
            format!("you have an open report of {} already", target.name),
        )),
    }
}
