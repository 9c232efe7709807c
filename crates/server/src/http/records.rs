//! Members and game records: profiles, a user's finished games, one game, its PGN.

use super::pgn::{self, PgnNotation};
use crate::error::AppError;
use crate::error_code::ErrorCode;
use crate::state::AppState;
use crate::store::GameRow;
use crate::table::TableMsg;
use crate::user::{UserInfo, COMPUTER};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use platform::UserId;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;
use tokio::sync::oneshot;

/// The record routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/users/{id}", get(user))
        .route("/api/users/{id}/games", get(user_games))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/pgn", get(game_pgn))
}

async fn load_user(state: &AppState, id: UserId, level: Option<u8>) -> Result<UserInfo, AppError> {
    if id == COMPUTER {
        return Ok(UserInfo::computer(level.unwrap_or(1), &state.profile));
    }
    Ok(state.db.user(id).await?.ok_or(AppError::NotFound)?.into())
}

async fn user(State(state): State<AppState>, Path(id): Path<u64>) -> Result<Json<Value>, AppError> {
    let u = load_user(&state, UserId(id), None).await?;
    Ok(Json(json!({"user": u.to_json(&state.profile)})))
}

/// Paging of a game list.
#[derive(Debug, Deserialize)]
pub struct Page {
    limit: Option<u32>,
    before: Option<u64>,
}

async fn summary(state: &AppState, g: &GameRow) -> Result<Value, AppError> {
    let red = load_user(state, g.red, g.ai_level).await?;
    let black = load_user(state, g.black, g.ai_level).await?;
    Ok(json!({
        "id": g.id,
        "red": red.to_json(&state.profile),
        "black": black.to_json(&state.profile),
        "result": g.result.as_deref().unwrap_or("*"),
        "reason": g.reason,
        "status": g.status,
        "plies": g.moves.len(),
        "started_at": g.started_at,
        "ended_at": g.ended_at,
        "rated": g.rated,
        "ai_level": g.ai_level,
    }))
}

async fn user_games(
    State(state): State<AppState>,
    Path(id): Path<u64>,
    Query(page): Query<Page>,
) -> Result<Json<Value>, AppError> {
    let limit = page.limit.unwrap_or(20).clamp(1, 100);
    let rows = state.db.games_of(UserId(id), limit, page.before).await?;
    let mut games = Vec::with_capacity(rows.len());
    for g in &rows {
        games.push(summary(&state, g).await?);
    }
    Ok(Json(json!({"games": games})))
}

/// Game `id`; a game in progress gets its moves and clock readings so far from its table.
async fn load_game(state: &AppState, id: u64) -> Result<GameRow, AppError> {
    let mut g = state.db.game(id).await?.ok_or(AppError::NotFound)?;
    if g.status != "playing" {
        return Ok(g);
    }
    let Some(table) = state.tables.get(g.table.0) else {
        return Ok(g);
    };
    let (reply, answer) = oneshot::channel();
    let live = if table.send(TableMsg::Record { game_id: id, reply }).await {
        tokio::time::timeout(LIVE_RECORD_WAIT, answer)
            .await
            .ok()
            .and_then(Result::ok)
            .flatten()
    } else {
        None
    };
    match live {
        Some(r) => {
            g.moves = r.moves;
            g.clocks = r.clocks;
            Ok(g)
        }
        // It ended meanwhile: the stored record is complete now.
        None => Ok(state.db.game(id).await?.ok_or(AppError::NotFound)?),
    }
}

/// How long a table may take to give the record of its game in progress.
const LIVE_RECORD_WAIT: Duration = Duration::from_secs(5);

async fn game(State(state): State<AppState>, Path(id): Path<u64>) -> Result<Json<Value>, AppError> {
    let g = load_game(&state, id).await?;
    let mut v = summary(&state, &g).await?;
    v["control"] = json!(g.control);
    v["start_fen"] = json!(g.start_fen);
    v["table"] = json!(g.table.0);
    v["moves"] = json!(g.moves.iter().map(ToString::to_string).collect::<Vec<_>>());
    v["clocks"] = json!(g.clocks);
    v["ratings"] = json!(g.ratings);
    Ok(Json(json!({"game": v})))
}

/// `?notation=` of the PGN export.
#[derive(Debug, Deserialize)]
pub struct PgnQuery {
    notation: Option<String>,
}

async fn game_pgn(
    State(state): State<AppState>,
    Path(id): Path<u64>,
    Query(q): Query<PgnQuery>,
) -> Result<Response, AppError> {
    let notation = match q.notation.as_deref().unwrap_or("iccs") {
        "iccs" => PgnNotation::Iccs,
        "wxf" => PgnNotation::Wxf,
        "chinese" => PgnNotation::Chinese,
        other => {
            return Err(AppError::BadRequest(
                ErrorCode::UnsupportedNotation,
                format!("unknown notation {other:?} (iccs, wxf, chinese)"),
            ))
        }
    };
    let g = load_game(&state, id).await?;
    let red = load_user(&state, g.red, g.ai_level).await?;
    let black = load_user(&state, g.black, g.ai_level).await?;
    let text = pgn::write(&g, &red.name, &black.name, notation)
        .map_err(|e| AppError::Internal(format!("game {id}: {e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"chuhe-{id}.pgn\""),
            ),
        ],
        text,
    )
        .into_response())
}
