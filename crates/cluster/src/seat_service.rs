//! Seating a pair at another node's table: the site's one seek desk lives on one node, and a
//! room's tables are spread over every live node, so when the desk's node has no free table in
//! the room it asks a node whose lobby summary shows one ([`seat_at`], a [`SeatRequest`] on
//! `<prefix>.seat.<node>`). That node ([`start`]) hands the pair to its table exactly as the
//! desk does locally (`TableMsg::SeatPair`): a table that became busy meanwhile refuses, and the
//! desk tries the next (docs/scale.md, "The seek desk").

use super::failover::Failover;
use super::notes::{SeatReply, SeatRequest};
use crate::site::Site;
use bus::{BrokerError, Message, Subscription};
use bytes::Bytes;
use std::sync::Arc;
use std::time::Duration;
use tables::table::TableMsg;
use tables::user::UserInfo;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Longest wait for a node to seat a pair.
const SEAT_TIMEOUT: Duration = Duration::from_secs(3);

/// Asks `node` to seat `req`'s pair at `req.table`; `Err` says why not (busy, gone, or the node
/// did not answer: the desk tries another table).
///
/// # Errors
/// Why the pair was not seated, for the logs.
pub async fn seat_at(state: &Site, node: &str, req: &SeatRequest) -> Result<(), String> {
    let payload = Bytes::from(serde_json::to_vec(req).map_err(|e| e.to_string())?);
    let subject = state.broker.subjects().node_seat(node);
    let answer = Failover::ask(state, &subject, &payload, SEAT_TIMEOUT)
        .await
        .map_err(|e| format!("{e:?}"))?;
    match serde_json::from_slice::<SeatReply>(&answer) {
        Ok(SeatReply::Seated) => Ok(()),
        Ok(SeatReply::Refused { why }) => Err(why),
        Err(e) => Err(format!("unreadable reply: {e}")),
    }
}

/// Serves this node's seat requests (a clustered node's relay task).
///
/// # Errors
/// [`BrokerError`] if the subscription fails.
pub async fn start(state: &Site) -> Result<JoinHandle<()>, BrokerError> {
    let subject = state.broker.subjects().node_seat(&state.node.id);
    let sub = state.broker.subscribe(&subject).await?;
    Ok(tokio::spawn(serve(state.clone(), sub)))
}

async fn serve(state: Site, mut sub: Subscription) {
    while let Some(m) = sub.next().await {
        // One at a time would hold every seat behind a slow table: each request is its own task.
        let state = state.clone();
        tokio::spawn(async move {
            let reply = match serde_json::from_slice::<SeatRequest>(&m.payload) {
                Ok(req) => seat(&state, req).await,
                Err(e) => SeatReply::Refused {
                    why: format!("unreadable request: {e}"),
                },
            };
            respond(&m, &reply).await;
        });
    }
}

async fn respond(m: &Message, reply: &SeatReply) {
    if let Ok(payload) = serde_json::to_vec(reply) {
        let _ = m.respond(Bytes::from(payload)).await;
    }
}

/// Hands the pair to the table, if it lives here.
async fn seat(state: &Site, req: SeatRequest) -> SeatReply {
    let refused = |why: &str| SeatReply::Refused {
        why: why.to_owned(),
    };
    let Some(handle) = tables::table::wake(state, req.table) else {
        return refused("the table is not on this node");
    };
    let (Some(red), Some(black)) = (user(state, req.red).await, user(state, req.black).await)
    else {
        return refused("a player is unknown");
    };
    let (reply, answer) = oneshot::channel();
    let msg = TableMsg::SeatPair {
        red,
        black,
        control: req.control,
        rated: req.rated,
        reply,
    };
    if !handle.send(msg).await {
        return refused("the table closed");
    }
    match answer.await {
        Ok(Ok(())) => SeatReply::Seated,
        Ok(Err(why)) => SeatReply::Refused { why },
        Err(_) => refused("the table closed"),
    }
}

async fn user(state: &Site, id: platform::UserId) -> Option<Arc<UserInfo>> {
    match state.db.user(id).await {
        Ok(row) => row.map(|r| Arc::new(UserInfo::from(r))),
        Err(e) => {
            tracing::warn!(user = id.0, "seating a pair: {e}");
            None
        }
    }
}
