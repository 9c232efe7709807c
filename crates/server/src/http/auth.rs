//! Sessions: random session tokens in an HttpOnly SameSite cookie (only their SHA-256 is
//! stored), and the [`CurrentUser`] extractor. Password hashing is in [`super::hashing`].

use crate::error::AppError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use kit::clock;
use rand::RngCore;
use sha2::{Digest, Sha256};
use tables::user::UserInfo;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "chuhe_session";

/// The logged-in user of a request.
#[derive(Clone, Debug)]
pub struct CurrentUser(pub UserInfo);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let token = session_token(&parts.headers).ok_or(AppError::Unauthorized)?;
        let user = state
            .db
            .session_user(&hash_token(&token), clock::now().0)
            .await?
            .ok_or(AppError::Unauthorized)?;
        Ok(CurrentUser(user.into()))
    }
}

/// The session token in the request's cookies.
#[must_use]
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == SESSION_COOKIE)
        .map(|(_, v)| v.to_owned())
}

/// A new random session token (256 bits, hex).
#[must_use]
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// What is stored for a token.
#[must_use]
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The `Set-Cookie` value for a session.
#[must_use]
pub fn session_cookie(token: &str, max_age_secs: u64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_secs}{secure}"
    )
}

/// The `Set-Cookie` value that clears the session.
#[must_use]
pub fn clear_cookie() -> String {
    format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn finds_the_session_cookie_among_others() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; chuhe_session=abc; b=2"),
        );
        assert_eq!(session_token(&h).as_deref(), Some("abc"));
        assert_eq!(hash_token("abc").len(), 64);
        assert!(session_cookie("x", 60, false).contains("HttpOnly; SameSite=Lax"));
    }
}
