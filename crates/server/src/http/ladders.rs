//! Ladders over HTTP: `GET /api/ladders` (every configured ladder), `GET /api/ladders/{id}`
//! (rungs, open challenges, history), and `POST /api/ladders/{id}/join`, `.../leave`,
//! `.../challenge {defender}`. Every change goes to the ladder's director; players hear of
//! what concerns them over the WebSocket (`ladder_notice`).

use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::http::json::{AppJson, Done};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use events::ladder::{self, LadderMsg, LadderSummary, LadderView, Refusal};
use platform::{TableId, UserId};
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use tables::user::UserInfo;

/// The ladder routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/ladders", get(list))
        .route("/api/ladders/{id}", get(one))
        .route("/api/ladders/{id}/join", post(join))
        .route("/api/ladders/{id}/leave", post(leave))
        .route("/api/ladders/{id}/challenge", post(challenge))
}

async fn view(state: &AppState, id: u32) -> Result<LadderView, AppError> {
    ladder::view_of(state, id).await.ok_or(AppError::NotFound)
}

async fn list(State(state): State<AppState>) -> Result<Json<Vec<LadderSummary>>, AppError> {
    let mut out = Vec::new();
    for spec in &state.config.ladders {
        out.push(view(&state, spec.id).await?.summary());
    }
    Ok(Json(out))
}

async fn one(
    State(state): State<AppState>,
    Path(id): Path<u32>,
) -> Result<Json<LadderView>, AppError> {
    view(&state, id).await.map(Json)
}

/// The user's rating as ladder `id` keeps it: in its pool, if it has one, else on the site.
async fn rating_of(state: &AppState, id: u32, user: &UserInfo) -> Result<u32, AppError> {
    let Some(spec) = state.config.ladders.iter().find(|l| l.id == id) else {
        return Err(AppError::NotFound);
    };
    Ok(events::rating_pool::rating_in(state, user, &spec.rating).await?)
}

fn answer<T>(r: Option<Result<T, Refusal>>) -> Result<T, AppError> {
    match r {
        Some(Ok(t)) => Ok(t),
        Some(Err(Refusal::NotStored(e))) => Err(AppError::Internal(e)),
        Some(Err(Refusal::Ladder(e))) => Err(refused(&e.to_string())),
        Some(Err(Refusal::Remote(why))) => Err(refused(&why)),
        None => Err(AppError::NotFound),
    }
}

/// `POST /api/ladders/{id}/join`'s answer: the new player's place.
#[derive(Debug, Serialize)]
struct Joined {
    place: u32,
}

/// `POST /api/ladders/{id}/challenge`'s answer: the challenge and the table of its game.
#[derive(Debug, Serialize)]
struct Challenged {
    challenge: u64,
    table: TableId,
}

fn refused(why: &str) -> AppError {
    AppError::BadRequest(ErrorCode::LadderRefused, why.to_owned())
}

async fn join(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u32>,
) -> Result<Json<Joined>, AppError> {
    if user.guest || user.computer.is_some() {
        return Err(refused("guests cannot join a ladder"));
    }
    let rating = rating_of(&state, id, &user).await?;
    let (uid, name) = (user.id, user.name.clone());
    let place = answer(
        ladder::ask(&state, id, |reply| LadderMsg::Join {
            user: uid,
            name,
            rating,
            reply,
        })
        .await,
    )?;
    Ok(Json(Joined { place }))
}

async fn leave(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u32>,
) -> Result<Json<Done>, AppError> {
    let uid = user.id;
    answer(ladder::ask(&state, id, |reply| LadderMsg::Leave { user: uid, reply }).await)?;
    Ok(Json(Done::OK))
}

/// `POST /api/ladders/{id}/challenge` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeBody {
    defender: UserId,
}

async fn challenge(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u32>,
    AppJson(body): AppJson<ChallengeBody>,
) -> Result<Json<Challenged>, AppError> {
    let (uid, rating) = (user.id, rating_of(&state, id, &user).await?);
    let (challenge, table) = answer(
        ladder::ask(&state, id, |reply| LadderMsg::Challenge {
            challenger: uid,
            defender: body.defender,
            rating,
            reply,
        })
        .await,
    )?;
    Ok(Json(Challenged {
        challenge: challenge.0,
        table,
    }))
}
