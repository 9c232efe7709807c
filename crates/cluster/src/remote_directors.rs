//! On a node that does not run an event's, a ladder's or a league's director: a command for it
//! goes to the node that does, as a [`DirectorRequest`] on `<prefix>.d.<lease id>`
//! ([`super::director_service`]), and its answer comes back as the local director's would —
//! the same acks and refusals. The commands and answers are the directors' own
//! (`events::crossing`): carried here, never read. While the director's node is unreachable (it died and its lease
//! has not been taken over yet) the request is tried again until the lease plus a margin has
//! passed (docs/scale.md, "Directors across nodes").

use super::failover::Failover;
use super::notes::{DirectorReply, DirectorRequest};
use crate::site::Site;
use bus::RequestError;
use bytes::Bytes;
use events::crossing::UNREACHABLE;
use platform::{TableId, UserId};
use std::time::Duration;
use tables::table::{ConnId, Outbox};

/// Longest wait for one answer (a command waits for its journal write there).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// Sends `req` to the director with lease id `lease`; `None`: nobody answered in time.
async fn request(state: &Site, lease: TableId, req: &DirectorRequest) -> Option<DirectorReply> {
    let payload = Bytes::from(serde_json::to_vec(req).ok()?);
    let subject = state.broker.subjects().director(lease);
    let tries = Failover::start(state);
    loop {
        let answer = Failover::ask(state, &subject, &payload, REQUEST_TIMEOUT).await;
        match answer
            .as_ref()
            .map(|r| serde_json::from_slice::<DirectorReply>(r))
        {
            Ok(Ok(DirectorReply::Gone)) | Err(_) => {}
            Ok(Ok(reply)) => return Some(reply),
            Ok(Err(e)) => {
                tracing::warn!(lease = lease.0, "unreadable director reply: {e}");
                return None;
            }
        }
        if let Err(RequestError::NoResponders) = answer {
            // Nobody ever held the lease: no director anywhere.
            if matches!(state.db.table_owner(lease).await, Ok(None)) {
                return None;
            }
        }
        if !tries.wait().await {
            return None;
        }
    }
}

/// Carries `body` (a director's command, `events::crossing`) to the node that runs the
/// director with lease id `lease`: its answer's bytes; `None` when no node answered in time.
pub async fn ask(state: &Site, lease: TableId, body: Vec<u8>) -> Option<Vec<u8>> {
    let cmd = String::from_utf8(body).ok()?;
    match request(state, lease, &DirectorRequest::Command { cmd }).await? {
        DirectorReply::Answer { answer } => Some(answer.into_bytes()),
        other => {
            tracing::warn!(lease = lease.0, "unexpected director reply: {other:?}");
            None
        }
    }
}

/// Whether event `event` is not over (its director runs somewhere).
async fn live_event(state: &Site, event: u64) -> bool {
    matches!(
        state.db.tournament(event).await,
        Ok(Some(row)) if row.status == "upcoming" || row.status == "running"
    )
}

/// Connection `conn` (of `user`, outbox `out`) watches event `event`, whose director runs on
/// another node: that node acknowledges request `id` after the event's state. When another
/// node takes the director over, the connection is closed with 1012 and watches again.
///
/// # Errors
/// What to tell the client when no node runs the event.
pub async fn watch(
    state: &Site,
    event: u64,
    (conn, user, out): (ConnId, UserId, &Outbox),
    id: Option<u64>,
) -> Result<(), &'static str> {
    if !live_event(state, event).await {
        return Err("no such running tournament");
    }
    let lease = events::tournament::lease_id(event);
    state.remote.watch.add_event(lease, event, conn, out);
    let req = DirectorRequest::TWatch {
        event,
        node: state.node.id.clone(),
        conn: conn.0,
        user,
        id,
    };
    match request(state, lease, &req).await {
        Some(DirectorReply::Done { node }) => {
            state.remote.watch.joined(lease, conn, &node);
            Ok(())
        }
        _ => {
            state.remote.watch.remove(lease, conn);
            Err(UNREACHABLE)
        }
    }
}

/// Connection `conn` closed: each event it watched on another node is told, so that the
/// director's node drops the connection's stand-in.
pub async fn closed(state: &Site, conn: ConnId) {
    for (lease, owner, event) in state.remote.watch.drop_conn(conn) {
        let Some(event) = event.filter(|_| owner.is_some()) else {
            continue;
        };
        let req = DirectorRequest::TUnwatch {
            event,
            node: state.node.id.clone(),
            conn: conn.0,
        };
        let _ = request(state, lease, &req).await;
    }
}
