//! The web client, embedded from the repository's `web/` folder and served at `/`; unknown
//! `/api/…` paths get the JSON `not_found` instead.

use crate::error::AppError;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Web;

/// Serves `uri`'s file from `web/` (`index.html` for `/` and for unknown paths without an
/// extension, so client-side routes work). An unknown path under `/api` is 404 `not_found`.
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path == "api" || path.starts_with("api/") {
        return AppError::NotFound.into_response();
    }
    let path = if path.is_empty() { "index.html" } else { path };
    if let Some(file) = Web::get(path) {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        return (
            [(header::CONTENT_TYPE, mime.as_ref().to_owned())],
            file.data,
        )
            .into_response();
    }
    if !path.contains('.') {
        if let Some(file) = Web::get("index.html") {
            return (
                [(header::CONTENT_TYPE, "text/html; charset=utf-8".to_owned())],
                file.data,
            )
                .into_response();
        }
    }
    (StatusCode::NOT_FOUND, "not found").into_response()
}
