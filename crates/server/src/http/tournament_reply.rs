//! The HTTP answer to a tournament director's reply, shared by the players' and the
//! organiser's routes.

use crate::error::AppError;
use crate::http::json::Done;
use crate::state::AppState;
use axum::Json;
use events::tournament::{Refusal, PICKUP};
use platform::tournament::TournamentError;
use protocol::error_code::ErrorCode;
use std::time::Duration;

/// The HTTP answer to a director's `reply` about event `id` (`None`: no director).
pub(super) async fn answer(
    state: &AppState,
    id: u64,
    reply: Option<Result<(), Refusal>>,
) -> Result<Json<Done>, AppError> {
    match reply {
        Some(Ok(())) => Ok(Json(Done::OK)),
        Some(Err(Refusal::NotStored(e))) => Err(AppError::Internal(e)),
        Some(Err(Refusal::NotEnoughCoins)) => Err(AppError::BadRequest(
            ErrorCode::NotEnoughCoins,
            "not enough coins for the entry fee".into(),
        )),
        Some(Err(r @ Refusal::Core(TournamentError::ResultsFinal))) => Err(results_final(&r)),
        Some(Err(r)) => Err(refused(&r.to_string())),
        None => match state.db.tournament(id).await? {
            Some(_) => Err(refused("the event is over")),
            None => Err(AppError::NotFound),
        },
    }
}

/// Waits (up to three pickups) for the director of event `id` when the event is stored as
/// live but runs nowhere yet: one created from the command line a moment ago is picked up
/// within [`PICKUP`], and a request meanwhile would otherwise be told that the event is over.
pub(crate) async fn await_director(state: &AppState, id: u64) -> Result<(), AppError> {
    if state.tournaments.get(id).is_some() || state.site.events.site.is_clustered() {
        return Ok(());
    }
    if !stored_live(state, id).await? {
        return Ok(());
    }
    let until = tokio::time::Instant::now() + PICKUP * 3;
    while state.tournaments.get(id).is_none() && tokio::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// Whether event `id` is stored as upcoming or running (its director may not run yet).
pub(crate) async fn stored_live(state: &AppState, id: u64) -> Result<bool, AppError> {
    Ok(matches!(
        state.db.tournament(id).await?,
        Some(row) if row.status == "upcoming" || row.status == "running"
    ))
}

/// A `tournament_refused` answer.
pub(super) fn refused(why: &str) -> AppError {
    AppError::BadRequest(ErrorCode::TournamentRefused, why.to_owned())
}

/// A `results_final` answer: a correction of a finished event.
pub(super) fn results_final(why: &dyn std::fmt::Display) -> AppError {
    AppError::BadRequest(ErrorCode::ResultsFinal, why.to_string())
}
