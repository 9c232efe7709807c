//! [`Relays`]: on a clustered node, one relay per table of another node that some connection
//! here watches. A relay receives the table's numbered events once (`<prefix>.t.<table>.ev`,
//! [`super::relay_task`]), keeps the same recent history as the owner's
//! ([`tables::table::History`], one per feed: the live one and the spectators' delayed one) and
//! hands each event to its connections on that feed, so `join {since}` is answered here.
//!
//! What the table sends one connection (its `table_state`, `ack`, errors, private messages)
//! still comes through the connection's stand-in at the owner ([`super::remote_tables`]); each
//! such note names the last event number the table had sent the connection before it
//! (`ConnNote::after`), and waits here, with everything after it for that connection, until
//! the relay handed the connection that event: an `ack` never overtakes its command's events.
//! A `table_state` puts the connection on its feed at its number. A number that jumps (a lost
//! broker message), or a note that waits longer than [`HOLD_MAX`], resyncs the connection:
//! it is sent a fresh `table_state` as after a gap (docs/protocol.md §5; docs/scale.md,
//! "Remote tables").

pub use crate::relay_state::Resync;
use crate::relay_state::{blocked, hand, keep, release, Held, Inner, Member, Pending, Relay};
use platform::{Millis, TableId, UserId};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tables::table::{Close, ConnId, Outbox};
use tokio::task::AbortHandle;

/// Longest a note waits for the events before it; then the connection resyncs.
pub const HOLD_MAX: Duration = Duration::from_secs(1);

/// Feeds (owner runs) a relay keeps at most: the live one and the delayed one, with room for
/// an owner's restart.
const MAX_FEEDS: usize = 4;

/// This node's relays of other nodes' tables.
#[derive(Debug, Default)]
pub struct Relays {
    inner: Mutex<Inner>,
}

/// Why [`Relays::attach`] did not attach.
#[derive(Debug, PartialEq, Eq)]
pub enum Attach {
    /// The table has no relay here yet: subscribe, then attach with its task.
    NeedRelay,
}

impl Relays {
    /// Adds connection `conn` (of `user`) to `table`'s relay, making the relay with `task`
    /// (the task that feeds it) when there is none — `task` is aborted if one was made
    /// meanwhile. `Ok(true)`: the events after `since` were in the relay's history and were
    /// sent (its `join` is answered here); `Ok(false)`: it needs the owner's `table_state`.
    ///
    /// # Errors
    /// [`Attach::NeedRelay`] when there is no relay and no `task` was given.
    pub fn attach(
        &self,
        table: TableId,
        task: Option<AbortHandle>,
        member: (ConnId, UserId, &Outbox),
        since: Option<&(String, u64)>,
    ) -> Result<bool, Attach> {
        let Ok(mut inner) = self.inner.lock() else {
            return Ok(false);
        };
        let relay = match (inner.tables.contains_key(&table), task) {
            (true, task) => {
                if let Some(t) = task {
                    t.abort();
                }
                inner.tables.get_mut(&table)
            }
            (false, None) => return Err(Attach::NeedRelay),
            (false, Some(task)) => {
                let relay = Relay {
                    feeds: HashMap::new(),
                    members: HashMap::new(),
                    task,
                };
                Some(inner.tables.entry(table).or_insert(relay))
            }
        };
        let Some(relay) = relay else {
            return Ok(false);
        };
        let (conn, user, out) = member;
        let mut m = Member {
            out: out.clone(),
            user,
            feed: None,
            last: 0,
            resyncing: false,
        };
        let caught_up = since.and_then(|(epoch, v)| {
            let h = relay.feeds.get(epoch)?;
            let events = h.since(*v)?;
            for e in events {
                out.send(e);
            }
            m.feed = Some(epoch.clone());
            m.last = h.v();
            Some(())
        });
        relay.members.insert(conn, m);
        Ok(caught_up.is_some())
    }

    /// `conn` stops watching `table`; a relay left without connections is dropped.
    pub fn leave(&self, table: TableId, conn: ConnId) {
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        if let Some(relay) = inner.tables.get_mut(&table) {
            relay.members.remove(&conn);
            if relay.members.is_empty() {
                if let Some(r) = inner.tables.remove(&table) {
                    r.task.abort();
                }
            }
        }
        if !inner.tables.values().any(|r| r.members.contains_key(&conn)) {
            inner.held.remove(&conn);
        }
    }

    /// Connection `conn` closed: it leaves every relay (those left without connections are
    /// dropped).
    pub fn drop_conn(&self, conn: ConnId) {
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        inner.held.remove(&conn);
        inner.tables.retain(|_, r| {
            r.members.remove(&conn);
            keep(r)
        });
    }

