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
            AppError::Internal(_) => "internal",
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(..) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized | AppError::BadCredentials => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(..) => StatusCode::FORBIDDEN,
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::NameTaken => StatusCode::CONFLICT,
            AppError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
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
        let mut resp = (
            self.status(),
            Json(json!({"error": self.code(), "message": message})),
        )
            .into_response();
        if let AppError::RateLimited(secs) = self {
            if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
                resp.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        resp
    }
}
