//! Teams over HTTP (docs/teams.md): `GET /api/teams` (paged, or `?user=ID` for one player's
//! teams), `POST /api/teams {name}` (the creator is captain), `GET /api/teams/{id}` (members
//! with ratings and results), and `POST /api/teams/{id}/join`, `/leave`, `/kick {user}`,
//! `/captain {user}`, `/open {open}`. The rules are `platform::team`'s; a refusal is 400
//! `team_refused` with the reason in `message`, and changes nothing. Players hear of joins,
//! departures and a new captain as stored `team_notice`s.

use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::http::json::AppJson;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use platform::team::TeamName;
use platform::{TeamId, UserId};
use protocol::error_code::ErrorCode;
use protocol::team::TeamNotice;
use protocol::ServerMsg;
use serde::{Deserialize, Serialize};
use store::{TeamChange, TeamOp, TeamSummary};
use tables::user::UserInfo;

/// Teams per page by default, and at most.
const DEFAULT_LIMIT: u32 = 50;
const MAX_LIMIT: u32 = 200;

/// The team routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/teams", get(list).post(create))
        .route("/api/teams/{id}", get(one))
        .route("/api/teams/{id}/join", post(join))
        .route("/api/teams/{id}/leave", post(leave))
        .route("/api/teams/{id}/kick", post(kick))
        .route("/api/teams/{id}/captain", post(captain))
        .route("/api/teams/{id}/open", post(open))
}

/// `GET /api/teams` query: `after` (a team id) and `limit`, or `user` for that player's teams.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    after: Option<u64>,
    limit: Option<u32>,
    user: Option<u64>,
}

/// One line of the list.
#[derive(Serialize)]
struct SummaryView {
    id: TeamId,
    name: String,
    captain: UserId,
    captain_name: String,
    members: u64,
    open: bool,
}

impl From<TeamSummary> for SummaryView {
    fn from(t: TeamSummary) -> Self {
        SummaryView {
            id: t.id,
            name: t.name,
            captain: t.captain,
            captain_name: t.captain_name,
            members: t.members,
            open: t.open,
        }
    }
}

async fn list(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> Result<Json<TeamList>, AppError> {
    let rows = match q.user {
        Some(user) => state.db.teams_of(UserId(user)).await?,
        None => {
            let limit = q.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
            state.db.teams(TeamId(q.after.unwrap_or(0)), limit).await?
        }
    };
    let teams: Vec<SummaryView> = rows.into_iter().map(SummaryView::from).collect();
    Ok(Json(TeamList { teams }))
}

/// A refusal that is not one of the roster's rules.
fn refused(why: &str) -> AppError {
    AppError::BadRequest(ErrorCode::TeamRefused, why.to_owned())
}

/// Guests and the computer take no part in teams.
fn person(user: &UserInfo) -> Result<UserId, AppError> {
    if user.guest || user.computer.is_some() {
        return Err(refused("guests cannot take part in teams"));
    }
    Ok(user.id)
}

/// `POST /api/teams` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    name: String,
}

async fn create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<CreateBody>,
) -> Result<Json<Created>, AppError> {
    let captain = person(&user)?;
    let name = TeamName::parse(&body.name).map_err(|e| refused(&e.to_string()))?;
    let id = state
        .db
        .create_team(&name, captain, kit::clock::now())
        .await?;
    Ok(Json(Created {
        id,
        name: name.display,
    }))
}

/// `GET /api/teams`.
#[derive(Serialize)]
struct TeamList {
    teams: Vec<SummaryView>,
}

/// `POST /api/teams`'s answer.
#[derive(Serialize)]
struct Created {
    id: TeamId,
    name: String,
}

/// A team's results, added over its members.
#[derive(Serialize)]
struct Results {
    wins: u64,
    draws: u64,
    losses: u64,
}

/// A change of the team: done, and whether the team is dissolved now.
#[derive(Serialize)]
struct Changed {
    ok: bool,
    dissolved: bool,
}

/// A member on the team page.
#[derive(Serialize)]
struct MemberView {
    id: UserId,
    name: String,
    rating: u32,
    games: u32,
    captain: bool,
    wins: u64,
    draws: u64,
    losses: u64,
}

