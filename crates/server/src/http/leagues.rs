//! Leagues over HTTP (docs/leagues.md): `GET /api/leagues`, `GET /api/leagues/{id}[?season=N]`
//! (divisions, standings, matches; of an ended season too), `GET /api/leagues/{id}/matches/{m}` (boards with their
//! tables, lineups, appointment), and the captains' `POST /api/leagues/{id}/enter {team}`,
//! `…/matches/{m}/lineup {order}`, `…/matches/{m}/propose {at}` and `…/withdraw {team}`. Every change goes to the
//! league's director; refusals are `league_refused` with the reason.

use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::http::json::{AppJson, Done};
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use events::league::{self, view, Refusal};
use platform::league::{League, LeagueCommand, LeagueEvent, MatchId, TeamId};
use platform::{Millis, UserId};
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};

/// The league routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/leagues", get(list))
        .route("/api/leagues/{id}", get(one))
        .route("/api/leagues/{id}/enter", post(enter))
        .route("/api/leagues/{id}/withdraw", post(withdraw))
        .route("/api/leagues/{id}/matches/{m}", get(one_match))
        .route("/api/leagues/{id}/matches/{m}/lineup", post(lineup))
        .route("/api/leagues/{id}/matches/{m}/propose", post(propose))
}

async fn get_league(state: &AppState, id: u32) -> Result<(String, League), AppError> {
    league::view(state, id).await.ok_or(AppError::NotFound)
}

async fn list(State(state): State<AppState>) -> Result<Response, AppError> {
    let rows = state
        .db
        .leagues()
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let mut leagues = Vec::new();
    for row in rows {
        if let Some((name, l)) = league::view(&state, row.id).await {
            leagues.push((row.id, name, l));
        }
    }
    let out: Vec<_> = leagues
        .iter()
        .map(|(id, name, l)| view::summary(*id, name, l))
        .collect();
    Ok(Json(out).into_response())
}

/// `GET /api/leagues/{id}` query: a season to show (default the current one).
#[derive(Debug, Deserialize)]
struct SeasonQuery {
    season: Option<u32>,
}

async fn one(
    State(state): State<AppState>,
    Path(id): Path<u32>,
    Query(q): Query<SeasonQuery>,
) -> Result<Response, AppError> {
    let (name, l) = get_league(&state, id).await?;
    let shown = l
        .season_view(q.season.unwrap_or(l.season))
        .ok_or(AppError::NotFound)?;
    let mut v = view::league(id, &name, &shown);
    v.seasons = view::summary(id, &name, &l).seasons;
    Ok(Json(v).into_response())
}

async fn one_match(
    State(state): State<AppState>,
    Path((id, m)): Path<(u32, u32)>,
) -> Result<Response, AppError> {
    let (_, l) = get_league(&state, id).await?;
    let (season, x) = l.find_match(MatchId(m)).ok_or(AppError::NotFound)?;
    let v = view::one_match(&state, (id, season), &l, x).await;
    Ok(Json(v).into_response())
}

/// `POST …/withdraw`'s answer: done, and whether the team's games were voided.
#[derive(Debug, Serialize)]
struct Withdrawn {
    ok: bool,
    voided: bool,
}

/// `POST …/propose`'s answer: the agreed time, once both teams agreed.
#[derive(Debug, Serialize)]
struct Proposed {
    agreed: Option<u64>,
}

fn refused(why: &str) -> AppError {
    AppError::BadRequest(ErrorCode::LeagueRefused, why.to_owned())
}

async fn apply(
    state: &AppState,
    id: u32,
    cmd: LeagueCommand,
) -> Result<Vec<LeagueEvent>, AppError> {
    match league::command(state, id, cmd).await {
        Some(Ok(e)) => Ok(e),
        Some(Err(Refusal::NotStored(e))) => Err(AppError::Internal(e)),
        Some(Err(Refusal::League(e))) => Err(refused(&e.to_string())),
        Some(Err(Refusal::Remote(why))) => Err(refused(&why)),
        None => Err(AppError::NotFound),
    }
}

/// `POST /api/leagues/{id}/enter` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnterBody {
    team: TeamId,
    #[serde(default)]
    division: Option<usize>,
}

async fn enter(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u32>,
    AppJson(body): AppJson<EnterBody>,
) -> Result<Json<Done>, AppError> {
    let roster = league::roster(&state, body.team)
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
        .ok_or_else(|| refused("no such team"))?;
    if roster.captain != user.id {
        return Err(refused("only the team's captain may enter it"));
    }
    let cmd = LeagueCommand::Enter {
        team: body.team,
        name: roster.name,
        captain: roster.captain,
        members: roster.members,
        division: body.division,
    };
    apply(&state, id, cmd).await?;
    Ok(Json(Done::OK))
}

/// `POST /api/leagues/{id}/withdraw` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawBody {
    team: TeamId,
}

/// The team's captain withdraws it (docs/leagues.md, "Withdrawal").
async fn withdraw(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u32>,
    AppJson(body): AppJson<WithdrawBody>,
) -> Result<Json<Withdrawn>, AppError> {
    let cmd = LeagueCommand::Withdraw {
        team: body.team,
        by: Some(user.id),
    };
    let events = apply(&state, id, cmd).await?;
    let voided = events
        .iter()
        .any(|e| matches!(e, LeagueEvent::Withdrew { voided: true, .. }));
    Ok(Json(Withdrawn { ok: true, voided }))
}

/// The team `user` captains in match `m` of league `id`.
async fn captains_team(
    state: &AppState,
    id: u32,
    m: MatchId,
    user: UserId,
) -> Result<TeamId, AppError> {
    let (_, l) = get_league(state, id).await?;
    let x = l.get(m).ok_or(AppError::NotFound)?;
    [x.home, x.away]
        .into_iter()
        .find(|t| l.teams.get(t).is_some_and(|t| t.captain == user))
        .ok_or_else(|| refused("only a captain of the two teams may do this"))
}

/// `POST …/lineup` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LineupBody {
    order: Vec<UserId>,
}

async fn lineup(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, m)): Path<(u32, u32)>,
    AppJson(body): AppJson<LineupBody>,
) -> Result<Json<Done>, AppError> {
    let m = MatchId(m);
    let team = captains_team(&state, id, m, user.id).await?;
    let cmd = LeagueCommand::Lineup {
        m,
        team,
        by: user.id,
        order: body.order,
    };
    apply(&state, id, cmd).await?;
    Ok(Json(Done::OK))
}

/// `POST …/propose` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProposeBody {
    at: u64,
}

async fn propose(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, m)): Path<(u32, u32)>,
    AppJson(body): AppJson<ProposeBody>,
) -> Result<Json<Proposed>, AppError> {
    let m = MatchId(m);
    let team = captains_team(&state, id, m, user.id).await?;
    let cmd = LeagueCommand::Propose {
        m,
        team,
        by: user.id,
        at: Millis(body.at),
    };
    let events = apply(&state, id, cmd).await?;
    let agreed = events.iter().find_map(|e| match e {
        LeagueEvent::Agreed { at, .. } => Some(at.0),
        _ => None,
    });
    Ok(Json(Proposed { agreed }))
}
