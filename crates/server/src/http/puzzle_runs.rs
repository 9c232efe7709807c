//! Streak and storm runs over HTTP (docs/puzzles.md): `POST /api/puzzles/runs` starts one
//! (`{"kind":"streak"|"storm"}`), `GET /api/puzzles/runs/{id}` shows it and
//! `POST /api/puzzles/runs/{id}/answer` submits the moves played on its current puzzle (or the
//! streak's one skip).
//!
//! Key decision: the run's state is the domain's (`platform::puzzle::streak::Streak`,
//! `storm::Storm`) stored as JSON in `puzzle_runs`; the server judges each answer from its moves
//! and keeps the storm's clock by its own time, so a run's score is never the client's claim.
//! Runs need an account (they are kept and ranked); their rounds rate nothing.

use super::auth::CurrentUser;
use super::json::AppJson;
use super::puzzles::{round_result, view};
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use kit::clock;
use platform::puzzle::storm::{Storm, STORM_LENGTH};
use platform::puzzle::streak::{step_window, Streak, STREAK_LENGTH};
use platform::puzzle::PuzzleId;
use platform::Millis;
use protocol::error_code::ErrorCode;
use protocol::puzzle::{RunAnswer, RunView};
use serde::Deserialize;

/// The run routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/puzzles/runs", post(start))
        .route("/api/puzzles/runs/{id}", get(show))
        .route("/api/puzzles/runs/{id}/answer", post(answer))
}

/// `{"kind": "streak" | "storm"}`.
#[derive(Deserialize)]
struct StartRequest {
    kind: String,
}

/// A run's state, either kind.
enum Run {
    Streak(Streak),
    Storm(Storm),
}

impl Run {
    fn kind(&self) -> &'static str {
        match self {
            Run::Streak(_) => "streak",
            Run::Storm(_) => "storm",
        }
    }

    fn json(&self) -> Result<String, AppError> {
        match self {
            Run::Streak(s) => serde_json::to_string(s),
            Run::Storm(s) => serde_json::to_string(s),
        }
        .map_err(|e| AppError::Internal(e.to_string()))
    }

    fn parse(kind: &str, state: &str) -> Result<Run, AppError> {
        let corrupt = |e: serde_json::Error| AppError::Internal(format!("puzzle run: {e}"));
        match kind {
            "streak" => Ok(Run::Streak(serde_json::from_str(state).map_err(corrupt)?)),
            "storm" => Ok(Run::Storm(serde_json::from_str(state).map_err(corrupt)?)),
            other => Err(AppError::Internal(format!("puzzle run kind {other}"))),
        }
    }

    fn score(&self) -> u32 {
        match self {
            Run::Streak(s) => s.score,
            Run::Storm(s) => s.score,
        }
    }

    fn over(&self, now: Millis) -> bool {
        match self {
            Run::Streak(s) => s.over,
            Run::Storm(s) => s.is_over(now),
        }
    }

    fn current(&self, now: Millis) -> Option<&PuzzleId> {
        match self {
            Run::Streak(s) => s.current(),
            Run::Storm(s) => s.current(now),
        }
    }
}

fn refused(message: &str) -> AppError {
    AppError::Forbidden(ErrorCode::PuzzleRefused, message.to_string())
}

async fn run_view(state: &AppState, id: i64, run: &Run, now: Millis) -> Result<RunView, AppError> {
    let puzzle = match run.current(now) {
        Some(p) => state.db.puzzle(&p.0).await?.as_ref().map(view),
        None => None,
    };
    let (remaining_ms, combo, can_skip) = match run {
        Run::Streak(s) => (None, s.score, !s.skipped && !s.over),
        Run::Storm(s) => (Some(s.remaining(now).0), s.combo, false),
    };
    Ok(RunView {
        id,
        kind: run.kind().to_string(),
        score: run.score(),
        over: run.over(now),
        puzzle,
        remaining_ms,
        combo,
        can_skip,
    })
}

/// Starts a run over puzzles of rising rating.
async fn start(
    State(state): State<AppState>,
    user: CurrentUser,
    AppJson(req): AppJson<StartRequest>,
) -> Result<Json<RunView>, AppError> {
    let (length, make): (usize, fn(Vec<PuzzleId>) -> Run) = match req.kind.as_str() {
        "streak" => (STREAK_LENGTH, |ids| Run::Streak(Streak::new(ids))),
        "storm" => (STORM_LENGTH, |ids| Run::Storm(Storm::new(ids))),
        other => {
            return Err(AppError::BadRequest(
                ErrorCode::BadMessage,
                format!("unknown run kind {other:?}"),
            ))
        }
    };
    let steps: Vec<_> = (0..length).map(step_window).collect();
    let ids = state.db.puzzle_ladder(&steps).await?;
    let run = make(ids.into_iter().map(PuzzleId).collect());
    let now = clock::now();
    let id = state
        .db
        .create_puzzle_run(user.0.id, run.kind(), &run.json()?, now)
        .await?;
    Ok(Json(run_view(&state, id, &run, now).await?))
}

/// The caller's run `id` (another's is not found), whether it ended, and its stored state.
async fn load(
    state: &AppState,
    user: &CurrentUser,
    id: i64,
) -> Result<(Run, bool, String), AppError> {
    let row = state.db.puzzle_run(id).await?.ok_or(AppError::NotFound)?;
    if row.user != user.0.id {
        return Err(AppError::NotFound);
    }
    Ok((Run::parse(&row.kind, &row.state)?, row.ended, row.state))
}

/// The run as it stands.
async fn show(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<RunView>, AppError> {
    let (run, _, _) = load(&state, &user, id).await?;
    Ok(Json(run_view(&state, id, &run, clock::now()).await?))
}

/// The moves played on the run's current puzzle (or a streak's skip): judged, the run moved on.
async fn answer(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    AppJson(req): AppJson<RunAnswer>,
) -> Result<Json<RunView>, AppError> {
    let (mut run, ended, old) = load(&state, &user, id).await?;
    let now = clock::now();
    if ended || run.over(now) {
        return Err(refused("the run is over"));
    }
    let current = run
        .current(now)
        .cloned()
        .ok_or_else(|| refused("the run is over"))?;
    if req.skip {
        let Run::Streak(s) = &mut run else {
            return Err(refused("a storm has no skip"));
        };
        s.skip().map_err(|e| refused(&e.to_string()))?;
    } else {
        let p = state
            .db
            .puzzle(&current.0)
            .await?
            .ok_or(AppError::NotFound)?;
        let win = round_result(&p, &req.moves)?;
        match &mut run {
            Run::Streak(s) => s.answer(win).map_err(|e| refused(&e.to_string()))?,
            Run::Storm(s) => {
                if !s.answer(win, now) {
                    return Err(refused("the run is over"));
                }
            }
        }
    }
    let saved = state
        .db
        .save_puzzle_run(id, &old, &run.json()?, run.score(), run.over(now), now)
        .await?;
    if !saved {
        return Err(refused("the run is over"));
    }
    Ok(Json(run_view(&state, id, &run, now).await?))
}
