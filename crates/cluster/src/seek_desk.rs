//! One seek desk per site: quick pairing, open seeks and challenges are decided by the desk of
//! the node that holds the desk's lease ([`DESK_LEASE`], a `table_owner` row claimed like an
//! event's). Every node runs a desk task, but only the holder's gets commands: the other nodes
//! send their clients' seek messages to it as [`SeekRequest`]s on `<prefix>.seeks`; the holder
//! hands each to its desk with the connection's stand-in ([`super::proxies`]) as the asker, so
//! its `ack` or `error` reaches the client as a local desk's would, and what the desk tells
//! users privately (`seek_waiting`, `seek_paired`, …) reaches every node through the user
//! relay. Pairs are seated at the holder's free tables; players elsewhere join them there as any
//! remote table. Every beat each node claims the lease: a live holder keeps it; once the
//! holder's beat is stale another node's claim is granted and its desk takes over — the seeks
//! waiting at the dead desk are lost, and players seek again (docs/scale.md, "The seek desk").

use super::failover::Failover;
use super::notes::{DeskReply, SeekRequest};
use crate::site::Site;
use bus::{Message, RequestError, Subscription};
use bytes::Bytes;
use platform::{TableId, UserId};
use serde_json::value::RawValue;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tables::route::{self, Route};
use tables::seek::{Asker, DeskMsg};
use tables::table::ConnId;

/// The lease id of the site's seek desk (above every event's and ladder's lease).
pub const DESK_LEASE: TableId = TableId(9_000_000_000_000_000);

/// Longest wait for the desk's node to take one message.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(2);

/// Whether seek messages go to this node's own desk: one node, or this node holds the lease.
#[must_use]
pub fn here(state: &Site) -> bool {
    state.broker.is_local() || state.remote.desk_here.load(Ordering::Relaxed)
}

/// Hands `msg` to the site's desk: this node's, or as the client's `text` (of connection `conn`
/// of `user`) to the node that holds the desk. `false`: no desk could take it.
pub async fn send(state: &Site, msg: DeskMsg, (conn, user, text): (ConnId, UserId, &str)) -> bool {
    if here(state) {
        return state.seeks.send(msg).await;
    }
    let Ok(raw) = serde_json::from_str::<&RawValue>(text) else {
        return false;
    };
    let req = SeekRequest {
        node: &state.node.id,
        conn: conn.0,
        user,
        msg: Some(raw),
        last: false,
    };
    match request(state, &req).await {
        Some(taken) => taken,
        // This node took the desk over while the message waited.
        None => state.seeks.send(msg).await,
    }
}

/// The connection `conn` of `user` closed (it `sought`: sent the desk something): the desk
/// drops their seeks if it was their last connection (on this node; the desk's node also
/// counts its own), and the desk's node forgets the connection's stand-in.
pub async fn closed(state: &Site, user: UserId, conn: ConnId, sought: bool) {
    if here(state) {
        let _ = state.seeks.send(DeskMsg::Closed { user }).await;
        return;
    }
    let last = state.sockets.count(user) == 0;
    if !last && !sought {
        return;
    }
    let req = SeekRequest {
        node: &state.node.id,
        conn: conn.0,
        user,
        msg: None,
        last,
    };
    if request(state, &req).await.is_none() {
        let _ = state.seeks.send(DeskMsg::Closed { user }).await;
    }
}

/// Sends `req` to the desk's node: `Some(taken)`, or `None` once this node holds the desk
/// itself (the caller hands the message to its own desk).
async fn request(state: &Site, req: &SeekRequest<'_>) -> Option<bool> {
    let Ok(payload) = serde_json::to_vec(req) else {
        return Some(false);
    };
    let payload = Bytes::from(payload);
    let subject = state.broker.subjects().seeks();
    let tries = Failover::start(state);
    loop {
        let answer = Failover::ask(state, &subject, &payload, REQUEST_TIMEOUT).await;
        let reply = answer
            .as_ref()
            .ok()
            .and_then(|r| serde_json::from_slice::<DeskReply>(r).ok());
        if reply == Some(DeskReply::Taken) {
            return Some(true);
        }
        if let Err(RequestError::Broker(e)) = &answer {
            tracing::warn!("seek desk request: {e}");
        }
        // This node may have taken the desk over meanwhile.
        if here(state) {
            return None;
        }
        if !tries.wait().await {
            return Some(false);
        }
    }
}

