//! Members and game records: profiles, a user's finished games, one game, its PGN.

use super::pgn::{self, PgnNotation};
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use platform::clock::TimeControl;
use platform::table::Handicap;
use platform::{GameId, TableId, UserId};
use protocol::evidence::EvidenceView;
use protocol::handicap::HandicapTag;
use protocol::user::UserView;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use store::{GameRow, Ratings};
use tables::table::TableMsg;
use tables::user::{UserInfo, COMPUTER};
use tokio::sync::oneshot;
use xiangqi::rulings::RuleSet;

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

/// `{"user": User, "played": {"rated", "unrated"}}`: a profile with its ended games counted.
#[derive(Serialize)]
struct ProfileBody {
    user: UserView,
    played: Played,
}

/// Ended games, rated and not (aborted ones count as unrated).
#[derive(Serialize)]
struct Played {
    rated: u64,
    unrated: u64,
}

async fn user(
    State(state): State<AppState>,
    Path(id): Path<UserId>,
) -> Result<Json<ProfileBody>, AppError> {
    let u = load_user(&state, id, None).await?;
    let (rated, unrated) = state.db.played_counts(id).await?;
    Ok(Json(ProfileBody {
        user: u.view(&state.profile),
        played: Played { rated, unrated },
    }))
}

/// `GameSummary`.
#[derive(Serialize)]
struct GameSummary {
    id: GameId,
    red: UserView,
    black: UserView,
    result: String,
    reason: Option<String>,
    status: String,
    plies: usize,
    started_at: u64,
    ended_at: Option<u64>,
    rated: bool,
    ai_level: Option<u8>,
}

/// `GameRecord`: `GameSummary` and the record.
#[derive(Serialize)]
struct GameRecord {
    #[serde(flatten)]
    summary: GameSummary,
    table: TableId,
    control: TimeControl,
    start_fen: String,
    /// The handicap the start position gives against the standard one (`null`: even).
    handicap: Option<HandicapTag>,
    moves: Vec<String>,
    clocks: Vec<u32>,
    ratings: Option<Ratings>,
    /// Why it ended by the repetition rules, if it did (replayed from the moves).
    #[serde(skip_serializing_if = "Option::is_none")]
    evidence: Option<EvidenceView>,
}

/// Paging of a game list.
#[derive(Debug, Deserialize)]
pub struct Page {
    limit: Option<u32>,
    before: Option<GameId>,
}

async fn summary(state: &AppState, g: &GameRow) -> Result<GameSummary, AppError> {
    let red = load_user(state, g.red, g.ai_level).await?;
    let black = load_user(state, g.black, g.ai_level).await?;
    Ok(GameSummary {
        id: g.id,
        red: red.view(&state.profile),
        black: black.view(&state.profile),
        result: g.result.clone().unwrap_or_else(|| "*".to_owned()),
        reason: g.reason.clone(),
        status: g.status.clone(),
        plies: g.moves.len(),
        started_at: g.started_at,
        ended_at: g.ended_at,
        rated: g.rated,
        ai_level: g.ai_level,
    })
}

/// `{"games": [GameSummary]}`.
#[derive(Serialize)]
struct GamesBody {
    games: Vec<GameSummary>,
}

/// `{"game": GameRecord}`.
#[derive(Serialize)]
struct GameBody {
    game: GameRecord,
}

async fn user_games(
    State(state): State<AppState>,
    Path(id): Path<UserId>,
    Query(page): Query<Page>,
) -> Result<Json<GamesBody>, AppError> {
    let limit = page.limit.unwrap_or(20).clamp(1, 100);
    let rows = state.db.games_of(id, limit, page.before).await?;
    let mut games = Vec::with_capacity(rows.len());
    for g in &rows {
        games.push(summary(&state, g).await?);
    }
    Ok(Json(GamesBody { games }))
}

/// Game `id`; a game in progress gets its moves and clock readings so far from its table.
async fn load_game(state: &AppState, id: GameId) -> Result<GameRow, AppError> {
    let mut g = state.db.game(id).await?.ok_or(AppError::NotFound)?;
    if g.status != "playing" {
        return Ok(g);
    }
    let Some(table) = state.tables.get(g.table) else {
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

async fn game(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
) -> Result<Json<GameBody>, AppError> {
    let g = load_game(&state, id).await?;
    let summary = summary(&state, &g).await?;
    let evidence = repetition_evidence(&g);
    let handicap = handicap(&state, &g);
    let game = GameRecord {
        summary,
        table: g.table,
        control: g.control,
        handicap,
        start_fen: g.start_fen,
        moves: g.moves.iter().map(ToString::to_string).collect(),
        clocks: g.clocks,
        ratings: g.ratings,
        evidence,
    };
    Ok(Json(GameBody { game }))
}

/// The handicap of a stored game: its start read back against its room's own start.
fn handicap(state: &AppState, g: &GameRow) -> Option<HandicapTag> {
    let room = state.config.rooms.iter().find(|r| r.id == g.room);
    let base = room
        .and_then(|r| r.start_fen.as_deref())
        .and_then(|fen| xiangqi::Position::from_fen(fen).ok())
        .unwrap_or_else(xiangqi::Position::startpos);
    let start = xiangqi::Position::from_fen(&g.start_fen).ok()?;
    Handicap::recognise(&base, &start)
        .as_ref()
        .map(HandicapTag::from)
}

/// The evidence of a stored game that ended by the repetition rules, replayed from its moves
/// under the rules its tables play by.
fn repetition_evidence(g: &GameRow) -> Option<EvidenceView> {
    let by_repetition = matches!(
        g.reason.as_deref(),
        Some("perpetual_check" | "perpetual_chase" | "repetition")
    );
    let start = xiangqi::Position::from_fen(&g.start_fen).ok()?;
    by_repetition
        .then(|| EvidenceView::replayed(start, RuleSet::default(), &g.moves))
        .flatten()
}

/// `?notation=` of the PGN export.
#[derive(Debug, Deserialize)]
pub struct PgnQuery {
    /// `iccs` (default), `wxf` or `chinese`.
    pub notation: Option<String>,
}

async fn game_pgn(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    Query(q): Query<PgnQuery>,
) -> Result<Response, AppError> {
    let notation = PgnNotation::from_query(q.notation.as_deref())?;
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
