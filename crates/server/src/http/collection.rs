//! One's own game collection (`/api/me/collection…`): save an imported game, label it, search,
//! open, delete, export all as one PGN. Every route acts for the session's user only.

use super::auth::CurrentUser;
use super::json::AppJson;
use crate::error::AppError;
use crate::http::json::Done;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, put};
use axum::{Json, Router};
use kit::clock;
use kit::limits::COLLECTION_TAG_CHARS;
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use store::{CollectionEntry, CollectionFilter, NewCollectionGame};
use xiangqi::notation::Notation;
use xiangqi::record::{parse_pgn, write_pgn, Game};

/// Games per page by default, and at most.
const DEFAULT_LIMIT: u32 = 50;
const MAX_LIMIT: u32 = 200;

/// The collection routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/me/collection", get(search).post(save))
        .route("/api/me/collection.pgn", get(export))
        .route("/api/me/collection/{id}", get(one).delete(remove))
        .route("/api/me/collection/{id}/tags", put(retag))
}

/// `{"pgn": text, "tags": [label]}`.
#[derive(Deserialize)]
struct SaveBody {
    pgn: String,
    #[serde(default)]
    tags: Vec<String>,
}

/// `{"tags": [label]}`, both ways.
#[derive(Deserialize, Serialize)]
struct TagsBody {
    tags: Vec<String>,
}

/// The search of `GET /api/me/collection` and `GET /api/me/collection.pgn`.
#[derive(Deserialize)]
struct SearchQuery {
    player: Option<String>,
    event: Option<String>,
    opening: Option<String>,
    result: Option<String>,
    tag: Option<String>,
    before: Option<u64>,
    limit: Option<u32>,
    notation: Option<String>,
}

impl SearchQuery {
    fn filter(&self, limit: u32) -> CollectionFilter {
        let text = |s: &Option<String>| {
            s.as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
        };
        CollectionFilter {
            player: text(&self.player),
            event: text(&self.event),
            opening: text(&self.opening),
            result: text(&self.result),
            tag: text(&self.tag),
            before: self.before,
            limit,
        }
    }
}

/// `{"games": [CollectionGame]}`.
#[derive(Serialize)]
struct ListBody {
    games: Vec<CollectionEntry>,
}

/// `{"id": N}`.
#[derive(Serialize)]
struct IdBody {
    id: u64,
}

/// `{"game": CollectionGame}`.
#[derive(Serialize)]
struct GameBody {
    game: CollectionEntry,
}

fn bad(msg: impl Into<String>) -> AppError {
    AppError::BadRequest(ErrorCode::BadMessage, msg.into())
}

/// The labels, trimmed and without repeats; refused when one is empty, too long or holds a
/// control character, or when there are more than `max`.
fn clean_tags(tags: &[String], max: usize) -> Result<Vec<String>, AppError> {
    let mut out: Vec<String> = Vec::new();
    for t in tags {
        let t = t.trim();
        let chars = t.chars().count();
        if chars == 0 || chars > COLLECTION_TAG_CHARS || t.chars().any(char::is_control) {
            return Err(bad(format!(
                "a tag has 1 to {COLLECTION_TAG_CHARS} characters, none of them control characters"
            )));
        }
        if !out.iter().any(|o| o == t) {
            out.push(t.to_owned());
        }
    }
    if out.len() > max {
        return Err(AppError::BadRequest(
            ErrorCode::TooManyTags,
            format!("a game may have at most {max} tags"),
        ));
    }
    Ok(out)
}

/// The searched columns of `game`, with `pgn` its ICCS PGN.
fn columns(game: &Game, pgn: String) -> NewCollectionGame {
    let tag = |k: &str| game.tags.get(k).unwrap_or_default().to_owned();
    NewCollectionGame {
        red: tag("Red"),
        black: tag("Black"),
        event: tag("Event"),
        date: tag("Date"),
        result: game.result.as_str().to_owned(),
        ecco: tag("ECCO"),
        opening: tag("Opening"),
        plies: game.moves.len() as u64,
        pgn,
    }
}

async fn save(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<SaveBody>,
) -> Result<Json<IdBody>, AppError> {
    let limits = &state.config.limits;
    if body.pgn.len() > limits.import_max_bytes {
        return Err(AppError::BadRequest(
            ErrorCode::RecordTooLarge,
            format!(
                "a record may have at most {} bytes",
                limits.import_max_bytes
            ),
        ));
    }
    let tags = clean_tags(&body.tags, limits.collection_max_tags)?;
    let game = parse_pgn(&body.pgn)
        .map_err(|e| AppError::BadRequest(ErrorCode::BadRecord, format!("PGN: {e}")))?;
    let pgn = write_pgn(&game, Notation::Iccs)
        .map_err(|e| AppError::BadRequest(ErrorCode::BadRecord, format!("PGN: {e}")))?;
    let id = state
        .db
        .save_collection_game(
            user.id,
            &columns(&game, pgn),
            &tags,
            clock::now().0,
            limits.collection_max_games,
        )
        .await?
        .ok_or_else(|| {
            AppError::BadRequest(
                ErrorCode::CollectionFull,
                format!(
                    "a collection holds at most {} games",
                    limits.collection_max_games
                ),
            )
        })?;
    Ok(Json(IdBody { id }))
}

async fn search(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<SearchQuery>,
) -> Result<Json<ListBody>, AppError> {
    let limit = q.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let games = state
        .db
        .search_collection(user.id, &q.filter(limit), false)
        .await?;
    Ok(Json(ListBody { games }))
}

async fn one(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
) -> Result<Json<GameBody>, AppError> {
    let game = state
        .db
        .collection_game(user.id, id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(GameBody { game }))
}

async fn retag(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
    AppJson(body): AppJson<TagsBody>,
) -> Result<Json<TagsBody>, AppError> {
    let tags = clean_tags(&body.tags, state.config.limits.collection_max_tags)?;
    if !state.db.set_collection_tags(user.id, id, &tags).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(TagsBody { tags }))
}

async fn remove(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
) -> Result<Json<Done>, AppError> {
    if !state.db.delete_collection_game(user.id, id).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done::OK))
}

async fn export(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<SearchQuery>,
) -> Result<Response, AppError> {
    let notation = match q.notation.as_deref().unwrap_or("chinese") {
        "iccs" => Notation::Iccs,
        "wxf" => Notation::Wxf,
        "chinese" => Notation::Chinese,
        other => {
            return Err(AppError::BadRequest(
                ErrorCode::UnsupportedNotation,
                format!("unknown notation {other:?} (iccs, wxf, chinese)"),
            ))
        }
    };
    let all = u32::try_from(state.config.limits.collection_max_games).unwrap_or(u32::MAX);
    let mut games = state
        .db
        .search_collection(user.id, &q.filter(all), true)
        .await?;
    games.reverse(); // oldest first, as saved
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        let stored = g.pgn.unwrap_or_default();
        let text = parse_pgn(&stored)
            .ok()
            .and_then(|game| write_pgn(&game, notation).ok())
            .ok_or_else(|| AppError::Internal(format!("collection game {} unreadable", g.id)))?;
        out.push(text);
    }
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"chuhe-collection.pgn\"",
            ),
        ],
        out.join("\n"),
    )
        .into_response())
}
