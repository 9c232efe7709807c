//! Request bodies and extractor refusals in our error shape. [`AppJson`] reads a JSON body like
//! `axum::Json` but refuses with `400 {"error":"bad_message","message":…}`; [`plain_rejections`]
//! gives the same shape to any refusal axum itself renders as plain text (a route that uses
//! `axum::Json` directly, an unreadable path parameter or query string).

use crate::error::AppError;
use axum::extract::{FromRequest, Request};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use protocol::error_code::ErrorCode;
use serde::Serialize;

/// A JSON request body; malformed JSON, a missing `Content-Type` or a body of the wrong shape
/// is refused with [`AppError::BadRequest`] `bad_message`.
#[derive(Debug, Clone, Copy, Default)]
pub struct AppJson<T>(pub T);

impl<S, T> FromRequest<S> for AppJson<T>
where
    axum::Json<T>: FromRequest<S, Rejection = axum::extract::rejection::JsonRejection>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(AppJson(v)),
            Err(rejection) => Err(AppError::BadRequest(
                ErrorCode::BadMessage,
                rejection.body_text(),
            )),
        }
    }
}

/// Longest plain-text refusal that is rewritten (axum's are a line or two).
const MAX_REJECTION_TEXT: usize = 16 * 1024;

/// Response middleware: a plain-text 400, 413, 415 or 422 (axum's extractor rejections) becomes
/// `400 {"error":"bad_message","message":<the text>}`; every other response passes unchanged.
pub async fn plain_rejections(resp: Response) -> Response {
    let status = resp.status();
    let rejected = matches!(
        status,
        StatusCode::BAD_REQUEST
            | StatusCode::PAYLOAD_TOO_LARGE
            | StatusCode::UNSUPPORTED_MEDIA_TYPE
            | StatusCode::UNPROCESSABLE_ENTITY
    );
    let plain = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/plain"));
    if !(rejected && plain) {
        return resp;
    }
    let text = match axum::body::to_bytes(resp.into_body(), MAX_REJECTION_TEXT).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => status
            .canonical_reason()
            .unwrap_or("bad request")
            .to_owned(),
    };
    AppError::BadRequest(ErrorCode::BadMessage, text).into_response()
}

/// The answer of a command that has nothing more to say: `{"ok": true}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Done {
    ok: bool,
}

impl Done {
    /// `{"ok": true}`.
    pub const OK: Done = Done { ok: true };
}
