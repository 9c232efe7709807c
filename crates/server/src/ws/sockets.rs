//! [`UserSockets`]: every open WebSocket connection by user, for private messages that concern
//! a user wherever they are connected (their `balance`), not a table.

use crate::table::{ConnId, Outbox};
use platform::UserId;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// Open connections by user.
#[derive(Debug, Default)]
pub struct UserSockets {
    by_user: RwLock<HashMap<UserId, HashMap<ConnId, Outbox>>>,
}

impl UserSockets {
    /// Registers a new connection of `user`.
    pub fn add(&self, user: UserId, conn: ConnId, out: Outbox) {
        if let Ok(mut m) = self.by_user.write() {
            m.entry(user).or_default().insert(conn, out);
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
    pub fn send(&self, user: UserId, msg: &Value) -> usize {
        let outs: Vec<Outbox> = self
            .by_user
            .read()
            .ok()
            .and_then(|m| m.get(&user).map(|c| c.values().cloned().collect()))
            .unwrap_or_default();
        let text: Arc<str> = Arc::from(msg.to_string());
        outs.iter().filter(|o| o.send(text.clone())).count()
    }

    /// How many connections `user` has open.
    #[must_use]
    pub fn count(&self, user: UserId) -> usize {
        self.by_user
            .read()
            .map_or(0, |m| m.get(&user).map_or(0, HashMap::len))
    }
}
