//! [`UserSockets`]: every open WebSocket connection by user (with the session it was opened
//! with), for private messages that concern a user wherever they are connected (their
//! `balance`), and to close a session's connections when it logs out.
//!
//! On a cluster (docs/scale.md) a user may also be connected to other nodes: once
//! [`UserSockets::relay_to`] is set, every private message is also handed to the node's user
//! relay (`cluster/users.rs`), which publishes it on `<prefix>.u.<user>`; the other nodes hand
//! it to their own connections of that user with [`UserSockets::send_local`]. With the
//! in-process broker nothing is handed on.

use crate::table::{Close, ConnId, Outbox};
use platform::UserId;
use protocol::ServerMsg;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock};
use tokio::sync::mpsc;

/// A private message on its way to the user's connections on other nodes.
pub type Relayed = (UserId, Arc<str>);

/// One open connection: its outbox and the hash of its session token.
#[derive(Debug)]
struct Conn {
    out: Outbox,
    session: Arc<str>,
}

/// Open connections by user.
#[derive(Debug, Default)]
pub struct UserSockets {
    by_user: RwLock<HashMap<UserId, HashMap<ConnId, Conn>>>,
    /// The same connections by id (what other nodes' tables send reaches one by its id).
    by_conn: RwLock<HashMap<ConnId, Outbox>>,
    /// The user relay's queue (clustered nodes only).
    relay: OnceLock<mpsc::Sender<Relayed>>,
    /// Private messages the relay's full queue could not take.
    relay_dropped: AtomicU64,
}

impl UserSockets {
    /// Registers a new connection of `user`, opened with the session whose token hashes to
    /// `session`.
    pub fn add(&self, user: UserId, conn: ConnId, session: &str, out: Outbox) {
        if let Ok(mut m) = self.by_conn.write() {
            m.insert(conn, out.clone());
        }
        if let Ok(mut m) = self.by_user.write() {
            let session = Arc::from(session);
            m.entry(user)
                .or_default()
                .insert(conn, Conn { out, session });
        }
    }

    /// The outbox of connection `conn`, if it is open on this node.
    #[must_use]
    pub fn outbox(&self, conn: ConnId) -> Option<Outbox> {
        self.by_conn.read().ok()?.get(&conn).cloned()
    }

    /// Forgets a closed connection.
    pub fn remove(&self, user: UserId, conn: ConnId) {
        if let Ok(mut m) = self.by_conn.write() {
            m.remove(&conn);
        }
        if let Ok(mut m) = self.by_user.write() {
            if let Some(conns) = m.get_mut(&user) {
                conns.remove(&conn);
                if conns.is_empty() {
                    m.remove(&user);
                }
            }
        }
    }

    /// Hands every private message from now on also to `relay` (for the user's connections
    /// on other nodes); only the first call counts.
    pub fn relay_to(&self, relay: mpsc::Sender<Relayed>) {
        let _ = self.relay.set(relay);
    }

    /// Sends `msg` to every connection of `user`, on this node and (clustered) on the others;
    /// returns how many of this node's connections got it.
    pub fn send(&self, user: UserId, msg: &ServerMsg<'_>) -> usize {
        let text = msg.to_text();
        if let Some(relay) = self.relay.get() {
            if relay.try_send((user, text.clone())).is_err() {
                self.relay_dropped.fetch_add(1, Ordering::Relaxed);
            }
        }
        self.send_local(user, &text)
    }

    /// Sends `text` (a server message) to `user`'s connections on this node only; returns how
    /// many got it.
    pub fn send_local(&self, user: UserId, text: &Arc<str>) -> usize {
        let outs: Vec<Outbox> = self
            .by_user
            .read()
            .ok()
            .and_then(|m| {
                m.get(&user)
                    .map(|c| c.values().map(|c| c.out.clone()).collect())
            })
            .unwrap_or_default();
        outs.iter().filter(|o| o.send(text.clone())).count()
    }

    /// Private messages not handed to the user relay because its queue was full.
    #[must_use]
    pub fn relay_dropped(&self) -> u64 {
        self.relay_dropped.load(Ordering::Relaxed)
    }

    /// Closes, with `why`, every connection opened with the session `session` (a token hash);
    /// returns how many.
    pub fn close_session(&self, session: &str, why: Close) -> usize {
        self.close_where(|c| &*c.session == session, why)
    }

    /// Closes every connection with `why` (the server is stopping).
    pub fn close_all(&self, why: Close) -> usize {
        self.close_where(|_| true, why)
    }

    fn close_where(&self, pred: impl Fn(&Conn) -> bool, why: Close) -> usize {
        let Ok(m) = self.by_user.read() else {
            return 0;
        };
        let mut n = 0;
        for c in m.values().flat_map(HashMap::values).filter(|c| pred(c)) {
            c.out.close(why);
            n += 1;
        }
        n
    }

    /// How many connections `user` has open.
    #[must_use]
    pub fn count(&self, user: UserId) -> usize {
        self.by_user
            .read()
            .map_or(0, |m| m.get(&user).map_or(0, HashMap::len))
    }
}
