//! [`UserSockets`]: every open WebSocket connection by user (with the session it was opened
//! with), for private messages that concern a user wherever they are connected (their
//! `balance`), and to close a session's connections when it logs out.

use crate::table::{Close, ConnId, Outbox};
use crate::ws::protocol::ServerMsg;
use platform::UserId;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

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
}

impl UserSockets {
    /// Registers a new connection of `user`, opened with the session whose token hashes to
    /// `session`.
    pub fn add(&self, user: UserId, conn: ConnId, session: &str, out: Outbox) {
        if let Ok(mut m) = self.by_user.write() {
            let session = Arc::from(session);
            m.entry(user)
                .or_default()
                .insert(conn, Conn { out, session });
        }
    }

    /// Forgets a closed connection.
    pub fn remove(&self, user: UserId, conn: ConnId) {
        if let Ok(mut m) = self.by_user.write() {
            if let Some(conns) = m.get_mut(&user) {
                conns.remove(&conn);
                if conns.is_empty() {
                    m.remove(&user);
                }
            }
        }
    }

    /// Sends `msg` to every connection of `user`; returns how many got it.
    pub fn send(&self, user: UserId, msg: &ServerMsg<'_>) -> usize {
        let outs: Vec<Outbox> = self
            .by_user
            .read()
            .ok()
            .and_then(|m| {
                m.get(&user)
                    .map(|c| c.values().map(|c| c.out.clone()).collect())
            })
            .unwrap_or_default();
        let text = msg.to_text();
        outs.iter().filter(|o| o.send(text.clone())).count()
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
