//! The WebSocket edge: the upgrade (session and origin checks), one reader and one writer per
//! connection ([`conn`]), the message types ([`protocol`]), the rate limit ([`limit`]) and the
//! connections of each user ([`sockets`]).
//! A connection never changes game state itself: it forwards commands to table tasks.

pub mod amount;
pub mod conn;
pub mod limit;
pub mod protocol;
pub mod sockets;

use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::state::AppState;
use axum::extract::{Query, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::sync::Arc;

/// Query of `GET /ws`.
#[derive(Debug, Deserialize)]
pub struct WsQuery {
    /// Requested protocol version (default 1).
    pub protocol: Option<u32>,
}

/// Read buffer of a WebSocket (client messages are small; longer ones still fit).
const READ_BUFFER: usize = 4 * 1024;

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
        return Err(AppError::BadRequest(
            "unsupported_version",
            format!("protocol {version} is not supported (supported: 1)"),
        ));
    }
    if !origin_allowed(&headers, &state.config.allowed_origins) {
        return Err(AppError::Forbidden(
            "bad_origin",
            "WebSocket connections are accepted only from this site".into(),
        ));
    }
    let user = Arc::new(user.0);
    Ok(ws
        .max_message_size(16 * 1024)
        // tungstenite zero-fills its whole read buffer before every read: the default 128 KiB
        // cost a tenth of the server's time under load (and 128 KiB per connection).
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| conn::run(state, socket, user))
        .into_response())
}

/// Whether the `Origin` header names this server (`http(s)://` + `Host`) or an allowed origin.
#[must_use]
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    if allowed.iter().any(|a| a == origin) {
        return true;
    }
    let Some(host) = headers.get(header::HOST).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    origin == format!("http://{host}") || origin == format!("https://{host}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn only_our_own_origin_is_allowed() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        assert!(!origin_allowed(&h, &[]));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(origin_allowed(&h, &[]));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(!origin_allowed(&h, &[]));
        assert!(origin_allowed(&h, &["http://evil.example".to_owned()]));
    }
}
