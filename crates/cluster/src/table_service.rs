//! A table's owner serving the connections of other nodes: while the table's task runs, a
//! subscription on `<prefix>.t.<table>.cmd` takes each [`TableRequest`], gives the connection
//! its stand-in here ([`super::proxies`]) and hands the message to the table as if the
//! connection were local; the reply says only that the table took it (what the table answers
//! reaches the connection through its stand-in, events before the `ack`). Only clustered
//! nodes serve (docs/scale.md, "Remote tables").

use super::notes::{ConnNote, TableReply, TableRequest};
use super::proxies::{Ends, Stand};
use crate::site::Site;
use bus::{Message, Subject};
use bytes::Bytes;
use platform::{TableId, UserId};
use protocol;
use protocol::error_code::{ErrorCode, ErrorMsg};
use serde_json::value::RawValue;
use std::sync::Arc;
use tables::table::{Caller, Close, ConnId, TableHandle, TableMsg};
use tables::table_route::{table_msg, Routed};
use tables::user::UserInfo;

/// Serves `table` to other nodes for as long as this node holds it (its task started on
/// first use by `tables::table::wake` when it is dormant).
pub fn spawn(state: &Site, table: TableId) {
    if state.broker.is_local() {
        return;
    }
    let (keep, held) = tokio::sync::mpsc::channel(1);
    state.tables.keep(table, held);
    tokio::spawn(serve(state.clone(), table, keep));
}

async fn serve(state: Site, table: TableId, keep: tokio::sync::mpsc::Sender<()>) {
    let subject = state.broker.subjects().table_cmd(table);
    let mut sub = match state.broker.subscribe(&subject).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(table = table.0, "serving the table to other nodes: {e}");
            return;
        }
    };
    loop {
        let m = tokio::select! {
            m = sub.next() => m,
            () = keep.closed() => None,
        };
        let Some(m) = m else { break };
        let reply = match tables::table::wake(&state, table) {
            Some(handle) => take(&state, table, &handle, &m).await,
            None => TableReply::Gone,
        };
        let gone = reply == TableReply::Gone;
        if let Ok(payload) = serde_json::to_vec(&reply) {
            let _ = m.respond(Bytes::from(payload)).await;
        }
        if gone {
            break;
        }
    }
}

/// Hands one request to the table.
async fn take(state: &Site, table: TableId, handle: &TableHandle, m: &Message) -> TableReply {
    let taken = TableReply::Taken {
        node: state.node.id.clone(),
    };
    let Ok(req) = serde_json::from_slice::<TableRequest<'_>>(&m.payload) else {
        tracing::warn!(table = table.0, "unreadable table request");
        return taken;
    };
    let proxies = &state.remote.proxies;
    let Some(text) = req.msg else {
        // The connection closed.
        if let Some(stand) = proxies.find_stand(req.node, req.conn) {
            if !handle.send(TableMsg::Closed { conn: stand.conn }).await {
                return TableReply::Gone;
            }
            proxies.watches(req.node, req.conn, table, false);
        }
        return taken;
    };
    // From this node itself (the table came here while the request was on its way): the
    // connection is local, the table answers it directly.
    let own = req.node == state.node.id;
    let stand = if own {
        local(state, req.conn, req.user).await
    } else {
        stand(state, req.node, req.conn, req.user).await
    };
    let Some(stand) = stand else {
        return taken;
    };
    let Ok(env) = protocol::parse(text.get()) else {
        // The connection's node parsed it already: nothing else sends here.
        return taken;
    };
    let id = env.id;
    let caller = Caller {
        conn: stand.conn,
        user: stand.user.clone(),
        out: stand.out.clone(),
        id,
    };
    let routed = tables::route::route(env.msg)
        .ok()
        .map(|r| table_msg(r, caller));
    let Some(Routed::Table(to, msg)) =
        routed.filter(|r| matches!(r, Routed::Table(t, _) if *t == table))
    else {
        stand.out.send_error(&ErrorMsg::new(
            id,
            ErrorCode::BadMessage,
            "not for this table",
        ));
        return taken;
    };
    let watching = msg.watching();
    if !handle.send(msg).await {
        return TableReply::Gone;
    }
    if let (Some(on), false) = (watching, own) {
        proxies.watches(req.node, req.conn, to, on);
    }
    taken
}

