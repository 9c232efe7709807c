//! Puzzles over HTTP (docs/puzzles.md): the next puzzle near the caller's puzzle rating (of a
//! theme if asked), one puzzle, the daily puzzle, the verdict on one move, a finished round
//! (rated once per user and puzzle) and the dashboard by theme. Streak and storm runs are in
//! `puzzle_runs.rs`.
//!
//! Key decision: the solution never leaves the server before the round is over. The board asks
//! `POST /move` for each solver move (the verdict and the opponent's reply), and the round is
//! judged again from all its moves on `POST /round`, so a client cannot claim a win it did not
//! play. Visitors (no session) and guest accounts play unrated: their rounds rate nothing.

use super::auth::{hash_token, session_token};
use super::json::AppJson;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use kit::clock;
use platform::puzzle::dashboard::by_theme;
use platform::puzzle::rating::RoundMode;
use platform::puzzle::select::{target, Difficulty};
use platform::puzzle::{Answer, Puzzle, Source, Theme};
use protocol::error_code::ErrorCode;
use protocol::puzzle::{
    DashboardView, MoveRequest, MoveVerdict, NextView, PuzzleView, RoundRequest, RoundView,
    ThemeLine, ThemeName,
};
use serde::Deserialize;
use store::RoundOutcome;
use tables::user::UserInfo;
use xiangqi::Move;

/// Rounds the dashboard counts.
const DASHBOARD_ROUNDS: i64 = 1_000;

/// The puzzle routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/dashboard", get(dashboard))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/move", post(judge_move))
        .route("/api/puzzles/{id}/round", post(round))
}

