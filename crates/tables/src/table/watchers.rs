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
    /// Whether it gets the spectators' delayed feed (`super::spectators`).
    delayed: bool,
}

/// The connections watching a table.
#[derive(Default)]
pub(super) struct Watchers(HashMap<ConnId, Watcher>);

impl Watchers {
    /// The caller's connection watches from now on, on the delayed feed if `delayed`.
    pub(super) fn add(&mut self, caller: &Caller, delayed: bool) {
        let w = Watcher {
            user: caller.user.id,
            out: caller.out.clone(),
            delayed,
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

    /// Every user with a connection here.
    pub(super) fn users(&self) -> Vec<UserId> {
        let mut v: Vec<UserId> = self.0.values().map(|w| w.user).collect();
        v.sort_unstable();
        v.dedup();
        v
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

    /// Sends `msg` to every connection of the live feed (`delayed`: of the delayed one);
    /// forgets those that closed.
    pub(super) fn send_all(&mut self, msg: &Arc<str>, delayed: bool) {
        self.0.retain(|_, w| {
            if w.delayed == delayed {
                w.out.send(msg.clone());
            }
            !w.out.is_closed()
        });
    }

    /// Moves every connection to the feed `delayed(user)` says; returns the outboxes of those
    /// moved, with their new feed (each needs that feed's `table_state`).
    pub(super) fn regroup(&mut self, delayed: impl Fn(UserId) -> bool) -> Vec<(Outbox, bool)> {
        let mut moved = Vec::new();
        for w in self.0.values_mut() {
            let now = delayed(w.user);
            if now != w.delayed {
                w.delayed = now;
                moved.push((w.out.clone(), now));
            }
        }
        moved
    }
}
