//! A player's rating history: `GET /api/users/{id}/ratings` (the site's, or a pool's with
//! `?pool=`); their ratings in the events' own pools: `GET /api/users/{id}/pools`; the
//! computer's levels with their current ratings: `GET /api/computer/levels`.

use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use platform::rating::{PoolName, Profile};
use platform::{GameId, UserId};
use protocol::error_code::ErrorCode;
use protocol::user::UserView;
use serde::{Deserialize, Serialize};
use tables::user::{UserInfo, COMPUTER};

/// The rating routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/users/{id}/ratings", get(history))
        .route("/api/users/{id}/pools", get(pools))
        .route("/api/computer/levels", get(levels))
}

/// `{"levels": [{"level": 1, "user": User}]}`.
#[derive(Serialize)]
struct LevelsBody {
    levels: Vec<Level>,
}

/// One level and its stored player.
#[derive(Serialize)]
struct Level {
    level: u8,
    user: UserView,
}

/// The computer's levels, each with its stored player (its current rating), level 1 first.
async fn levels(State(state): State<AppState>) -> Result<Json<LevelsBody>, AppError> {
    let mut levels = Vec::with_capacity(state.computers.len());
    for (level, id) in (1u8..).zip(state.computers.iter()) {
        let row = state.db.user(*id).await?.ok_or(AppError::NotFound)?;
        let user = UserInfo::from(row).view(&state.profile);
        levels.push(Level { level, user });
    }
    Ok(Json(LevelsBody { levels }))
}

/// Ratings on the wire keep two decimals (displays round further).
fn two_places(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// `RatingPoint`.
#[derive(Serialize)]
struct Point {
    game: GameId,
    at: u64,
    rating: f64,
    delta: f64,
    games: u32,
}

/// `{"profile", "pool", "start", "points": [RatingPoint]}`.
#[derive(Serialize)]
struct HistoryBody {
    profile: &'static str,
    /// The pool (`null`: the site's rating).
    pool: Option<String>,
    start: i64,
    points: Vec<Point>,
}

/// `?pool=`: a pool's history instead of the site rating's.
#[derive(Deserialize)]
struct HistoryQuery {
    pool: Option<String>,
}

/// Every rated game of the user in the site's profile (or in pool `?pool=`), oldest first.
async fn history(
    State(state): State<AppState>,
    Path(user): Path<UserId>,
    Query(q): Query<HistoryQuery>,
) -> Result<Json<HistoryBody>, AppError> {
    let (profile, pool) = match &q.pool {
        None => (state.profile, None),
        Some(name) => {
            let name: PoolName = name
                .parse()
                .map_err(|why| AppError::BadRequest(ErrorCode::BadMessage, why))?;
            let profile = events::rating_pool::profile_of(&state, name.as_str())
                .await?
                .ok_or(AppError::NotFound)?;
            (profile, Some(name))
        }
    };
    let pool_name = pool.as_ref().map_or("", PoolName::as_str);
    let points = if user == COMPUTER {
        Vec::new()
    } else {
        state.db.user(user).await?.ok_or(AppError::NotFound)?;
        state
            .db
            .rating_history(user, profile.name(), pool_name)
            .await?
    };
    let points = points
        .iter()
        .map(|p| Point {
            game: p.game,
            at: p.at,
            rating: two_places(p.after),
            delta: two_places(p.after - p.before),
            games: p.games,
        })
        .collect();
    Ok(Json(HistoryBody {
        profile: profile.name(),
        pool: pool.map(|p| p.to_string()),
        start: profile.initial().rating.round() as i64,
        points,
    }))
}

/// `{"pools": [PoolRating]}`.
#[derive(Serialize)]
struct PoolsBody {
    pools: Vec<PoolView>,
}

/// A player's rating in one pool.
#[derive(Serialize)]
struct PoolView {
    pool: String,
    profile: String,
    rating: f64,
    deviation: f64,
    games: u32,
    provisional: bool,
}

/// The user's ratings in every pool they have played a rated game in, by pool name (the site
/// rating is the user's own `rating`).
async fn pools(
    State(state): State<AppState>,
    Path(user): Path<UserId>,
) -> Result<Json<PoolsBody>, AppError> {
    if user == COMPUTER {
        return Ok(Json(PoolsBody { pools: Vec::new() }));
    }
    state.db.user(user).await?.ok_or(AppError::NotFound)?;
    let pools = state
        .db
        .pool_ratings(user)
        .await?
        .into_iter()
        .map(|p| {
            let provisional = p
                .profile
                .parse::<Profile>()
                .is_ok_and(|profile| profile.is_provisional(&p.rating));
            PoolView {
                pool: p.pool,
                profile: p.profile,
                rating: two_places(p.rating.rating),
                deviation: two_places(p.rating.deviation),
                games: p.rating.games,
                provisional,
            }
        })
        .collect();
    Ok(Json(PoolsBody { pools }))
}
