//! Tournaments over HTTP: `POST /api/tournaments` (organisers), `GET /api/tournaments` (upcoming,
//! running, finished), `GET /api/tournaments/{id}` (the event with its pairings and standings),
//! and `POST /api/tournaments/{id}/{join|withdraw|start|cancel}`. Every change goes to the
//! event's director; live updates come over the WebSocket (`t_watch`). Who is an organiser:
//! `tournament_organiser.rs`.

use super::tournament_names::names_of;
use super::tournament_organiser::{is_organiser, may_create, may_run, may_run_row};
use super::tournament_reply::{answer, await_director, refused};
use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::http::json::Done;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use events::tournament::{self, DirectorMsg, Spec, TournamentView};
use platform::Millis;
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use store::TournamentRow;

/// The tournament routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(one))
        .route("/api/tournaments/{id}/{action}", post(act))
}

/// `POST /api/tournaments` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    name: String,
    /// Start instant (ms since the epoch); or `starts_in_secs` from now.
    starts_at: Option<u64>,
    starts_in_secs: Option<u64>,
    #[serde(default)]
    spec: Spec,
}

#[derive(Serialize)]
struct Created {
    id: u64,
}

async fn create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<CreateBody>,
) -> Result<Json<Created>, AppError> {
    may_create(&state, &user).await?;
    let now = kit::clock::now();
    let starts_at = match (body.starts_at, body.starts_in_secs) {
        (Some(at), None) => Millis(at),
        (None, Some(s)) if s <= 366 * 86_400 => now + Millis::from_secs(s),
        (None, None) => now + Millis::from_secs(3_600),
        _ => {
            return Err(AppError::BadRequest(
                ErrorCode::BadMessage,
                "give starts_at or starts_in_secs (at most a year)".into(),
            ))
        }
    };
    match tournament::create(&state, &body.name, &body.spec, starts_at, user.id).await {
        Ok(id) => Ok(Json(Created { id })),
        Err(tournament::CreateError::Invalid(why)) => {
            Err(AppError::BadRequest(ErrorCode::BadMessage, why))
        }
        Err(tournament::CreateError::Store(e)) => Err(e.into()),
    }
}

/// One event in the list.
#[derive(Serialize)]
struct Summary {
    id: u64,
    name: String,
    system: String,
    status: String,
    starts_at: u64,
}

/// `{"upcoming": [...], "running": [...], "finished": [...], "organiser": bool}` (cancelled
/// ones are left out; `organiser`: whether the caller may create events).
#[derive(Serialize, Default)]
struct ListBody {
    organiser: bool,
    upcoming: Vec<Summary>,
    running: Vec<Summary>,
    finished: Vec<Summary>,
}

async fn list(
    State(state): State<AppState>,
    user: Result<CurrentUser, AppError>,
) -> Result<Json<ListBody>, AppError> {
    let mut body = ListBody {
        ..ListBody::default()
    };
    if let Ok(CurrentUser(u)) = user {
        body.organiser = is_organiser(&state, &u).await?;
    }
    for TournamentRow {
        id,
        name,
        kind,
        status,
        starts_at,
        ..
    } in state.db.tournaments(200).await?
    {
        let s = Summary {
            id,
            name,
            system: kind,
            status: status.clone(),
            starts_at,
        };
        match status.as_str() {
            "upcoming" => body.upcoming.push(s),
            "running" => body.running.push(s),
            "finished" => body.finished.push(s),
            _ => {}
        }
    }
    Ok(Json(body))
}

/// An event as served: its view, whether the caller may run it (`organiser`) and the names
/// of its players by id (`names`, as the ladder's view has them).
#[derive(Serialize)]
struct OneBody {
    #[serde(flatten)]
    view: TournamentView,
    organiser: bool,
    names: BTreeMap<u64, String>,
}

async fn one(
    State(state): State<AppState>,
    user: Result<CurrentUser, AppError>,
    Path(id): Path<u64>,
) -> Result<Json<OneBody>, AppError> {
    let view = tournament::view_of(&state, id)
        .await?
        .ok_or(AppError::NotFound)?;
    let organiser = match (user, state.db.tournament(id).await?) {
        (Ok(CurrentUser(u)), Some(row)) => may_run_row(&state, &u, &row).await?,
        _ => false,
    };
    let names = names_of(&state, &view).await;
    Ok(Json(OneBody {
        view,
        organiser,
        names,
    }))
}

async fn act(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, action)): Path<(u64, String)>,
) -> Result<Json<Done>, AppError> {
    let uid = user.id;
    await_director(&state, id).await?;
    let reply = match action.as_str() {
        "join" => {
            if user.guest {
                return Err(refused("guests cannot enter events"));
            }
            let spec = match state.db.tournament(id).await? {
                Some(row) => serde_json::from_str::<Spec>(&row.spec).unwrap_or_default(),
                None => Spec::default(),
            };
            tables::behaviour::gate::may_play(&state, uid, spec.min_behaviour, kit::clock::now())
                .await?;
            // Seeded by the rating the event's games change: its pool's, or the site's.
            let rating = events::rating_pool::rating_in(&state, &user, &spec.rating).await?;
            tournament::ask(&state, id, |reply| DirectorMsg::Join {
                user: uid,
                rating,
                reply,
            })
            .await
        }
        "withdraw" => {
            tournament::ask(&state, id, |reply| DirectorMsg::Withdraw {
                user: uid,
                reply,
            })
            .await
        }
        "start" => {
            may_run(&state, &user, id).await?;
            tournament::ask(&state, id, DirectorMsg::Start).await
        }
        "cancel" => {
            may_run(&state, &user, id).await?;
            tournament::ask(&state, id, DirectorMsg::Cancel).await
        }
        _ => return Err(AppError::NotFound),
    };
    answer(&state, id, reply).await
}
