//! `POST /api/import`: the bytes of a record file (PGN, XQF or DhtmlXQ, any encoding the
//! `chuhe convert` command reads) in, the games read out (`crate::import`). `?encoding=big5`
//! (any label `study::encoding_for_label` knows) overrides the detection.

use super::auth::CurrentUser;
use crate::error::AppError;
use crate::import::{read_record, ImportError, Imported};
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::routing::post;
use axum::{Json, Router};
use protocol::error_code::ErrorCode;
use serde::Deserialize;

/// The import route.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        "/api/import",
        // The body is read up to `import_max_bytes` below, not by axum's default limit.
        post(import).layer(DefaultBodyLimit::disable()),
    )
}

/// The query of `POST /api/import`.
#[derive(Debug, Default, Deserialize)]
struct ImportQuery {
    /// The record's text encoding, when the caller knows it better than the detector.
    encoding: Option<String>,
}

async fn import(
    State(state): State<AppState>,
    _user: CurrentUser,
    Query(q): Query<ImportQuery>,
    body: Body,
) -> Result<Json<Imported>, AppError> {
    let encoding = match q.encoding.as_deref().map(str::trim) {
        None | Some("" | "auto") => None,
        Some(label) => Some(
            study::encoding_for_label(label)
                .map_err(|e| AppError::BadRequest(ErrorCode::UnknownEncoding, e.to_string()))?,
        ),
    };
    let max = state.config.limits.import_max_bytes;
    let bytes = axum::body::to_bytes(body, max).await.map_err(|_| {
        AppError::BadRequest(
            ErrorCode::RecordTooLarge,
            format!("a record may have at most {max} bytes"),
        )
    })?;
    if bytes.is_empty() {
        return Err(AppError::BadRequest(
            ErrorCode::BadRecord,
            "the record is empty".into(),
        ));
    }
    // Parsing is CPU work on input of up to a megabyte: off the async workers.
    let read = tokio::task::spawn_blocking(move || read_record(&bytes, encoding))
        .await
        .map_err(|e| AppError::Internal(format!("import task: {e}")))?;
    read.map(Json).map_err(|e| match e {
        ImportError::Encoding(msg) => AppError::BadRequest(ErrorCode::RecordEncoding, msg),
        ImportError::Unreadable(msg) => AppError::BadRequest(ErrorCode::BadRecord, msg),
    })
}
