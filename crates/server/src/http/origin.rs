//! Origin checks: a WebSocket must come from this site, and a state-changing HTTP request
//! (POST, PUT, PATCH, DELETE) that names an `Origin` must name this site too (login CSRF from a
//! foreign page is refused; clients that send no `Origin`, such as scripts, are not browsers).

use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use protocol::error_code::ErrorCode;

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

/// Middleware: refuses a state-changing request whose `Origin` is foreign (403 `bad_origin`).
pub async fn same_origin_writes(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let writes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if writes
        && req.headers().contains_key(header::ORIGIN)
        && !origin_allowed(req.headers(), &state.config.allowed_origins)
    {
        return AppError::Forbidden(
            ErrorCode::BadOrigin,
            "requests that change anything are accepted only from this site".into(),
        )
        .into_response();
    }
    next.run(req).await
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
        h.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(!origin_allowed(&h, &[]));
    }
}