/// A connection of this node, as a table's caller: its own id and outbox.
pub(crate) async fn local(state: &Site, conn: u64, user: UserId) -> Option<Stand> {
    let out = state.sockets.outbox(ConnId(conn))?;
    let user: Arc<UserInfo> = Arc::new(state.db.user(user).await.ok()??.into());
    Some(Stand {
        conn: ConnId(conn),
        user,
        out,
    })
}

/// The stand-in of connection `conn` of `node` (user `user`), made on first use (the user read
/// once, its forwarder started).
pub(crate) async fn stand(state: &Site, node: &str, conn: u64, user: UserId) -> Option<Stand> {
    let proxies = &state.remote.proxies;
    if let Some(s) = proxies.find_stand(node, conn) {
        return Some(s);
    }
    let info: Arc<UserInfo> = match state.db.user(user).await {
        Ok(Some(row)) => Arc::new(row.into()),
        Ok(None) => return None,
        Err(e) => {
            tracing::warn!(user = user.0, "remote connection's user: {e}");
            return None;
        }
    };
    let (stand, ends) = proxies.add(node, conn, info)?;
    if let Some(ends) = ends {
        let to = Arc::from(node);
        tokio::spawn(forward(state.clone(), to, conn, stand.conn, ends));
    }
    Some(stand)
}

/// Publishes what the stand-in `id` of connection `conn` of `node` receives, in order, then
/// its close; forgets it once its outbox is closed or dropped.
async fn forward(state: Site, node: Arc<str>, conn: u64, id: ConnId, ends: Ends) {
    let (mut rx, mut closing) = ends;
    let subject = state.broker.subjects().node_conns(&node);
    // The numbered events sent since the last note: the node's relay delivers them.
    let mut after: Vec<(TableId, u64)> = Vec::new();
    let close = loop {
        // Decided first, acted on after: no borrow of the close signal lives across a publish.
        let next = tokio::select! {
            biased;
            m = rx.recv() => Ok(m),
            c = closing.wait_for(Option::is_some) => Err(c.ok().and_then(|c| *c)),
        };
        match next {
            Ok(Some(text)) => {
                if let Some((table, v)) = event_number(&text) {
                    match after.iter_mut().find(|(t, _)| *t == table) {
                        Some(a) => a.1 = v,
                        None => after.push((table, v)),
                    }
                    continue;
                }
                let Ok(msg) = serde_json::from_str::<&RawValue>(&text) else {
                    continue;
                };
                let note = ConnNote {
                    conn,
                    msg: Some(msg),
                    close: None,
                    after: std::mem::take(&mut after),
                };
                publish(&state, &subject, &note).await;
            }
            Ok(None) => break None,
            Err(why) => break why,
        }
    };
    if let Some(why) = close.filter(|c| *c != Close::GONE) {
        let note = ConnNote {
            conn,
            msg: None,
            close: Some(why.code),
            after,
        };
        publish(&state, &subject, &note).await;
    }
    state.remote.proxies.forget(&node, conn, id);
}

/// The table and number of a numbered table event (`{"t":"ev",…}`), which remote connections
/// get from their node's relay rather than one by one.
fn event_number(text: &str) -> Option<(TableId, u64)> {
    #[derive(serde::Deserialize)]
    struct Head {
        table: TableId,
        v: u64,
    }
    if !text.starts_with(r#"{"t":"ev","#) {
        return None;
    }
    let head = serde_json::from_str::<Head>(text).ok()?;
    Some((head.table, head.v))
}

async fn publish(state: &Site, subject: &Subject, note: &ConnNote<'_>) {
    let Ok(payload) = serde_json::to_vec(note) else {
        return;
    };
    if let Err(e) = state.broker.publish(subject, Bytes::from(payload)).await {
        tracing::warn!(%subject, "remote connection: {e}");
    }
}