/// The team page.
#[derive(Serialize)]
struct TeamView {
    id: TeamId,
    name: String,
    captain: UserId,
    open: bool,
    created_at: u64,
    /// In join order (the default board order).
    members: Vec<MemberView>,
    /// The members' results added up.
    results: Results,
}

async fn one(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> Result<Json<TeamView>, AppError> {
    let roster = state
        .db
        .team_roster(TeamId(id))
        .await?
        .ok_or(AppError::NotFound)?;
    let mut members = Vec::with_capacity(roster.members.len());
    for &m in &roster.members {
        let Some(row) = state.db.user(m).await? else {
            continue;
        };
        let (wins, draws, losses) = state.db.member_results(m).await?;
        members.push(MemberView {
            id: m,
            name: row.name,
            rating: row.rating.rating.round().clamp(0.0, 10_000.0) as u32,
            games: row.rating.games,
            captain: m == roster.captain,
            wins,
            draws,
            losses,
        });
    }
    let sum = |f: fn(&MemberView) -> u64| members.iter().map(f).sum::<u64>();
    let results = Results {
        wins: sum(|m| m.wins),
        draws: sum(|m| m.draws),
        losses: sum(|m| m.losses),
    };
    Ok(Json(TeamView {
        id: roster.id,
        name: roster.name,
        captain: roster.captain,
        open: roster.open,
        created_at: roster.created_at.0,
        members,
        results,
    }))
}

/// What the team's players are told of `op` (and who else: the one who left), if anything.
fn notice_of(op: &TeamOp) -> Option<(TeamNotice, Option<UserId>)> {
    match *op {
        TeamOp::Join(user) => Some((TeamNotice::Joined { user }, None)),
        TeamOp::Leave(user) => Some((TeamNotice::Left { user }, Some(user))),
        TeamOp::Kick { user, .. } => Some((TeamNotice::Kicked { user }, Some(user))),
        TeamOp::Captain { to, .. } => Some((TeamNotice::Captain { user: to }, None)),
        TeamOp::Open { .. } => None,
    }
}

/// Applies `op` and answers `{"ok":true,"dissolved":bool}`; the team's players (and a player
/// who left or was removed) are told as a stored `team_notice`.
async fn change(state: &AppState, id: u64, op: TeamOp) -> Result<Json<Changed>, AppError> {
    let notice = notice_of(&op);
    let change = state
        .db
        .change_team(TeamId(id), op, kit::clock::now())
        .await?
        .ok_or(AppError::NotFound)?;
    let dissolved = change == TeamChange::Dissolved;
    if let (TeamChange::Changed(roster), Some((notice, also))) = (&change, notice) {
        let msg = ServerMsg::TeamNotice {
            team: TeamId(id),
            notice: &notice,
        };
        let mut to: Vec<UserId> = roster.members.iter().copied().chain(also).collect();
        to.sort_unstable();
        to.dedup();
        for user in to {
            tables::notices::send_kept(state, user, &msg).await;
        }
    }
    Ok(Json(Changed {
        ok: true,
        dissolved,
    }))
}

async fn join(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
) -> Result<Json<Changed>, AppError> {
    let me = person(&user)?;
    change(&state, id, TeamOp::Join(me)).await
}

async fn leave(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
) -> Result<Json<Changed>, AppError> {
    change(&state, id, TeamOp::Leave(user.id)).await
}

/// `POST /api/teams/{id}/kick` and `/captain` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MemberBody {
    user: UserId,
}

async fn kick(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
    AppJson(body): AppJson<MemberBody>,
) -> Result<Json<Changed>, AppError> {
    let op = TeamOp::Kick {
        by: user.id,
        user: body.user,
    };
    change(&state, id, op).await
}

async fn captain(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
    AppJson(body): AppJson<MemberBody>,
) -> Result<Json<Changed>, AppError> {
    let op = TeamOp::Captain {
        by: user.id,
        to: body.user,
    };
    change(&state, id, op).await
}

/// `POST /api/teams/{id}/open` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenBody {
    open: bool,
}

async fn open(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
    AppJson(body): AppJson<OpenBody>,
) -> Result<Json<Changed>, AppError> {
    let op = TeamOp::Open {
        by: user.id,
        open: body.open,
    };
    change(&state, id, op).await
}
