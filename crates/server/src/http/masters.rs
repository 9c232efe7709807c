//! `/api/masters…`: the masters database (docs/masters.md) — search by player, event, year,
//! opening, result and position; one game with its moves for the replay board; the sources and
//! their credit. Public: no session needed.

use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use masters::game::position_key;
use masters::names::search_key;
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use store::{MasterEntry, MastersFilter, MastersSource};
use study::ecco::Code;
use xiangqi::notation::Notation;
use xiangqi::record::compact::decode_moves;
use xiangqi::record::{write_pgn, Game};
use xiangqi::Position;

/// Games per page by default, and at most.
const DEFAULT_LIMIT: u32 = 50;
const MAX_LIMIT: u32 = 200;

/// The masters routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/masters", get(search))
        .route("/api/masters/sources", get(sources))
        .route("/api/masters/{id}", get(one))
}

/// The search of `GET /api/masters`.
#[derive(Debug, Default, Deserialize)]
pub struct SearchQuery {
    player: Option<String>,
    event: Option<String>,
    year: Option<i64>,
    year_from: Option<i64>,
    year_to: Option<i64>,
    opening: Option<String>,
    result: Option<String>,
    fen: Option<String>,
    before: Option<u64>,
    limit: Option<u32>,
}

fn text(s: Option<&String>) -> Option<String> {
    s.map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// The position key of a FEN, or `bad_fen`.
///
/// # Errors
/// [`AppError::BadRequest`] with `bad_fen`.
pub fn fen_key(fen: &str) -> Result<i64, AppError> {
    let pos = Position::from_fen(fen.trim())
        .map_err(|e| AppError::BadRequest(ErrorCode::BadFen, format!("bad FEN: {e}")))?;
    Ok(position_key(&pos))
}

impl SearchQuery {
    fn filter(&self) -> Result<MastersFilter, AppError> {
        let opening = text(self.opening.as_ref());
        // A code (`C44`) is matched exactly, anything else as part of a name.
        let (ecco, opening) = match opening {
            Some(o) if o.parse::<Code>().is_ok() && o.len() == 3 => (Some(o), None),
            o => (None, o),
        };
        let result = text(self.result.as_ref());
        if let Some(r) = &result {
            if !matches!(r.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                return Err(AppError::BadRequest(
                    ErrorCode::BadMessage,
                    "result must be 1-0, 0-1, 1/2-1/2 or *".into(),
                ));
            }
        }
        Ok(MastersFilter {
            player: text(self.player.as_ref()).map(|p| search_key(&p)),
            event: text(self.event.as_ref()).map(|e| search_key(&e)),
            year_from: self.year_from.or(self.year),
            year_to: self.year_to.or(self.year),
            ecco,
            opening,
            result,
            position: text(self.fen.as_ref()).map(|f| fen_key(&f)).transpose()?,
            before: self.before,
            limit: self.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT),
        })
    }
}

/// `{"games": [MasterGame], "total": n, "sources": [MastersSource]}`.
#[derive(Serialize)]
struct SearchReply {
    games: Vec<MasterEntry>,
    total: u64,
    sources: Vec<MastersSource>,
}

async fn search(
    State(state): State<AppState>,
    Query(q): Query<SearchQuery>,
) -> Result<Json<SearchReply>, AppError> {
    let f = q.filter()?;
    let (games, total) = state.db.search_masters(&f).await?;
    let sources = state.db.masters_sources().await?;
    Ok(Json(SearchReply {
        games,
        total,
        sources,
    }))
}

async fn sources(State(state): State<AppState>) -> Result<Json<Vec<MastersSource>>, AppError> {
    Ok(Json(state.db.masters_sources().await?))
}

/// One game: the list's fields, its moves in ICCS, its PGN and its source's credit.
#[derive(Serialize)]
struct GameReply {
    #[serde(flatten)]
    game: MasterEntry,
    moves: Vec<String>,
    pgn: String,
    credit: String,
}

/// The game of a stored row, with its tags (names as written, `ECCO`, `Opening`).
fn record(e: &MasterEntry) -> Result<Game, AppError> {
    let fen = e.start_fen.as_deref().unwrap_or_default();
    let start = Position::from_fen(fen).map_err(|err| AppError::Internal(format!("{err}")))?;
    let moves = decode_moves(&start, e.moves.as_deref().unwrap_or_default())
        .map_err(|err| AppError::Internal(format!("master game {}: {err}", e.id)))?;
    let mut g = Game::new(start);
    g.moves = moves;
    g.result = masters::game::parse_result(&e.result);
    let round = e.round.clone().unwrap_or_default();
    for (name, value) in [
        ("Event", &e.event),
        ("Site", &e.site),
        ("Date", &e.date),
        ("Round", &round),
        ("Red", &e.red),
        ("Black", &e.black),
        ("ECCO", &e.ecco),
        ("Opening", &e.opening),
    ] {
        if !value.is_empty() {
            g.tags.set(name, value);
        }
    }
    Ok(g)
}

async fn one(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> Result<Json<GameReply>, AppError> {
    let game = state.db.master_game(id).await?.ok_or(AppError::NotFound)?;
    let g = record(&game)?;
    let pgn = write_pgn(&g, Notation::Chinese).map_err(|e| AppError::Internal(e.to_string()))?;
    let credit = state
        .db
        .masters_sources()
        .await?
        .into_iter()
        .find(|s| s.name == game.source)
        .map(|s| s.credit)
        .unwrap_or_default();
    Ok(Json(GameReply {
        moves: g.moves.iter().map(ToString::to_string).collect(),
        pgn,
        credit,
        game,
    }))
}
