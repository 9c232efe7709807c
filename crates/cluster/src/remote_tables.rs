//! On the node a client is connected to: its messages for tables that live on other nodes.
//! Each goes to the table's owner as a request on `<prefix>.t.<table>.cmd`
//! ([`super::table_service`]); what the table answers comes back on `<prefix>.n.<node>` and is
//! handed to the connection ([`deliver`]), so the client protocol does not change. While the
//! owner is unreachable (it died and its lease has not yet been taken over) the message is
//! retried until the lease plus a margin has passed. When a table gets a new owner
//! ([`OwnerNote`] on `<prefix>.own`), the connections here whose join another node took are
//! closed with "table moved" and join again, as a local table's watchers are when it moves
//! (docs/scale.md, "Remote tables").

use super::failover::Failover;
use super::notes::{ConnNote, OwnerNote, TableReply, TableRequest};
use super::relay::Resync;
use crate::site::Site;
use bus::{BrokerError, RequestError, Subscription};
use bytes::Bytes;
use platform::{TableId, UserId};
use serde_json::value::RawValue;
use std::time::Duration;
use tables::table::{Close, ConnId};
use tokio::task::JoinHandle;

/// Longest wait for an owner to take one request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(2);

/// Why a message did not reach a remote table.
#[derive(Debug, PartialEq, Eq)]
pub enum RemoteError {
    /// No node has such a table.
    NotFound,
    /// Its owner could not be reached in time.
    Unavailable,
}

/// Sends the client message `text` of connection `conn` (of `user`) to `table`'s owner;
/// `Ok`: the node that took it.
///
/// # Errors
/// [`RemoteError`] when no node has the table, or its owner stays unreachable.
pub async fn send(
    state: &Site,
    table: TableId,
    conn: ConnId,
    user: UserId,
    text: &str,
) -> Result<String, RemoteError> {
    let msg = serde_json::from_str::<&RawValue>(text).map_err(|_| RemoteError::NotFound)?;
    let req = TableRequest {
        node: &state.node.id,
        conn: conn.0,
        user,
        msg: Some(msg),
    };
    request(state, table, &req).await
}

/// Tells `table`'s owner that connection `conn` closed, so that the player there counts as
/// gone; tried like any message while the owner or the broker is away for a moment.
pub async fn closed(state: &Site, table: TableId, conn: ConnId, user: UserId) {
    state.remote.watch.remove(table, conn);
    state.remote.relays.leave(table, conn);
    let req = TableRequest {
        node: &state.node.id,
        conn: conn.0,
        user,
        msg: None,
    };
    if let Err(e) = request(state, table, &req).await {
        tracing::info!(
            table = table.0,
            "telling a remote table a connection closed: {e:?}"
        );
    }
}

async fn request(
    state: &Site,
    table: TableId,
    req: &TableRequest<'_>,
) -> Result<String, RemoteError> {
    let payload = Bytes::from(serde_json::to_vec(req).map_err(|_| RemoteError::NotFound)?);
    let subject = state.broker.subjects().table_cmd(table);
    let tries = Failover::start(state);
    loop {
        let answer = Failover::ask(state, &subject, &payload, REQUEST_TIMEOUT).await;
        let reply = answer
            .as_ref()
            .ok()
            .and_then(|r| serde_json::from_slice::<TableReply>(r).ok());
        if let Some(TableReply::Taken { node }) = reply {
            return Ok(node);
        }
        match answer {
            // No table of that id anywhere (never claimed by any node).
            Err(RequestError::NoResponders)
                if matches!(state.db.table_owner(table).await, Ok(None)) =>
            {
                return Err(RemoteError::NotFound);
            }
            // Moved, no owner yet, or the owner is slow: try again.
            _ => {}
        }
        if !tries.wait().await {
            return Err(RemoteError::Unavailable);
        }
    }
}

/// Announces that this node owns `table` now (the other nodes' watchers of it join again).
pub async fn announce_owner(state: &Site, table: TableId) {
    if state.broker.is_local() {
        return;
    }
    let note = OwnerNote {
        table,
        node: state.node.id.clone(),
    };
    let Ok(payload) = serde_json::to_vec(&note) else {
        return;
    };
    let subject = state.broker.subjects().own();
    if let Err(e) = state.broker.publish(&subject, Bytes::from(payload)).await {
        tracing::warn!(table = table.0, "announcing the table's owner: {e}");
    }
}

/// Subscribes to what other nodes' tables send this node's connections and to owner changes,
/// and starts the tasks that hand them on.
///
/// # Errors
/// [`BrokerError`] if a subscription fails.
pub async fn start(state: &Site) -> Result<Vec<JoinHandle<()>>, BrokerError> {
    let subjects = state.broker.subjects();
    let conns = state
        .broker
        .subscribe(&subjects.node_conns(&state.node.id))
        .await?;
    let owners = state.broker.subscribe(&subjects.own()).await?;
    Ok(vec![
        tokio::spawn(deliver(state.clone(), conns)),
        tokio::spawn(rejoin(state.clone(), owners)),
    ])
}

/// Hands each [`ConnNote`] to its connection here, after the events it follows
/// ([`super::relay`]).
async fn deliver(state: Site, mut sub: Subscription) {
    while let Some(m) = sub.next().await {
        let Ok(note) = serde_json::from_slice::<ConnNote<'_>>(&m.payload) else {
            tracing::warn!("unreadable note for a connection");
            continue;
        };
        let conn = ConnId(note.conn);
        let Some(out) = state.sockets.outbox(conn) else {
            continue;
        };
        let msg = note.msg.map(|m| std::sync::Arc::from(m.get()));
        let close = note.close.map(Close::from_code);
        let resync = state.remote.relays.note(conn, &out, msg, close, note.after);
        resync_all(&state, resync);
    }
}

/// On a table's new owner, closes this node's connections that watched it there.
async fn rejoin(state: Site, mut sub: Subscription) {
    while let Some(m) = sub.next().await {
        let Ok(note) = serde_json::from_slice::<OwnerNote>(&m.payload) else {
            continue;
        };
        state.remote.relays.reset(note.table);
        for out in state.remote.watch.moved(note.table, &note.node) {
            out.close(Close::TABLE_MOVED);
        }
    }
}

/// Sends each connection that lost its place a fresh `table_state` (its `join`, again,
/// without `since`, to the table's owner).
pub fn resync_all(state: &Site, resync: Vec<Resync>) {
    for (table, conn, user) in resync {
        tracing::info!(table = table.0, conn = conn.0, "relay resync");
        let state = state.clone();
        tokio::spawn(async move {
            let text = format!(r#"{{"t":"join","table":{}}}"#, table.0);
            let sent = send(&state, table, conn, user, &text).await;
            if let Err(e) = sent {
                tracing::info!(table = table.0, "relay resync: {e:?}");
            }
        });
    }
}
