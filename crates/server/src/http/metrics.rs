//! `GET /metrics`: the node's Prometheus metrics (see `kit::metrics`). On the main address
//! only with the configured bearer token (else 404, as if absent); on the separate
//! `[metrics] listen` address to anyone who can reach it.

use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use kit::limits::Limits;
use tokio::net::TcpListener;

/// The token-guarded route of the main address.
pub fn routes() -> Router<AppState> {
    Router::new().route("/metrics", get(guarded))
}

/// Binds `[metrics] listen` (if set) and serves only `/metrics` there, until the process ends.
///
/// # Errors
/// The address cannot be bound.
pub async fn spawn_listener(state: &AppState) -> std::io::Result<Option<std::net::SocketAddr>> {
    let Some(addr) = state.config.metrics.listen.clone() else {
        return Ok(None);
    };
    let listener = TcpListener::bind(&addr).await?;
    let bound = listener.local_addr()?;
    let router = Router::new()
        .route("/metrics", get(open))
        .with_state(state.clone());
    let limits: Limits = state.config.limits.clone();
    tokio::spawn(async move {
        crate::serve::serve(listener, router, &limits, std::future::pending()).await;
    });
    Ok(Some(bound))
}

async fn guarded(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(token) = state.config.metrics.token.as_deref() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if !given.is_some_and(|g| constant_time_eq(g.as_bytes(), token.as_bytes())) {
        return StatusCode::NOT_FOUND.into_response();
    }
    exposition(&state)
}

async fn open(State(state): State<AppState>) -> Response {
    exposition(&state)
}

fn exposition(state: &AppState) -> Response {
    let text = kit::metrics::metrics().render(state.tables.len(), state.lobby.games_in_progress());
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

/// Compares without stopping at the first difference (the token is a secret).
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
