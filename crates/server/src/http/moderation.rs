//! Moderation over HTTP, for the moderators of `[behaviour] moderators`: `GET /api/reports`
//! (open reports; `?all=true` also closed ones), `POST /api/reports/{id}/close`, and
//! `POST /api/admin/sanctions` (ban or mute a player for some minutes with a reason) and
//! `POST /api/admin/lift` (lift a player's bans and mutes). `chuhe admin` does the same
//! against the database.

use crate::error::AppError;
use crate::http::auth::CurrentUser;
use crate::http::json::AppJson;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::routing::post;
use axum::{Json, Router};
use kit::limits::SANCTION_REASON_MAX_CHARS;
use platform::Millis;
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use store::{NewSanction, ReportRow, SanctionKind};
use tables::user::UserInfo;

/// The moderation routes (reports are routed in [`super::behaviour`]).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/admin/sanctions", post(sanction))
        .route("/api/admin/lift", post(lift))
}

/// Refuses anyone but a moderator.
fn moderator(state: &AppState, user: &UserInfo) -> Result<(), AppError> {
    if !user.guest && state.config.behaviour.is_moderator(&user.name) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            ErrorCode::NotModerator,
            "only moderators may do that".into(),
        ))
    }
}

/// One report as listed.
#[derive(Serialize)]
pub(super) struct ReportView {
    id: u64,
    reporter: String,
    target: String,
    target_id: u64,
    reason: String,
    created_at: u64,
    closed_at: Option<u64>,
}

impl From<ReportRow> for ReportView {
    fn from(r: ReportRow) -> ReportView {
        ReportView {
            id: r.id,
            reporter: r.reporter_name,
            target: r.target_name,
            target_id: r.target.0,
            reason: r.reason,
            created_at: r.created_at.0,
            closed_at: r.closed_at.map(|m| m.0),
        }
    }
}

#[derive(Debug, Deserialize)]
pub(super) struct ListQuery {
    #[serde(default)]
    all: bool,
}

pub(super) async fn list_reports(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<ReportView>>, AppError> {
    moderator(&state, &user)?;
    let rows = state.db.reports(!q.all, 200).await?;
    Ok(Json(rows.into_iter().map(Into::into).collect()))
}

/// `POST /api/admin/reports/{id}/close`'s answer.
#[derive(Debug, Serialize)]
pub(super) struct Closed {
    closed: u64,
}

/// `POST /api/admin/lift`'s answer: how many sanctions were lifted.
#[derive(Debug, Serialize)]
struct Lifted {
    lifted: u64,
}

pub(super) async fn close_report(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<u64>,
) -> Result<Json<Closed>, AppError> {
    moderator(&state, &user)?;
    if state.db.close_report(id, kit::clock::now()).await? {
        Ok(Json(Closed { closed: id }))
    } else {
        Err(AppError::NotFound)
    }
}

/// `POST /api/admin/sanctions` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SanctionBody {
    user: String,
    /// `ban` or `mute`.
    kind: String,
    minutes: u64,
    reason: String,
}

#[derive(Serialize)]
struct Sanctioned {
    id: u64,
    until: u64,
}

/// The sanction kind called `name`.
///
/// # Errors
/// `bad_message` for another name.
pub fn parse_kind(name: &str) -> Result<SanctionKind, String> {
    match name {
        "ban" => Ok(SanctionKind::Ban),
        "mute" => Ok(SanctionKind::Mute),
        other => Err(format!("unknown sanction {other:?} (ban or mute)")),
    }
}

/// A moderator's reason, checked.
///
/// # Errors
/// In words, when empty, too long or with control characters.
pub fn check_reason(reason: &str) -> Result<&str, String> {
    let r = reason.trim();
    if r.is_empty()
        || r.chars().count() > SANCTION_REASON_MAX_CHARS
        || r.chars().any(char::is_control)
    {
        return Err(format!(
            "give a reason of 1 to {SANCTION_REASON_MAX_CHARS} characters"
        ));
    }
    Ok(r)
}

async fn sanction(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<SanctionBody>,
) -> Result<Json<Sanctioned>, AppError> {
    moderator(&state, &user)?;
    let bad = |why: String| AppError::BadRequest(ErrorCode::BadMessage, why);
    let kind = parse_kind(&body.kind).map_err(bad)?;
    let reason = check_reason(&body.reason).map_err(bad)?;
    if body.minutes == 0 || body.minutes > 10 * 366 * 24 * 60 {
        return Err(bad("minutes: 1 to ten years".into()));
    }
    let Some((target, _)) = state.db.user_by_name(&body.user).await? else {
        return Err(AppError::NotFound);
    };
    let now = kit::clock::now();
    let until = now + Millis::from_secs(body.minutes * 60);
    let id = state
        .db
        .add_sanction(&NewSanction {
            user: target.id,
            kind,
            automatic: false,
            reason,
            starts_at: now,
            ends_at: until,
            by: Some(&user.name),
        })
        .await?;
    Ok(Json(Sanctioned { id, until: until.0 }))
}

/// `POST /api/admin/lift` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LiftBody {
    user: String,
    /// `ban` or `mute`; both when absent.
    kind: Option<String>,
}

async fn lift(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<LiftBody>,
) -> Result<Json<Lifted>, AppError> {
    moderator(&state, &user)?;
    let kind = body
        .kind
        .as_deref()
        .map(parse_kind)
        .transpose()
        .map_err(|why| AppError::BadRequest(ErrorCode::BadMessage, why))?;
    let Some((target, _)) = state.db.user_by_name(&body.user).await? else {
        return Err(AppError::NotFound);
    };
    let lifted = state
        .db
        .lift_sanctions(target.id, kind, kit::clock::now())
        .await?;
    Ok(Json(Lifted { lifted }))
}
