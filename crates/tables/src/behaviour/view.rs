//! What a profile shows of a player's behaviour: the score, the counters and the sanctions in
//! force.

use crate::live::Live;
use platform::behaviour::{score, Counters, SCORE_WINDOW};
use platform::{Millis, UserId};
use serde::Serialize;
use store::{SanctionKind, SanctionRow, StoreError};

/// A ban or mute in force.
#[derive(Clone, Debug, Serialize)]
pub struct SanctionView {
    /// Why.
    pub reason: String,
    /// When it ends (ms since the epoch).
    pub until: u64,
    /// Given by the ban policy, not by a moderator.
    pub automatic: bool,
}

impl From<SanctionRow> for SanctionView {
    fn from(s: SanctionRow) -> SanctionView {
        SanctionView {
            reason: s.reason,
            until: s.ends_at.0,
            automatic: s.automatic,
        }
    }
}

/// `Behaviour`: `{score, counters, ban?, mute?}`.
#[derive(Clone, Debug, Serialize)]
pub struct BehaviourView {
    /// The behaviour score (0–100).
    pub score: u8,
    /// The totals.
    pub counters: Counters,
    /// The ban in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ban: Option<SanctionView>,
    /// The mute in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mute: Option<SanctionView>,
}

/// `user`'s behaviour at `now`.
///
/// # Errors
/// [`StoreError`] if it cannot be read.
pub async fn summary(state: &Live, user: UserId, now: Millis) -> Result<BehaviourView, StoreError> {
    let recent = state.db.recent_conduct(user, SCORE_WINDOW).await?;
    let counters = state.db.conduct_counters(user).await?;
    let ban = state
        .db
        .active_sanction(user, SanctionKind::Ban, now)
        .await?;
    let mute = state
        .db
        .active_sanction(user, SanctionKind::Mute, now)
        .await?;
    Ok(BehaviourView {
        score: score(&recent),
        counters,
        ban: ban.map(Into::into),
        mute: mute.map(Into::into),
    })
}