    /// `table` has a new owner: its relay forgets the old owner's history.
    pub fn reset(&self, table: TableId) {
        if let Ok(mut inner) = self.inner.lock() {
            if let Some(relay) = inner.tables.get_mut(&table) {
                relay.feeds.clear();
            }
        }
    }

    /// How many relays this node keeps.
    #[must_use]
    pub fn len(&self) -> usize {
        self.inner.lock().map_or(0, |i| i.tables.len())
    }

    /// Whether it keeps none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Event `v` of `table`'s feed `feed` arrived at `now`: kept, and handed to the
    /// connections on that feed; returns those that lost their place.
    pub fn event(
        &self,
        table: TableId,
        (feed, v): (&str, u64),
        msg: &Arc<str>,
        now: Millis,
    ) -> Vec<Resync> {
        let Ok(mut inner) = self.inner.lock() else {
            return Vec::new();
        };
        let Some(relay) = inner.tables.get_mut(&table) else {
            return Vec::new();
        };
        if !relay.feeds.contains_key(feed) && relay.feeds.len() >= MAX_FEEDS {
            relay.feeds.clear();
        }
        let h = relay.feeds.entry(feed.to_owned()).or_default();
        if h.v() != 0 && v <= h.v() {
            return Vec::new();
        }
        if h.v() == 0 || v != h.v() + 1 {
            h.restart(v.saturating_sub(1));
        }
        // A `moved` or `undone` carries `legal` (a quote inside a string is escaped, so only a
        // key matches): the previous kept copy is cut down, as the owner's history does.
        let carries_position = msg.contains("\"legal\":");
        h.push(now, carries_position, |_| msg.clone());
        let mut resync = Vec::new();
        let mut moved = Vec::new();
        relay.members.retain(|conn, m| {
            if m.feed.as_deref() == Some(feed) && !m.resyncing && v > m.last {
                if v == m.last + 1 {
                    m.out.send(msg.clone());
                    m.last = v;
                } else {
                    m.resyncing = true;
                    resync.push((table, *conn, m.user));
                }
                moved.push(*conn);
            }
            !m.out.is_closed()
        });
        for conn in moved {
            release(&mut inner, conn, &mut resync);
        }
        resync
    }

    /// A note from a table on another node for connection `conn` (whose outbox is `out`):
    /// handed on now, or once the relays passed the events it comes `after`.
    pub fn note(
        &self,
        conn: ConnId,
        out: &Outbox,
        msg: Option<Arc<str>>,
        close: Option<Close>,
        after: Vec<(TableId, u64)>,
    ) -> Vec<Resync> {
        let mut resync = Vec::new();
        let Ok(mut inner) = self.inner.lock() else {
            return resync;
        };
        let waiting = inner.held.get(&conn).is_some_and(|h| !h.queue.is_empty());
        if waiting || blocked(&inner, conn, &after) {
            let held = inner.held.entry(conn).or_insert_with(|| Held {
                out: out.clone(),
                queue: VecDeque::new(),
            });
            held.queue.push_back(Pending {
                after,
                msg,
                close,
                at: Instant::now(),
            });
            return resync;
        }
        hand(&mut inner, conn, out, msg, close, &mut resync);
        resync
    }

    /// Resyncs the connections whose first waiting note is older than [`HOLD_MAX`] at `now`
    /// (an event was lost) and hands their notes on.
    pub fn sweep(&self, now: Instant) -> Vec<Resync> {
        let mut resync = Vec::new();
        let Ok(mut inner) = self.inner.lock() else {
            return resync;
        };
        inner
            .held
            .retain(|_, h| !h.out.is_closed() && !h.queue.is_empty());
        inner.tables.retain(|_, r| {
            r.members.retain(|_, m| !m.out.is_closed());
            keep(r)
        });
        let late: Vec<(ConnId, Vec<(TableId, u64)>)> = inner
            .held
            .iter()
            .filter_map(|(c, h)| h.queue.front().map(|p| (c, p)))
            .filter(|(_, p)| now.duration_since(p.at) >= HOLD_MAX)
            .map(|(c, p)| (*c, p.after.clone()))
            .collect();
        for (conn, after) in late {
            for (table, _) in after {
                let m = inner
                    .tables
                    .get_mut(&table)
                    .and_then(|r| r.members.get_mut(&conn));
                if let Some(m) = m.filter(|m| !m.resyncing) {
                    m.resyncing = true;
                    resync.push((table, conn, m.user));
                }
            }
            release(&mut inner, conn, &mut resync);
        }
        resync
    }
}

#[cfg(test)]
#[path = "relay_tests.rs"]
mod tests;
