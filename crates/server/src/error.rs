//! [`AppError`]: every refusal and failure of the HTTP API, rendered as
//! `{"error": code, "message": text}` with the right status. Internal errors are logged and the
//! client only learns that something went wrong.

use crate::store::StoreError;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use thiserror::Error;

/// An HTTP error.
#[derive(Debug, Error)]
pub enum AppError {
    /// Bad input: `(code, message)`.
    #[error("{1}")]
    BadRequest(&'static str, String),
    /// No valid session.
    #[error("not logged in")]
    Unauthorized,
    /// Wrong name or password.
    #[error("wrong name or password")]
    BadCredentials,
    /// Forbidden: `(code, message)`.
    #[error("{1}")]
    Forbidden(&'static str, String),
    /// Nothing there.
    #[error("not found")]
    NotFound,
    /// The name is taken.
    #[error("that name is taken")]
    NameTaken,
    /// Too many attempts; retry after this many seconds.
    #[error("too many attempts; retry in {0} s")]
    RateLimited(u64),
    /// The server is at a limit (password hashing); retry in a second.
    #[error("the server is busy; retry in a moment")]
    Busy,
    /// The client took too long to send its request.
    #[error("the request took too long to arrive")]
    Timeout,
    /// The requested protocol version is not spoken.
    #[error("protocol {0} is not supported")]
    UnsupportedVersion(u32),
    /// Something failed inside.
    #[error("internal: {0}")]
    Internal(String),
}

impl AppError {
    /// The protocol's error code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            AppError::BadRequest(c, _) | AppError::Forbidden(c, _) => c,
            AppError::Unauthorized => "unauthorized",
            AppError::BadCredentials => "bad_credentials",
            AppError::NotFound => "not_found",
            AppError::NameTaken => "name_taken",
            AppError::RateLimited(_) => "rate_limited",
            AppError::Busy => "busy",
            AppError::Timeout => "timeout",
            AppError::UnsupportedVersion(_) => "unsupported_version",
            AppError::Internal(_) => "internal",
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(..) | AppError::UnsupportedVersion(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized | AppError::BadCredentials => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(..) => StatusCode::FORBIDDEN,
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::NameTaken => StatusCode::CONFLICT,
            AppError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Timeout => StatusCode::REQUEST_TIMEOUT,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NameTaken => AppError::NameTaken,
            e @ StoreError::Ledger(_) => {
                let code = e.ledger_code().unwrap_or("internal");
                AppError::BadRequest(code, e.to_string())
            }
            other => AppError::Internal(other.to_string()),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let message = match &self {
            AppError::Internal(detail) => {
                tracing::error!("internal error: {detail}");
                "something went wrong".to_owned()
            }
            other => other.to_string(),
        };
        let mut body = json!({"error": self.code(), "message": message});
        if let AppError::UnsupportedVersion(_) = self {
            body["supported"] = json!([crate::ws::protocol::PROTOCOL_VERSION]);
        }
        let mut resp = (self.status(), Json(body)).into_response();
        let retry_after = match self {
            AppError::RateLimited(secs) => Some(secs),
            AppError::Busy => Some(1),
            _ => None,
        };
        if let Some(v) = retry_after.and_then(|s| HeaderValue::from_str(&s.to_string()).ok()) {
            resp.headers_mut().insert(header::RETRY_AFTER, v);
        }
        resp
    }
}
