//! [`AppError`]: every refusal and failure of the HTTP API, rendered as
//! `{"error": code, "message": text}` with the right status. Internal errors are logged and the
//! client only learns that something went wrong.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use protocol::error_code::ErrorCode;
use serde::Serialize;
use store::StoreError;
use thiserror::Error;

/// The body of every HTTP error: `{"error": code, "message": text, "supported"?: [versions]}`.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorCode,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    supported: Option<[u32; 1]>,
    /// The end of the ban or mute that refused (ms since the epoch).
    #[serde(skip_serializing_if = "Option::is_none")]
    until: Option<u64>,
}

/// An HTTP error.
#[derive(Debug, Error)]
pub enum AppError {
    /// Bad input: `(code, message)`.
    #[error("{1}")]
    BadRequest(ErrorCode, String),
    /// No valid session.
    #[error("not logged in")]
    Unauthorized,
    /// Wrong name or password.
    #[error("wrong name or password")]
    BadCredentials,
    /// Forbidden: `(code, message)`.
    #[error("{1}")]
    Forbidden(ErrorCode, String),
    /// Refused by a ban or mute: `(code, message, its end in ms since the epoch)`.
    #[error("{1}")]
    Sanctioned(ErrorCode, String, u64),
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
    pub fn code(&self) -> ErrorCode {
        match self {
            AppError::BadRequest(c, _)
            | AppError::Forbidden(c, _)
            | AppError::Sanctioned(c, _, _) => *c,
            AppError::Unauthorized => ErrorCode::Unauthorized,
            AppError::BadCredentials => ErrorCode::BadCredentials,
            AppError::NotFound => ErrorCode::NotFound,
            AppError::NameTaken => ErrorCode::NameTaken,
            AppError::RateLimited(_) => ErrorCode::RateLimited,
            AppError::Busy => ErrorCode::Busy,
            AppError::Timeout => ErrorCode::Timeout,
            AppError::UnsupportedVersion(_) => ErrorCode::UnsupportedVersion,
            AppError::Internal(_) => ErrorCode::Internal,
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(..) | AppError::UnsupportedVersion(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized | AppError::BadCredentials => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(..) | AppError::Sanctioned(..) => StatusCode::FORBIDDEN,
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
            StoreError::Ledger(e) => AppError::BadRequest(ErrorCode::from(&e), e.to_string()),
            StoreError::Team(e) => AppError::BadRequest(ErrorCode::from(&e), e.to_string()),
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
        let supported =
            matches!(self, AppError::UnsupportedVersion(_)).then_some([protocol::PROTOCOL_VERSION]);
        let until = match self {
            AppError::Sanctioned(_, _, until) => Some(until),
            _ => None,
        };
        let body = ErrorBody {
            error: self.code(),
            message: &message,
            supported,
            until,
        };
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

impl From<tables::behaviour::Refused> for AppError {
    fn from(r: tables::behaviour::Refused) -> AppError {
        match (r.code, r.until) {
            (ErrorCode::Internal, _) => AppError::Internal(r.message),
            (code, Some(until)) => AppError::Sanctioned(code, r.message, until.0),
            (code, None) => AppError::Forbidden(code, r.message),
        }
    }
}
