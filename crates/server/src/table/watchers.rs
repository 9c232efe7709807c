//! [`Watchers`]: the connections watching a table, by connection, with their users.

use super::caller::Caller;
use super::outbox::{ConnId, Outbox};
use platform::UserId;
use std::collections::HashMap;
use std::sync::Arc;

/// A connection watching the table.
struct Watcher {
    user: UserId,
    out: Outbox,
}

/// The connections watching a table.
#[derive(Default)]
pub(super) struct Watchers(HashMap<ConnId, Watcher>);

impl Watchers {
    /// The caller's connection watches from now on.
    pub(super) fn add(&mut self, caller: &Caller) {
        let w = Watcher {
            user: caller.user.id,
            out: caller.out.clone(),
        };
        self.0.insert(caller.conn, w);
    }

    /// `conn` stops watching; returns its user.
    pub(super) fn remove(&mut self, conn: ConnId) -> Option<UserId> {
        self.0.remove(&conn).map(|w| w.user)
    }

    /// Whether `conn` watches.
    pub(super) fn has(&self, conn: ConnId) -> bool {
        self.0.contains_key(&conn)
    }

    /// Whether any connection of `user` watches.
    pub(super) fn has_user(&self, user: UserId) -> bool {
        self.0.values().any(|w| w.user == user)
    }

    /// Whether nobody watches.
    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Sends `msg` to every connection of `user`.
    pub(super) fn send_to(&self, user: UserId, msg: &Arc<str>) {
        for w in self.0.values().filter(|w| w.user == user) {
            w.out.send(msg.clone());
        }
    }

    /// Closes every watching connection with `why` and forgets them all.
    pub(super) fn close_all(&mut self, why: super::outbox::Close) {
        for (_, w) in self.0.drain() {
            w.out.close(why);
        }
    }

    /// Sends `msg` to every connection; forgets those that closed.
    pub(super) fn send_all(&mut self, msg: &Arc<str>) {
        self.0.retain(|_, w| {
            w.out.send(msg.clone());
            !w.out.is_closed()
        });
    }
}