/// The signed-in caller, if any (a visitor is not refused).
pub(super) async fn viewer(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<UserInfo>, AppError> {
    let Some(token) = session_token(headers) else {
        return Ok(None);
    };
    let user = state
        .db
        .session_user(&hash_token(&token), clock::now().0)
        .await?;
    Ok(user.map(UserInfo::from))
}

/// A rating on the wire.
pub(super) fn whole(x: f64) -> i32 {
    // Ratings are clamped far inside i32 by the domain; the cast cannot overflow.
    x.round().clamp(-1e6, 1e6) as i32
}

/// The credit shown with a puzzle.
fn credit(source: &Source) -> String {
    match source {
        Source::Ccpd { file, ply } => format!("{}: {file}, ply {ply}", masters::CCPD_CREDIT),
        Source::CcpdExercise { file } => format!("{}: {file}", masters::CCPD_CREDIT),
        Source::Site { game, .. } => format!("Chuhe game {game}"),
    }
}

fn theme_name(t: Theme) -> ThemeName {
    ThemeName {
        key: t.key().to_string(),
        zh: t.zh().to_string(),
        en: t.en().to_string(),
    }
}

/// A puzzle as the solver sees it.
pub(super) fn view(p: &Puzzle) -> PuzzleView {
    PuzzleView {
        id: p.id.0.clone(),
        fen: p.fen.clone(),
        last_move: p.last_move.map(|m| m.to_string()),
        solver_moves: p.solver_moves(),
        themes: p.themes.iter().map(|&t| theme_name(t)).collect(),
        rating: whole(p.rating.rating),
        plays: p.rating.games,
        credit: credit(&p.source),
    }
}

fn line(p: &Puzzle) -> Vec<String> {
    p.line.iter().map(ToString::to_string).collect()
}

fn parse_moves(moves: &[String]) -> Result<Vec<Move>, AppError> {
    moves
        .iter()
        .map(|m| {
            m.parse::<Move>().map_err(|_| {
                AppError::BadRequest(ErrorCode::BadMessage, format!("not a move: {m:?}"))
            })
        })
        .collect()
}

fn bad(message: &str) -> AppError {
    AppError::BadRequest(ErrorCode::BadMessage, message.to_string())
}

/// Judges a whole round: every move played from the puzzle's position, the opponent's replies
/// included, up to the solution (a win) or the first wrong solver move (a loss).
///
/// # Errors
/// `bad_message` when the moves are unreadable, stop before the round is decided, go on after
/// it, or the replies are not the puzzle's.
pub(super) fn round_result(p: &Puzzle, moves: &[String]) -> Result<bool, AppError> {
    let moves = parse_moves(moves)?;
    let mut i = 0;
    while let Some(&mv) = moves.get(i) {
        let rest = moves.len() - i - 1;
        match p.answer(&moves[..i], mv) {
            Answer::Solved | Answer::Wrong if rest > 0 => {
                return Err(bad("moves after the end of the round"));
            }
            Answer::Solved => return Ok(true),
            Answer::Wrong => return Ok(false),
            Answer::Continue(reply) => match moves.get(i + 1) {
                Some(&r) if r == reply => i += 2,
                Some(_) => return Err(bad("a reply that is not the puzzle's")),
                None => return Err(bad("the round is not over")),
            },
        }
    }
    Err(bad("the round is not over"))
}

/// `?theme=&difficulty=`.
#[derive(Deserialize)]
struct NextQuery {
    theme: Option<String>,
    difficulty: Option<String>,
}

fn difficulty(s: Option<&str>) -> Result<Difficulty, AppError> {
    Ok(match s.unwrap_or("normal") {
        "easiest" => Difficulty::Easiest,
        "easier" => Difficulty::Easier,
        "normal" => Difficulty::Normal,
        "harder" => Difficulty::Harder,
        "hardest" => Difficulty::Hardest,
        other => return Err(bad(&format!("unknown difficulty {other:?}"))),
    })
}

/// The next unplayed puzzle for the caller; a visitor gets one near 1 500, chosen at random.
async fn next(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<NextQuery>,
) -> Result<Json<NextView>, AppError> {
    let theme = match q.theme.as_deref().filter(|t| !t.is_empty()) {
        Some(t) => Some(Theme::from_key(t).ok_or_else(|| bad(&format!("unknown theme {t:?}")))?),
        None => None,
    };
    let diff = difficulty(q.difficulty.as_deref())?;
    let user = viewer(&state, &headers).await?;
    let (uid, rating) = match &user {
        Some(u) => (Some(u.id), Some(state.db.puzzle_rating(u.id).await?)),
        None => (None, None),
    };
    let base = rating.as_ref().map_or(1_500.0, |r| r.rating);
    let seed = rand::random::<u64>();
    let puzzle = state
        .db
        .next_puzzle(uid, target(base, diff), theme, seed)
        .await?;
    Ok(Json(NextView {
        puzzle: puzzle.as_ref().map(view),
        rating: rating.map(|r| whole(r.rating)),
    }))
}

async fn caller_rating(state: &AppState, headers: &HeaderMap) -> Result<Option<i32>, AppError> {
    Ok(match viewer(state, headers).await? {
        Some(u) => Some(whole(state.db.puzzle_rating(u.id).await?.rating)),
        None => None,
    })
}

/// One puzzle by id.
async fn one(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<NextView>, AppError> {
    let p = state.db.puzzle(&id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(NextView {
        puzzle: Some(view(&p)),
        rating: caller_rating(&state, &headers).await?,
    }))
}

/// Today's puzzle (UTC days), the same for everyone.
async fn daily(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<NextView>, AppError> {
    let day = clock::now().0 / 86_400_000;
    let p = state.db.daily_puzzle(day).await?;
    Ok(Json(NextView {
        puzzle: p.as_ref().map(view),
        rating: caller_rating(&state, &headers).await?,
    }))
}

/// The verdict on one solver move.
async fn judge_move(
    State(state): State<AppState>,
    Path(id): Path<String>,
    AppJson(req): AppJson<MoveRequest>,
) -> Result<Json<MoveVerdict>, AppError> {
    let p = state.db.puzzle(&id).await?.ok_or(AppError::NotFound)?;
    let played = parse_moves(&req.played)?;
    let mv = parse_moves(std::slice::from_ref(&req.mv))?[0];
    Ok(Json(match p.answer(&played, mv) {
        Answer::Continue(reply) => MoveVerdict::Continue {
            reply: reply.to_string(),
        },
        Answer::Solved => MoveVerdict::Solved,
        Answer::Wrong => MoveVerdict::Wrong { solution: line(&p) },
    }))
}

/// A finished round: judged from its moves, rated once for a signed-in account.
async fn round(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    AppJson(req): AppJson<RoundRequest>,
) -> Result<Json<RoundView>, AppError> {
    let p = state.db.puzzle(&id).await?.ok_or(AppError::NotFound)?;
    let win = round_result(&p, &req.moves)?;
    let unrated = RoundView {
        win,
        rated: false,
        rating: None,
        delta: 0,
        puzzle_rating: whole(p.rating.rating),
        solution: line(&p),
    };
    let Some(user) = viewer(&state, &headers).await? else {
        return Ok(Json(unrated));
    };
    let before = state.db.puzzle_rating(user.id).await?;
    let mode = if req.rated && !user.guest {
        RoundMode::Rated
    } else {
        RoundMode::Casual
    };
    match state
        .db
        .play_puzzle_once(user.id, &id, win, mode, clock::now())
        .await?
    {
        RoundOutcome::NoPuzzle => Err(AppError::NotFound),
        RoundOutcome::AlreadyPlayed => Err(AppError::Forbidden(
            ErrorCode::PuzzleRefused,
            "this puzzle was played already".into(),
        )),
        RoundOutcome::Recorded(out) => {
            let rated = mode == RoundMode::Rated;
            let after = if rated {
                out.user.rating
            } else {
                before.rating
            };
            Ok(Json(RoundView {
                rated,
                rating: Some(whole(after)),
                delta: whole(after) - whole(before.rating),
                puzzle_rating: whole(if rated {
                    out.puzzle.rating
                } else {
                    p.rating.rating
                }),
                ..unrated
            }))
        }
    }
}

/// Results by theme, weakest first, and the best runs.
async fn dashboard(
    State(state): State<AppState>,
    user: super::auth::CurrentUser,
) -> Result<Json<DashboardView>, AppError> {
    let id = user.0.id;
    let rounds = state.db.puzzle_results(id, DASHBOARD_ROUNDS).await?;
    let themes = by_theme(&rounds, 1)
        .into_iter()
        .map(|t| ThemeLine {
            theme: theme_name(t.theme),
            rounds: t.rounds,
            wins: t.wins,
            performance: whole(t.performance),
        })
        .collect();
    Ok(Json(DashboardView {
        rating: whole(state.db.puzzle_rating(id).await?.rating),
        rounds: u32::try_from(rounds.len()).unwrap_or(u32::MAX),
        wins: u32::try_from(rounds.iter().filter(|r| r.win).count()).unwrap_or(u32::MAX),
        themes,
        best_streak: state.db.best_puzzle_run(id, "streak").await?,
        best_storm: state.db.best_puzzle_run(id, "storm").await?,
    }))
}
