//! A player's rating history: `GET /api/users/{id}/ratings`; the computer's levels with their
//! current ratings: `GET /api/computer/levels`.

use crate::error::AppError;
use crate::state::AppState;
use crate::user::{UserInfo, UserView, COMPUTER};
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use platform::{GameId, UserId};
use serde::Serialize;

/// The rating routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/users/{id}/ratings", get(history))
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

/// `{"profile", "start", "points": [RatingPoint]}`.
#[derive(Serialize)]
struct HistoryBody {
    profile: &'static str,
    start: i64,
    points: Vec<Point>,
}

/// Every rated game of the user in the site's profile, oldest first.
async fn history(
    State(state): State<AppState>,
    Path(user): Path<UserId>,
) -> Result<Json<HistoryBody>, AppError> {
    let profile = state.profile;
    let points = if user == COMPUTER {
        Vec::new()
    } else {
        state.db.user(user).await?.ok_or(AppError::NotFound)?;
        state.db.rating_history(user, profile.name()).await?
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
        start: profile.initial().rating.round() as i64,
        points,
    }))
}
