//! What a relay keeps ([`Relay`]: its feeds and members; [`Held`]: notes that wait for their
//! events) and how a waiting note is handed on ([`release`], [`hand`]); [`crate::relay`] holds
//! them under one lock.

use platform::{TableId, UserId};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Instant;
use tables::table::{Close, ConnId, History, Outbox};
use tokio::task::AbortHandle;

/// A connection to send a fresh `table_state` (its relay lost its place): table, connection,
/// user.
pub type Resync = (TableId, ConnId, UserId);

/// A connection watching the table through the relay.
#[derive(Debug)]
pub(crate) struct Member {
    pub(crate) out: Outbox,
    pub(crate) user: UserId,
    /// Its feed's epoch (`None` until its first `table_state` or local catch-up).
    pub(crate) feed: Option<String>,
    /// The last event number it was given on that feed.
    pub(crate) last: u64,
    /// Waiting for the fresh `table_state` it was sent for.
    pub(crate) resyncing: bool,
}

impl Member {
    /// Whether a note after event `v` must wait for this member.
    pub(crate) fn blocks(&self, v: u64) -> bool {
        self.feed.is_some() && !self.resyncing && self.last < v
    }
}

/// One table's relay.
#[derive(Debug)]
pub(crate) struct Relay {
    pub(crate) feeds: HashMap<String, History>,
    pub(crate) members: HashMap<ConnId, Member>,
    pub(crate) task: AbortHandle,
}

/// A note for a connection that waits for its events.
#[derive(Debug)]
pub(crate) struct Pending {
    pub(crate) after: Vec<(TableId, u64)>,
    pub(crate) msg: Option<Arc<str>>,
    pub(crate) close: Option<Close>,
    pub(crate) at: Instant,
}

/// A connection's waiting notes, in order.
#[derive(Debug)]
pub(crate) struct Held {
    pub(crate) out: Outbox,
    pub(crate) queue: VecDeque<Pending>,
}

#[derive(Debug, Default)]
pub(crate) struct Inner {
    pub(crate) tables: HashMap<TableId, Relay>,
    pub(crate) held: HashMap<ConnId, Held>,
}

/// Whether `relay` still has connections; if not, its task is stopped (it is dropped).
pub(crate) fn keep(relay: &Relay) -> bool {
    let any = !relay.members.is_empty();
    if !any {
        relay.task.abort();
    }
    any
}

/// Whether a note for `conn` after `after` must wait.
pub(crate) fn blocked(inner: &Inner, conn: ConnId, after: &[(TableId, u64)]) -> bool {
    after.iter().any(|(table, v)| {
        inner
            .tables
            .get(table)
            .and_then(|r| r.members.get(&conn))
            .is_some_and(|m| m.blocks(*v))
    })
}

/// Hands on `conn`'s waiting notes that need wait no more.
pub(crate) fn release(inner: &mut Inner, conn: ConnId, resync: &mut Vec<Resync>) {
    loop {
        let Some(held) = inner.held.get(&conn) else {
            return;
        };
        let ready = held
            .queue
            .front()
            .is_some_and(|p| !blocked(inner, conn, &p.after));
        if !ready {
            return;
        }
        let out = held.out.clone();
        let Some(p) = inner.held.get_mut(&conn).and_then(|h| h.queue.pop_front()) else {
            return;
        };
        hand(inner, conn, &out, p.msg, p.close, resync);
    }
}

/// Gives `conn` a note: a `table_state` first puts it on its feed at its number, then the
/// relay's newer events follow it.
pub(crate) fn hand(
    inner: &mut Inner,
    conn: ConnId,
    out: &Outbox,
    msg: Option<Arc<str>>,
    close: Option<Close>,
    resync: &mut Vec<Resync>,
) {
    if let Some(msg) = msg {
        let state = crate::relay_wire::state_head(&msg);
        out.send(msg);
        if let Some((table, epoch, v)) = state {
            let relay = inner.tables.get_mut(&table);
            if let Some((feeds, m)) =
                relay.and_then(|r| Some((&r.feeds, r.members.get_mut(&conn)?)))
            {
                m.resyncing = false;
                m.last = v;
                if let Some(h) = feeds.get(&epoch).filter(|h| h.v() > v) {
                    match h.since(v) {
                        Some(events) => {
                            for e in events {
                                m.out.send(e);
                            }
                            m.last = h.v();
                        }
                        None => {
                            m.resyncing = true;
                            resync.push((table, conn, m.user));
                        }
                    }
                }
                m.feed = Some(epoch);
            }
        }
    }
    if let Some(why) = close {
        out.close(why);
    }
}
