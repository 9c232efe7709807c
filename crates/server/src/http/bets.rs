//! A bettor's own bets: `GET /api/me/bets`, newest game first, with each pool's status and
//! the payout once settled (PLATFORM.md §5: spectators see their own history).

use super::auth::CurrentUser;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use platform::GameId;
use serde::{Deserialize, Serialize};
use store::BetRow;

/// Bets per page by default, and at most.
const DEFAULT_LIMIT: u32 = 20;
const MAX_LIMIT: u32 = 100;

/// The route.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/me/bets", get(my_bets))
}

/// Paging: `limit`, and games with ids below `before`.
#[derive(Debug, Deserialize)]
pub struct Page {
    limit: Option<u32>,
    before: Option<GameId>,
}

/// `{"bets": [BetRow]}` (a bet's row is its wire form).
#[derive(Serialize)]
struct BetsBody {
    bets: Vec<BetRow>,
}

async fn my_bets(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(page): Query<Page>,
) -> Result<Json<BetsBody>, AppError> {
    let limit = page.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let bets = state.db.bets_of(user.0.id, limit, page.before).await?;
    Ok(Json(BetsBody { bets }))
}
