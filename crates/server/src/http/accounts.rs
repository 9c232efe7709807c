//! Accounts: register, log in, log out, guest play, me.

use super::auth::{self, CurrentUser};
use super::json::AppJson;
use super::peer::Peer;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kit::clock;
use platform::ledger::Coins;
use protocol::error_code::ErrorCode;
use protocol::user::UserBody;
use rand::Rng;
use serde::Deserialize;
use std::time::Instant;
use tables::user::UserInfo;

/// The account routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/guest", post(guest))
        .route("/api/me", get(me))
}

/// Name and password.
#[derive(Debug, Deserialize)]
pub struct Credentials {
    name: String,
    password: String,
}

/// A control character (NUL, escape, newline, …) anywhere in `text`: refused in names,
/// passwords and chat before anything reaches the database.
#[must_use]
pub fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}

fn invalid_name() -> AppError {
    AppError::BadRequest(
        ErrorCode::InvalidName,
        "a name has 2 to 20 letters, digits, '_' or '-' (and does not start with guest-)".into(),
    )
}

fn invalid_password() -> AppError {
    AppError::BadRequest(
        ErrorCode::InvalidPassword,
        "a password has 8 to 128 characters, none of them control characters".into(),
    )
}

/// Names and passwords that cannot be an account's, refused before any lookup.
fn check_login_text(c: &Credentials) -> Result<(), AppError> {
    if c.name.is_empty() || c.name.chars().count() > 64 || has_control(&c.name) {
        return Err(invalid_name());
    }
    if c.password.chars().count() > 128 || has_control(&c.password) {
        return Err(invalid_password());
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), AppError> {
    let n = name.chars().count();
    let ok = (2..=20).contains(&n)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && !name.to_lowercase().starts_with("guest-");
    if ok {
        Ok(())
    } else {
        Err(invalid_name())
    }
}

/// A new password: 8 to 128 characters, none of them control characters.
///
/// # Errors
/// [`AppError::BadRequest`] `invalid_password`.
pub fn check_password(p: &str) -> Result<(), AppError> {
    if (8..=128).contains(&p.chars().count()) && !has_control(p) {
        Ok(())
    } else {
        Err(invalid_password())
    }
}

/// Counts an account created from `peer` (registration or guest): 429 over the limit.
fn count_new_account(state: &AppState, peer: Peer) -> Result<(), AppError> {
    let Some(key) = peer.key() else {
        return Ok(());
    };
    state
        .new_accounts
        .attempt(&[key], Instant::now())
        .map_err(AppError::RateLimited)
}

async fn start_session(
    state: &AppState,
    user: &UserInfo,
    status: StatusCode,
) -> Result<Response, AppError> {
    let token = auth::new_token();
    let now = clock::now().0;
    let ttl = state.config.session_days.saturating_mul(86_400);
    state
        .db
        .create_session(&auth::hash_token(&token), user.id, now, now + ttl * 1_000)
        .await?;
    let cookie = auth::session_cookie(&token, ttl, state.config.secure_cookies);
    Ok((
        status,
        [(header::SET_COOKIE, cookie)],
        Json(UserBody {
            user: user.view(&state.profile),
        }),
    )
        .into_response())
}

async fn register(
    State(state): State<AppState>,
    peer: Peer,
    AppJson(c): AppJson<Credentials>,
) -> Result<Response, AppError> {
    check_name(&c.name)?;
    check_password(&c.password)?;
    count_new_account(&state, peer)?;
    let hash = state.hashing.hash(c.password).await?;
    let row = state
        .db
        .create_user_with_grant(
            &c.name,
            &hash,
            state.profile.initial(),
            clock::now().0,
            Coins(state.config.economy.starting_grant),
        )
        .await?;
    start_session(&state, &row.into(), StatusCode::CREATED).await
}

async fn login(
    State(state): State<AppState>,
    peer: Peer,
    AppJson(c): AppJson<Credentials>,
) -> Result<Response, AppError> {
    check_login_text(&c)?;
    let mut keys = vec![format!("name:{}", c.name.to_lowercase())];
    keys.extend(peer.key());
    state
        .logins
        .attempt(&keys, Instant::now())
        .map_err(AppError::RateLimited)?;
    // A name that does not exist (or a guest's, which has no password) costs the same hash
    // check as a wrong password, so the answer's timing does not tell names apart.
    let found = state.db.user_by_name(&c.name).await?;
    let hash = found.as_ref().and_then(|(_, h)| h.clone());
    let ok = state.hashing.verify(c.password, hash).await?;
    match found {
        Some((row, _)) if ok => start_session(&state, &row.into(), StatusCode::OK).await,
        _ => Err(AppError::BadCredentials),
    }
}

async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, AppError> {
    if let Some(token) = auth::session_token(&headers) {
        let session = auth::hash_token(&token);
        state.db.delete_session(&session).await?;
        state
            .sockets
            .close_session(&session, tables::table::Close::LOGGED_OUT);
    }
    Ok((
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, auth::clear_cookie())],
    )
        .into_response())
}

async fn guest(State(state): State<AppState>, peer: Peer) -> Result<Response, AppError> {
    count_new_account(&state, peer)?;
    for _ in 0..5 {
        let name = format!(
            "guest-{:06x}",
            rand::thread_rng().gen_range(0..0x100_0000u32)
        );
        match state
            .db
            .create_user(&name, None, true, state.profile.initial(), clock::now().0)
            .await
        {
            Ok(row) => return start_session(&state, &row.into(), StatusCode::OK).await,
            Err(store::StoreError::NameTaken) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(AppError::Internal("no free guest name".into()))
}

async fn me(State(state): State<AppState>, user: CurrentUser) -> Json<UserBody> {
    Json(UserBody {
        user: user.0.view(&state.profile),
    })
}
