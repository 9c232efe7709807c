//! Recurring events from the configuration (`[[tournaments.recurring]]`, e.g. a daily arena and a
//! weekly Swiss, see [`super::schedule`]): each is created ahead of its start (`ahead_hours`),
//! named with its date (`Daily Arena 2026.12.03`). The pickup task looks every [`EVERY`]; an
//! occurrence is created once however many nodes look and however often the server restarts —
//! its series key (`name@starts_at`) is unique in the database (`tournaments.series`).

use crate::deps::Events;
use platform::UserId;
use std::time::Duration;

/// How often the recurring events are looked at.
pub const EVERY: Duration = Duration::from_secs(30);

/// Creates the occurrences due of every recurring event that do not exist yet.
pub(super) async fn create_due(state: &Events) {
    let now = kit::clock::now();
    for r in &state.config.tournaments.recurring {
        for at in r.due(now) {
            let series = format!("{}@{}", r.name.trim(), at.0);
            match super::create_in_series(state, &r.name_at(at), &r.spec, at, &series).await {
                Ok(Some(id)) => tracing::info!(event = id, %series, "created a recurring event"),
                Ok(None) => {}
                Err(e) => tracing::warn!(%series, "cannot create a recurring event: {e}"),
            }
        }
    }
}

/// The creator recorded for recurring events (the site itself).
pub const SITE: UserId = UserId(0);
