//! The gates: a banned player may not sit down, seek or join an event; a muted one may not
//! chat; a player below a room's or event's `min_behaviour` may not play there.

use super::refused::Refused;
use crate::live::Live;
use platform::behaviour::{score, SCORE_WINDOW};
use platform::{Millis, UserId};
use protocol::error_code::ErrorCode;
use store::{SanctionKind, SanctionRow};

fn internal(e: &store::StoreError) -> Refused {
    tracing::error!("behaviour: {e}");
    Refused {
        code: ErrorCode::Internal,
        message: "something went wrong".to_owned(),
        until: None,
    }
}

fn sanctioned(code: ErrorCode, what: &str, s: &SanctionRow, now: Millis) -> Refused {
    let mins = s.ends_at.0.saturating_sub(now.0).div_ceil(60_000);
    Refused {
        code,
        message: format!("{what} for {mins} more min: {}", s.reason),
        until: Some(s.ends_at),
    }
}

/// `user`'s behaviour score now.
///
/// # Errors
/// A [`Refused`] with `internal` if the history cannot be read.
pub async fn score_of(state: &Live, user: UserId) -> Result<u8, Refused> {
    let recent = state
        .db
        .recent_conduct(user, SCORE_WINDOW)
        .await
        .map_err(|e| internal(&e))?;
    Ok(score(&recent))
}

/// Whether `user` may play at `now` where a score of `min` is needed (0: any); their score.
///
/// # Errors
/// `banned` (with the ban's end and reason) or `behaviour_too_low`.
pub async fn may_play(state: &Live, user: UserId, min: u8, now: Millis) -> Result<u8, Refused> {
    let ban = state
        .db
        .active_sanction(user, SanctionKind::Ban, now)
        .await
        .map_err(|e| internal(&e))?;
    if let Some(ban) = ban {
        return Err(sanctioned(ErrorCode::Banned, "banned", &ban, now));
    }
    let s = score_of(state, user).await?;
    if s < min {
        return Err(Refused {
            code: ErrorCode::BehaviourTooLow,
            message: format!("a behaviour score of {min} is needed here; yours is {s}"),
            until: None,
        });
    }
    Ok(s)
}

/// Whether `user` may chat at `now`.
///
/// # Errors
/// `muted` (with the mute's end and reason).
pub async fn may_chat(state: &Live, user: UserId, now: Millis) -> Result<(), Refused> {
    match state
        .db
        .active_sanction(user, SanctionKind::Mute, now)
        .await
        .map_err(|e| internal(&e))?
    {
        Some(m) => Err(sanctioned(ErrorCode::Muted, "muted", &m, now)),
        None => Ok(()),
    }
}
