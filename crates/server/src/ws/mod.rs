//! The WebSocket edge: the upgrade (session and origin checks), one reader and one writer per
//! connection ([`conn`]), where each client message goes ([`route`]), the rate limit ([`limit`]) and the
//! connections of each user ([`sockets`]).
//! A connection never changes game state itself: it forwards commands to table tasks.

pub mod close;
pub mod conn;
pub mod limit;
mod remote;
pub mod writer;

use crate::error::AppError;
use crate::http::auth::{self, CurrentUser};
use crate::http::origin::origin_allowed;
use crate::state::AppState;
use axum::extract::{Query, State, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use protocol::error_code::ErrorCode;
use serde::Deserialize;
use std::sync::Arc;

/// Query of `GET /ws`.
#[derive(Debug, Deserialize)]
pub struct WsQuery {
    /// Requested protocol version (default 1).
    pub protocol: Option<u32>,
}

/// Read buffer of a WebSocket: client messages are small (a move ≈ 60 B); a longer frame grows
/// the buffer to its length. Every connection keeps this much (4 KiB cost 3 KiB more each).
const READ_BUFFER: usize = 1024;

/// `GET /ws`: upgrades when the session is valid and the origin is ours.
///
/// # Errors
/// `unsupported_version`, `bad_origin`, `unauthorized`.
pub async fn upgrade(
    State(state): State<AppState>,
    Query(q): Query<WsQuery>,
    headers: HeaderMap,
    user: CurrentUser,
    ws: WebSocketUpgrade,
) -> Result<Response, AppError> {
    let version = q.protocol.unwrap_or(protocol::PROTOCOL_VERSION);
    if version != protocol::PROTOCOL_VERSION {
        return Err(AppError::UnsupportedVersion(version));
    }
    if !origin_allowed(&headers, &state.config.allowed_origins) {
        return Err(AppError::Forbidden(
            ErrorCode::BadOrigin,
            "WebSocket connections are accepted only from this site".into(),
        ));
    }
    let session = auth::session_token(&headers)
        .map(|t| auth::hash_token(&t))
        .unwrap_or_default();
    let user = Arc::new(user.0);
    let max = state.config.limits.ws_max_message_bytes;
    Ok(ws
        // A frame over the limit is refused from its header (close 1009), before its payload
        // is read: without max_frame_size, tungstenite buffers frames up to 16 MiB.
        .max_frame_size(max)
        .max_message_size(max)
        // tungstenite zero-fills its whole read buffer before every read: the default 128 KiB
        // cost a tenth of the server's time under load (and 128 KiB per connection).
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| conn::run(state, socket, user, session))
        .into_response())
}
