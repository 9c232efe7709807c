//! The node running an event's, a ladder's or a league's director serving the other nodes: while the
//! director runs, a subscription on `<prefix>.d.<lease id>` takes each [`DirectorRequest`],
//! hands it to the director as a local command would be, and answers with the director's
//! answer ([`DirectorReply`]): the same acks and refusals as for a local client. A watcher of
//! an event on another node gets a stand-in here ([`super::proxies`]), so the event's live
//! updates reach it as a remote table's do. Only clustered nodes serve (docs/scale.md,
//! "Directors across nodes").

use super::notes::{DirectorReply, DirectorRequest};
use crate::site::Site;
use bus::Message;
use bytes::Bytes;
use events::tournament::DirectorMsg;
use platform::TableId;
use protocol::ServerMsg;
use tables::site::BoxFuture;
use tokio::sync::oneshot;

/// Serves the director whose lease id is `lease` to other nodes until its task ends (`closed`
/// is ready).
pub fn spawn(state: &Site, lease: TableId, closed: BoxFuture<'static, ()>) {
    if state.broker.is_local() {
        return;
    }
    tokio::spawn(serve(state.clone(), lease, closed));
}

async fn serve(state: Site, lease: TableId, mut closed: BoxFuture<'static, ()>) {
    let subject = state.broker.subjects().director(lease);
    let mut sub = match state.broker.subscribe(&subject).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(lease = lease.0, "serving the director to other nodes: {e}");
            return;
        }
    };
    loop {
        let m = tokio::select! {
            m = sub.next() => m,
            () = &mut closed => None,
        };
        let Some(m) = m else { break };
        // Each request on its own: a command waits for its journal write, a view does not.
        let state = state.clone();
        tokio::spawn(async move { answer(&state, &m).await });
    }
}

async fn answer(state: &Site, m: &Message) {
    let reply = match serde_json::from_slice::<DirectorRequest>(&m.payload) {
        Ok(req) => handle(state, req).await,
        Err(e) => {
            tracing::warn!("unreadable director request: {e}");
            refused("unreadable request")
        }
    };
    if let Ok(payload) = serde_json::to_vec(&reply) {
        let _ = m.respond(Bytes::from(payload)).await;
    }
}

fn refused(why: &str) -> DirectorReply {
    DirectorReply::Refused {
        why: why.to_owned(),
    }
}

fn done(state: &Site) -> DirectorReply {
    DirectorReply::Done {
        node: state.node.id.clone(),
    }
}

/// Hands `req` to its director here; [`DirectorReply::Gone`] if none runs here.
async fn handle(state: &Site, req: DirectorRequest) -> DirectorReply {
    match req {
        DirectorRequest::Command { cmd } => {
            let Some(answer) = events::remote::answer_here(state, cmd.as_bytes()).await else {
                return DirectorReply::Gone;
            };
            match String::from_utf8(answer) {
                Ok(answer) => DirectorReply::Answer { answer },
                Err(_) => refused("unwritable answer"),
            }
        }
        DirectorRequest::TWatch {
            event,
            node,
            conn,
            user,
            id,
        } => watch(state, event, (&node, conn, user), id).await,
        DirectorRequest::TUnwatch { event, node, conn } => unwatch(state, event, &node, conn),
    }
}

/// Connection `conn` of `node` watches `event`: its stand-in here gets `t_state` and every
/// `t_ev`, then the `ack` of request `id` (in order, through the one forwarder).
async fn watch(
    state: &Site,
    event: u64,
    (node, conn, user): (&str, u64, platform::UserId),
    id: Option<u64>,
) -> DirectorReply {
    let Some(h) = state.tournaments.get(event) else {
        return DirectorReply::Gone;
    };
    let Some(stand) = super::table_service::stand(state, node, conn, user).await else {
        return refused("unknown user");
    };
    let out = stand.out.clone();
    if !h.send(DirectorMsg::Watch {
        conn: stand.conn,
        out: stand.out,
    }) {
        return DirectorReply::Gone;
    }
    // The director has sent the state once it answers this (one message at a time).
    let (tx, rx) = oneshot::channel();
    if !h.send(DirectorMsg::View(tx)) || rx.await.is_err() {
        return DirectorReply::Gone;
    }
    if let Some(id) = id {
        out.send_msg(&ServerMsg::Ack { id });
    }
    done(state)
}

/// Connection `conn` of `node`, which watched `event`, closed: the director drops its
/// stand-in, and this node forgets it unless it still watches a table here.
fn unwatch(state: &Site, event: u64, node: &str, conn: u64) -> DirectorReply {
    let Some(h) = state.tournaments.get(event) else {
        return DirectorReply::Gone;
    };
    if let Some(stand) = state.remote.proxies.find_stand(node, conn) {
        h.send(DirectorMsg::Unwatch { conn: stand.conn });
    }
    state.remote.proxies.forget_idle(node, conn);
    done(state)
}
