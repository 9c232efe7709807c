//! Accounts: register, log in, log out, guest play, me.

use super::auth::{self, CurrentUser};
use crate::clock;
use crate::error::AppError;
use crate::state::AppState;
use crate::user::UserInfo;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use platform::ledger::Coins;
use rand::Rng;
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;
use std::time::Instant;

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
        Err(AppError::BadRequest(
            "invalid_name",
            "a name has 2 to 20 letters, digits, '_' or '-' (and does not start with guest-)"
                .into(),
        ))
    }
}

fn check_password(p: &str) -> Result<(), AppError> {
    if (8..=128).contains(&p.chars().count()) {
        Ok(())
    } else {
        Err(AppError::BadRequest(
            "invalid_password",
            "a password has 8 to 128 characters".into(),
        ))
    }
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
        Json(json!({"user": user.to_json(&state.profile)})),
    )
        .into_response())
}

async fn register(
    State(state): State<AppState>,
    Json(c): Json<Credentials>,
) -> Result<Response, AppError> {
    check_name(&c.name)?;
    check_password(&c.password)?;
    let hash = auth::hash_password(c.password).await?;
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

fn peer(headers: &axum::http::Extensions) -> Option<SocketAddr> {
    headers.get::<ConnectInfo<SocketAddr>>().map(|c| c.0)
}

async fn login(
    State(state): State<AppState>,
    req: axum::extract::Request,
) -> Result<Response, AppError> {
    let addr = peer(req.extensions());
    let body = axum::body::to_bytes(req.into_body(), 64 * 1024)
        .await
        .map_err(|e| AppError::BadRequest("bad_message", e.to_string()))?;
    let c: Credentials = serde_json::from_slice(&body)
        .map_err(|e| AppError::BadRequest("bad_message", e.to_string()))?;
    let mut keys = vec![format!("name:{}", c.name.to_lowercase())];
    if let Some(a) = addr {
        keys.push(format!("ip:{}", a.ip()));
    }
    state
        .logins
        .attempt(&keys, Instant::now())
        .map_err(AppError::RateLimited)?;
    let Some((row, Some(hash))) = state.db.user_by_name(&c.name).await? else {
        return Err(AppError::BadCredentials);
    };
    if !auth::verify_password(c.password, hash).await {
        return Err(AppError::BadCredentials);
    }
    start_session(&state, &row.into(), StatusCode::OK).await
}

async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, AppError> {
    if let Some(token) = auth::session_token(&headers) {
        state.db.delete_session(&auth::hash_token(&token)).await?;
    }
    Ok((
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, auth::clear_cookie())],
    )
        .into_response())
}

async fn guest(State(state): State<AppState>) -> Result<Response, AppError> {
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
            Err(crate::store::StoreError::NameTaken) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(AppError::Internal("no free guest name".into()))
}

async fn me(State(state): State<AppState>, user: CurrentUser) -> Json<serde_json::Value> {
    Json(json!({"user": user.0.to_json(&state.profile)}))
}
