//! An event's files: `GET /api/tournaments/{id}/pgn` (every ended game of the event as one PGN,
//! in the order played, with `Event` and `Round` tags; `?notation=iccs|wxf|chinese`) and
//! `GET /api/tournaments/{id}/trf` (a Swiss as a FIDE TRF-16 file, for audit with any pairing
//! program). Both are rebuilt from what is stored, so they can be fetched at any moment.

use super::pgn::{write_in, PgnNotation};
use super::records::PgnQuery;
use super::tournament_names::names;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use events::tournament::{self, board_of, FIRST_TOURNAMENT_TABLE};
use platform::UserId;

/// The most games one PGN download holds.
pub const MAX_EVENT_GAMES: u32 = 20_000;

/// The event file routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments/{id}/pgn", get(pgn))
        .route("/api/tournaments/{id}/trf", get(trf))
}

fn attachment(name: String, text: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response()
}

async fn pgn(
    State(state): State<AppState>,
    Path(id): Path<u64>,
    Query(q): Query<PgnQuery>,
) -> Result<Response, AppError> {
    let notation = PgnNotation::from_query(q.notation.as_deref())?;
    let event = tournament::view_of(&state, id)
        .await?
        .ok_or(AppError::NotFound)?;
    let first = FIRST_TOURNAMENT_TABLE + id * 1_000_000;
    let games = state
        .db
        .ended_games_at(first..=first + 999_999, MAX_EVENT_GAMES)
        .await?;
    let users: Vec<UserId> = games.iter().flat_map(|g| [g.red, g.black]).collect();
    let names = names(&state, users).await;
    let arena = event.spec.system == "arena";
    let mut out = String::new();
    for g in &games {
        let Some((_, round, board)) = board_of(g.table) else {
            continue;
        };
        let round = if arena {
            (u64::from(round) * 1_000 + board as u64).to_string()
        } else {
            format!("{round}.{}", board + 1)
        };
        let (red, black) = (&names[&g.red], &names[&g.black]);
        let text = write_in(g, (red, black), notation, Some((&event.name, &round)))
            .map_err(|e| AppError::Internal(format!("game {}: {e}", g.id.0)))?;
        out.push_str(&text);
        out.push('\n');
    }
    Ok(attachment(format!("chuhe-event-{id}.pgn"), out))
}

async fn trf(State(state): State<AppState>, Path(id): Path<u64>) -> Result<Response, AppError> {
    let event = tournament::view_of(&state, id)
        .await?
        .ok_or(AppError::NotFound)?;
    let users: Vec<UserId> = event.players.iter().map(|p| p.user).collect();
    let names = names(&state, users).await;
    let text = tournament::trf_of(&state, id, &names)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(attachment(format!("chuhe-event-{id}.trf"), text))
}
