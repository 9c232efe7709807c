//! The organiser's tools over HTTP: who may create and run events, and a Swiss's
//! `POST /api/tournaments/{id}/forbid|pair|foul|correct` (forbidden pairs, manual pairing of the
//! next round, fouls, result corrections). Each goes to the event's director as a command and is
//! journaled like the others, so it survives a restart.
//!
//! Organisers are the configuration's (`[tournaments] organisers`, every event) and the users
//! granted the role at run time (`chuhe admin organiser grant`, the events they created).

use super::tournament_reply::{answer, results_final};
use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::http::json::Done;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::routing::post;
use axum::{Json, Router};
use events::tournament::{self, Command, DirectorMsg, Spec};
use platform::tournament::robin::RobinCommand;
use platform::tournament::swiss::SwissCommand;
use platform::tournament::{GameResult, TournamentError};
use platform::UserId;
use protocol::error_code::ErrorCode;
use serde::Deserialize;
use store::TournamentRow;
use tables::user::UserInfo;
use xiangqi::Color;

/// The organiser's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments/{id}/forbid", post(forbid))
        .route("/api/tournaments/{id}/pair", post(pair))
        .route("/api/tournaments/{id}/foul", post(foul))
        .route("/api/tournaments/{id}/correct", post(correct))
}

fn not_organiser() -> AppError {
    AppError::Forbidden(
        ErrorCode::NotOrganiser,
        "only organisers may do that".into(),
    )
}

/// Whether `user` holds the organiser role (the configuration's or a granted one).
pub(super) async fn is_organiser(state: &AppState, user: &UserInfo) -> Result<bool, AppError> {
    if user.guest {
        return Ok(false);
    }
    Ok(state.config.tournaments.is_organiser(&user.name) || state.db.is_organiser(user.id).await?)
}

/// `user` may create events.
pub(super) async fn may_create(state: &AppState, user: &UserInfo) -> Result<(), AppError> {
    if is_organiser(state, user).await? {
        Ok(())
    } else {
        Err(not_organiser())
    }
}

/// Whether `user` may run event `row`: an organiser of the configuration, or the organiser
/// who created it (while they hold the role).
pub(super) async fn may_run_row(
    state: &AppState,
    user: &UserInfo,
    row: &TournamentRow,
) -> Result<bool, AppError> {
    if user.guest {
        return Ok(false);
    }
    if state.config.tournaments.is_organiser(&user.name) {
        return Ok(true);
    }
    Ok(row.created_by == user.id && state.db.is_organiser(user.id).await?)
}

/// `user` may run event `id`; its row.
pub(super) async fn may_run(
    state: &AppState,
    user: &UserInfo,
    id: u64,
) -> Result<TournamentRow, AppError> {
    let row = state.db.tournament(id).await?.ok_or(AppError::NotFound)?;
    if may_run_row(state, user, &row).await? {
        Ok(row)
    } else {
        Err(not_organiser())
    }
}

/// The system of event `row`.
fn system_of(row: &TournamentRow) -> String {
    serde_json::from_str::<Spec>(&row.spec).map_or_else(|_| row.kind.clone(), |s| s.system)
}

/// Sends `cmd` to event `id`'s director, for a user allowed to run it and a Swiss.
async fn organise(
    state: &AppState,
    user: &UserInfo,
    id: u64,
    cmd: impl FnOnce(&str) -> Option<Command>,
) -> Result<Json<Done>, AppError> {
    let row = may_run(state, user, id).await?;
    let Some(cmd) = cmd(&system_of(&row)) else {
        return Err(AppError::BadRequest(
            ErrorCode::TournamentRefused,
            "this event's system does not take that".into(),
        ));
    };
    let reply = tournament::ask(state, id, |reply| DirectorMsg::Organise { cmd, reply }).await;
    answer(state, id, reply).await
}

/// `{a, b}`: user ids.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ForbidBody {
    a: u64,
    b: u64,
}

async fn forbid(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
    Json(body): Json<ForbidBody>,
) -> Result<Json<Done>, AppError> {
    organise(&state, &user, id, |system| {
        (system == "swiss").then_some(Command::Swiss(SwissCommand::Forbid {
            a: UserId(body.a),
            b: UserId(body.b),
        }))
    })
    .await
}

/// `{pairs: [[red, black], …], byes: [user], absent: [user, …]}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairBody {
    pairs: Vec<(u64, u64)>,
    #[serde(default)]
    byes: Vec<u64>,
    #[serde(default)]
    absent: Vec<u64>,
}

async fn pair(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
    Json(body): Json<PairBody>,
) -> Result<Json<Done>, AppError> {
    let boards = body
        .pairs
        .iter()
        .map(|&(r, b)| (UserId(r), Some(UserId(b))))
        .chain(body.byes.iter().map(|&u| (UserId(u), None)))
        .collect();
    let absent = body.absent.iter().map(|&u| UserId(u)).collect();
    organise(&state, &user, id, |system| {
        (system == "swiss").then_some(Command::Swiss(SwissCommand::PairManually {
            boards,
            absent,
        }))
    })
    .await
}

/// `{user}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FoulBody {
    user: u64,
}

async fn foul(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
    Json(body): Json<FoulBody>,
) -> Result<Json<Done>, AppError> {
    let fouled = UserId(body.user);
    organise(&state, &user, id, |system| match system {
        "swiss" => Some(Command::Swiss(SwissCommand::Foul { user: fouled })),
        "robin" => Some(Command::Robin(RobinCommand::Foul { user: fouled })),
        _ => None,
    })
    .await
}

/// `{round, board, result}`: `result` as shown (`1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorrectBody {
    round: u32,
    board: u32,
    result: String,
}

/// The result written as `text`.
fn result_of_text(text: &str) -> Option<GameResult> {
    Some(match text {
        "1-0" => GameResult::RedWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" => GameResult::Draw,
        "+-" => GameResult::Forfeit { winner: Color::Red },
        "-+" => GameResult::Forfeit {
            winner: Color::Black,
        },
        "--" => GameResult::DoubleForfeit,
        _ => return None,
    })
}

async fn correct(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
    Json(body): Json<CorrectBody>,
) -> Result<Json<Done>, AppError> {
    let Some(result) = result_of_text(&body.result) else {
        return Err(AppError::BadRequest(
            ErrorCode::BadMessage,
            "result must be 1-0, 0-1, 1/2-1/2, +-, -+ or --".into(),
        ));
    };
    if may_run(&state, &user, id).await?.status == "finished" {
        // Its director may be gone (a finished event is not restored): answer here.
        return Err(results_final(&TournamentError::ResultsFinal));
    }
    organise(&state, &user, id, |system| {
        (system == "swiss").then_some(Command::Swiss(SwissCommand::Correct {
            round: body.round,
            board: body.board,
            result,
        }))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::result_of_text;
    use events::tournament::result_text;

    #[test]
    fn results_read_back_as_written() {
        for t in ["1-0", "0-1", "1/2-1/2", "+-", "-+", "--"] {
            assert_eq!(result_of_text(t).map(result_text), Some(t));
        }
        assert_eq!(result_of_text("2-0"), None);
    }
}
