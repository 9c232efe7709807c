//! A password change (the current password required) and signing out of one's other sessions:
//! `POST /api/me/password` and `POST /api/me/sessions/others/logout`. Either way every other
//! session of the user is deleted and its WebSockets closed; the session that asked stays.

use super::accounts::check_password;
use super::auth::{self, CurrentUser};
use super::json::AppJson;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Json, Router};
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// The routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/me/password", post(change))
        .route("/api/me/sessions/others/logout", post(sign_out_others))
}

/// The current password and the new one.
#[derive(Debug, Deserialize)]
pub struct PasswordChange {
    old: String,
    new: String,
}

#[derive(Serialize)]
struct SignedOut {
    signed_out: usize,
}

/// The hash of this request's session token (there is one: [`CurrentUser`] found it).
fn this_session(headers: &HeaderMap) -> Result<String, AppError> {
    auth::session_token(headers)
        .map(|t| auth::hash_token(&t))
        .ok_or(AppError::Unauthorized)
}

fn close(state: &AppState, sessions: &[String]) {
    for s in sessions {
        state
            .sockets
            .close_session(s, tables::table::Close::LOGGED_OUT);
    }
}

async fn change(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    AppJson(body): AppJson<PasswordChange>,
) -> Result<Json<SignedOut>, AppError> {
    let keep = this_session(&headers)?;
    if user.0.guest {
        return Err(AppError::Forbidden(
            ErrorCode::GuestNotAllowed,
            "a guest has no password".into(),
        ));
    }
    if body.old.chars().count() > 128 || super::accounts::has_control(&body.old) {
        return Err(AppError::Forbidden(
            ErrorCode::WrongPassword,
            "the current password is wrong".into(),
        ));
    }
    check_password(&body.new)?;
    state
        .logins
        .attempt(&[format!("password:{}", user.0.id.0)], Instant::now())
        .map_err(AppError::RateLimited)?;
    let hash = state
        .db
        .user_by_name(&user.0.name)
        .await?
        .and_then(|(_, h)| h);
    if !state.hashing.verify(body.old, hash).await? {
        return Err(AppError::Forbidden(
            ErrorCode::WrongPassword,
            "the current password is wrong".into(),
        ));
    }
    let new_hash = state.hashing.hash(body.new).await?;
    let gone = state.db.set_password(user.0.id, &new_hash, &keep).await?;
    close(&state, &gone);
    Ok(Json(SignedOut {
        signed_out: gone.len(),
    }))
}

async fn sign_out_others(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
) -> Result<Json<SignedOut>, AppError> {
    let keep = this_session(&headers)?;
    let gone = state.db.delete_other_sessions(user.0.id, &keep).await?;
    close(&state, &gone);
    Ok(Json(SignedOut {
        signed_out: gone.len(),
    }))
}
