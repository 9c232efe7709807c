//! One's stored notices: `GET /api/me/notices` (newest first, with the number not seen yet) and
//! `POST /api/me/notices/seen {up_to}`.

use super::auth::CurrentUser;
use super::json::AppJson;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Notices per page by default, and at most.
const DEFAULT_LIMIT: u32 = 50;
const MAX_LIMIT: u32 = 200;

/// The routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/me/notices", get(list))
        .route("/api/me/notices/seen", post(seen))
}

/// Paging: `limit`, and notices with ids below `before`.
#[derive(Debug, Deserialize)]
pub struct Page {
    limit: Option<u32>,
    before: Option<u64>,
}

/// One notice on the wire: `msg` is the WebSocket message it was sent as.
#[derive(Serialize)]
struct NoticeView {
    id: u64,
    at: u64,
    seen: bool,
    msg: Value,
}

#[derive(Serialize)]
struct NoticesBody {
    notices: Vec<NoticeView>,
    unseen: u64,
}

async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(page): Query<Page>,
) -> Result<Json<NoticesBody>, AppError> {
    let limit = page.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let rows = state.db.notices(user.0.id, limit, page.before).await?;
    let notices = rows
        .into_iter()
        .map(|r| NoticeView {
            id: r.id,
            at: r.at.0,
            seen: r.seen,
            msg: serde_json::from_str(&r.body).unwrap_or(Value::Null),
        })
        .collect();
    let unseen = state.db.unseen_notices(user.0.id).await?;
    Ok(Json(NoticesBody { notices, unseen }))
}

/// `{up_to}`: the newest notice the player has seen.
#[derive(Debug, Deserialize)]
struct SeenBody {
    up_to: u64,
}

#[derive(Serialize)]
struct SeenReply {
    changed: u64,
    unseen: u64,
}

async fn seen(
    State(state): State<AppState>,
    user: CurrentUser,
    AppJson(body): AppJson<SeenBody>,
) -> Result<Json<SeenReply>, AppError> {
    let changed = state.db.mark_notices_seen(user.0.id, body.up_to).await?;
    let unseen = state.db.unseen_notices(user.0.id).await?;
    Ok(Json(SeenReply { changed, unseen }))
}
