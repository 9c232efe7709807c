//! The user relay: private messages (`balance`, `my_bet`, challenges, …) for a user's
//! connections on other nodes. [`tables::sockets::UserSockets::send`] hands each message to
//! this node's queue; the relay publishes it on `<prefix>.u.<user>`. One subscription per node
//! on `<prefix>.u.*` takes in the other nodes' messages and hands them to this node's
//! connections of the user; a node skips its own notes, so no connection gets a message twice.
//! Only clustered nodes run it.

use super::notes::UserNote;
use crate::site::Site;
use bus::{BrokerError, Subscription};
use bytes::Bytes;
use std::sync::Arc;
use tables::sockets::Relayed;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Private messages waiting to be published; more are dropped (and counted by `UserSockets`).
pub const USER_QUEUE: usize = 4_096;

/// Subscribes to every user's subject, then starts the relay's two tasks (publishing this
/// node's private messages, delivering other nodes').
///
/// # Errors
/// [`BrokerError`] if the subscription fails.
pub async fn start(state: &Site) -> Result<Vec<JoinHandle<()>>, BrokerError> {
    let sub = state
        .broker
        .subscribe(&state.broker.subjects().every_user())
        .await?;
    let (tx, rx) = mpsc::channel(USER_QUEUE);
    state.sockets.relay_to(tx);
    Ok(vec![
        tokio::spawn(publish(state.clone(), rx)),
        tokio::spawn(deliver(state.clone(), sub)),
    ])
}

async fn publish(state: Site, mut rx: mpsc::Receiver<Relayed>) {
    let me = state.cluster.node_id.as_str();
    while let Some((user, text)) = rx.recv().await {
        let Ok(msg) = serde_json::from_str(&text) else {
            continue;
        };
        let note = UserNote {
            node: me,
            user,
            msg,
        };
        let Ok(payload) = serde_json::to_vec(&note) else {
            continue;
        };
        let subject = state.broker.subjects().user(user);
        if let Err(e) = state.broker.publish(&subject, Bytes::from(payload)).await {
            tracing::warn!(user = user.0, "user relay: {e}");
        }
    }
}

async fn deliver(state: Site, mut sub: Subscription) {
    let me = state.cluster.node_id.as_str();
    while let Some(m) = sub.next().await {
        match serde_json::from_slice::<UserNote<'_>>(&m.payload) {
            Ok(note) if note.node == me => {}
            Ok(note) => {
                state
                    .sockets
                    .send_local(note.user, &Arc::from(note.msg.get()));
            }
            Err(e) => tracing::warn!(subject = m.subject, "user relay: unreadable note: {e}"),
        }
    }
}