/// Starts the task that claims the desk's lease every beat and, while this node holds it,
/// serves `<prefix>.seeks` (nothing with the in-process broker: the one node's desk is the
/// site's).
pub fn spawn(state: &Site) {
    if state.broker.is_local() {
        return;
    }
    tokio::spawn(hold(state.clone()));
}

async fn hold(state: Site) {
    let mut every = tokio::time::interval(Duration::from_millis(state.node.beat_ms.max(100)));
    let mut serving: Option<Subscription> = None;
    loop {
        tokio::select! {
            _ = every.tick() => {}
            m = next(&mut serving) => {
                if let Some(m) = m {
                    let state = state.clone();
                    tokio::spawn(async move { take(&state, &m).await });
                }
                continue;
            }
        }
        let held = match holds(&state, serving.is_some()).await {
            Ok(held) => held,
            Err(e) => {
                tracing::warn!("claiming the seek desk: {e}");
                continue;
            }
        };
        state.remote.desk_here.store(held, Ordering::Relaxed);
        match (held, serving.is_some()) {
            (true, false) => {
                match state
                    .broker
                    .subscribe(&state.broker.subjects().seeks())
                    .await
                {
                    Ok(sub) => {
                        tracing::info!("this node runs the site's seek desk");
                        serving = Some(sub);
                    }
                    Err(e) => tracing::warn!("serving the seek desk: {e}"),
                }
            }
            (false, true) => {
                tracing::warn!("another node runs the seek desk now");
                serving = None;
            }
            _ => {}
        }
    }
}

/// Whether this node holds the desk's lease: while it serves, whether the lease is still its
/// own; else whether a claim is granted (a live holder keeps it).
async fn holds(state: &Site, serving: bool) -> Result<bool, store::StoreError> {
    if serving {
        let owner = state.db.table_owner(DESK_LEASE).await?;
        return Ok(owner.is_some_and(|o| o.node == state.node.id));
    }
    Ok(state.node.claim(&state.db, DESK_LEASE).await?.is_some())
}

/// The next request while serving; never while not.
async fn next(serving: &mut Option<Subscription>) -> Option<Message> {
    match serving {
        Some(sub) => sub.next().await,
        None => std::future::pending().await,
    }
}

/// Hands one request to this node's desk.
async fn take(state: &Site, m: &Message) {
    let reply = if here(state) {
        hand(state, m).await;
        DeskReply::Taken
    } else {
        DeskReply::Gone
    };
    if let Ok(payload) = serde_json::to_vec(&reply) {
        let _ = m.respond(Bytes::from(payload)).await;
    }
}

async fn hand(state: &Site, m: &Message) {
    let Ok(req) = serde_json::from_slice::<SeekRequest<'_>>(&m.payload) else {
        tracing::warn!("unreadable seek request");
        return;
    };
    let Some(text) = req.msg else {
        state.remote.proxies.forget_idle(req.node, req.conn);
        if req.last && state.sockets.count(req.user) == 0 {
            let _ = state.seeks.send(DeskMsg::Closed { user: req.user }).await;
        }
        return;
    };
    let stand = if req.node == state.node.id {
        super::table_service::local(state, req.conn, req.user).await
    } else {
        super::table_service::stand(state, req.node, req.conn, req.user).await
    };
    let Some(stand) = stand else { return };
    let Ok(env) = protocol::parse(text.get()) else {
        return;
    };
    let asker = Asker {
        user: stand.user,
        out: stand.out,
        id: env.id,
    };
    let msg = match route::route(env.msg) {
        Ok(Route::Seek(asked)) => DeskMsg::Seek { asker, asked },
        Ok(Route::SeekAccept { seek, key }) => DeskMsg::Accept { asker, seek, key },
        Ok(Route::SeekCancel { seek }) => DeskMsg::Cancel { asker, seek },
        Ok(Route::SeekDecline { seek }) => DeskMsg::Decline { asker, seek },
        _ => return,
    };
    let _ = state.seeks.send(msg).await;
}
