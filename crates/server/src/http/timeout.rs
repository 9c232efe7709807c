//! Middleware: a request must be complete within `http_request_timeout_secs` (a body sent
//! slowly, or never finished, holds no connection beyond it); then 408 `timeout`.

use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Answers 408 `timeout` when the request is not done in time.
pub async fn request_timeout(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let limit = state.config.limits.request_timeout();
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(resp) => resp,
        Err(_) => AppError::Timeout.into_response(),
    }
}
