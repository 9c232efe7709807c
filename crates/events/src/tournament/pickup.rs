//! Events created or acted on outside the server (`chuhe admin tournament create|start|cancel`
//! write the database): every [`PICKUP`] the server starts a director for each upcoming or
//! running event that has none, and hands waiting `start`/`cancel` requests to their directors.
//! It also creates the recurring events of the configuration ahead of their start
//! (`super::recurring`). The director stays the event's only writer: on a site of several
//! nodes the one that holds the event's lease (`super::lease`); a dead node's events are
//! taken over here.

use super::msg::DirectorMsg;
use super::restore::{due_boards, rebuild, start};
use crate::deps::Events;
use std::time::Duration;

/// How often the database is looked at.
pub const PICKUP: Duration = Duration::from_secs(1);

/// Starts the pickup task.
pub fn spawn_pickup(state: &Events) -> tokio::task::JoinHandle<()> {
    let state = state.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(PICKUP);
        let mut recurring_at = tokio::time::Instant::now();
        loop {
            every.tick().await;
            if tokio::time::Instant::now() >= recurring_at {
                super::recurring::create_due(&state).await;
                recurring_at = tokio::time::Instant::now() + super::recurring::EVERY;
            }
            if let Err(e) = pick_up(&state).await {
                tracing::warn!("tournament pickup: {e}");
            }
        }
    })
}

async fn pick_up(state: &Events) -> Result<(), store::StoreError> {
    for row in state.db.live_tournaments().await? {
        if state.tournaments.get(row.id).is_some() {
            continue;
        }
        // One node runs each event: a live node's is left alone; a dead node's is taken over.
        let Some(lease) = super::lease::claim(state, row.id).await else {
            continue;
        };
        let log = state.db.tournament_log(row.id).await?;
        match rebuild(state, &row, &log).await {
            Ok(mut d) => {
                d.lease = Some(lease);
                let boards = due_boards(state, &d, row.id).await?;
                tracing::info!(event = row.id, games = boards.len(), "picked up an event");
                start(d, boards);
                // Watchers elsewhere of the node that ran it watch again, here.
                let lease = super::lease_id(row.id);
                state.site.announce_owner(lease).await;
            }
            Err(e) => tracing::error!(event = row.id, "cannot start the event: {e}"),
        }
    }
    for (id, request) in state.db.tournament_requests().await? {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let msg = match request.as_str() {
            "start" => DirectorMsg::Start(tx),
            "cancel" => DirectorMsg::Cancel(tx),
            _ => {
                state.db.clear_tournament_request(id, &request).await?;
                continue;
            }
        };
        let Some(h) = state.tournaments.get(id) else {
            continue;
        };
        if h.send(msg) {
            if let Ok(Err(e)) = rx.await {
                tracing::warn!(event = id, "{request} refused: {e}");
            }
            state.db.clear_tournament_request(id, &request).await?;
        }
    }
    Ok(())
}
