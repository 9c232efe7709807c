//! [`RemoteWatch`]: this node's connections that watch tables of other nodes, by table, with the
//! node that answered each one's `join`, so that they can be told to join again when such a
//! table gets another owner (`remote_tables`).

use platform::TableId;
use std::collections::HashMap;
use std::sync::Mutex;
use tables::table::{ConnId, Outbox};

/// A connection watching a table of another node.
#[derive(Debug)]
struct Watching {
    out: Outbox,
    /// The node whose table took its `join` (`None` while the join is on its way).
    owner: Option<String>,
    /// The event it watches, when `table` is an event director's lease.
    event: Option<u64>,
}

/// The connections of this node that watch tables of other nodes.
#[derive(Debug, Default)]
pub struct RemoteWatch {
    by_table: Mutex<HashMap<TableId, HashMap<ConnId, Watching>>>,
}

impl RemoteWatch {
    /// `conn` is joining `table` (of another node).
    pub fn add(&self, table: TableId, conn: ConnId, out: &Outbox) {
        self.add_watch(table, None, conn, out);
    }

    /// `conn` is watching event `event`, whose director (lease id `lease`) runs on another node.
    pub fn add_event(&self, lease: TableId, event: u64, conn: ConnId, out: &Outbox) {
        self.add_watch(lease, Some(event), conn, out);
    }

    fn add_watch(&self, table: TableId, event: Option<u64>, conn: ConnId, out: &Outbox) {
        if let Ok(mut m) = self.by_table.lock() {
            let w = Watching {
                out: out.clone(),
                owner: None,
                event,
            };
            m.entry(table).or_default().insert(conn, w);
        }
    }

    /// `conn`'s join of `table` was taken by the table on `node`.
    pub fn joined(&self, table: TableId, conn: ConnId, node: &str) {
        if let Ok(mut m) = self.by_table.lock() {
            if let Some(w) = m.get_mut(&table).and_then(|c| c.get_mut(&conn)) {
                w.owner = Some(node.to_owned());
            }
        }
    }

    /// `conn` stopped watching `table`.
    pub fn remove(&self, table: TableId, conn: ConnId) {
        if let Ok(mut m) = self.by_table.lock() {
            if let Some(conns) = m.get_mut(&table) {
                conns.remove(&conn);
                if conns.is_empty() {
                    m.remove(&table);
                }
            }
        }
    }

    /// `conn` closed: forgets every table it watched; returns those tables with the node that
    /// took each join (if known) and the event watched (for a director's lease).
    pub fn drop_conn(&self, conn: ConnId) -> Vec<(TableId, Option<String>, Option<u64>)> {
        let Ok(mut m) = self.by_table.lock() else {
            return Vec::new();
        };
        let mut dropped = Vec::new();
        m.retain(|table, conns| {
            if let Some(w) = conns.remove(&conn) {
                dropped.push((*table, w.owner, w.event));
            }
            !conns.is_empty()
        });
        dropped
    }

    /// `table` is `owner`'s now: forgets and returns the watchers whose join another node took
    /// (those still joining are answered by whoever holds the table, so they stay).
    pub fn moved(&self, table: TableId, owner: &str) -> Vec<Outbox> {
        let Ok(mut m) = self.by_table.lock() else {
            return Vec::new();
        };
        let Some(conns) = m.get_mut(&table) else {
            return Vec::new();
        };
        let stale: Vec<ConnId> = conns
            .iter()
            .filter(|(_, w)| w.owner.as_deref().is_some_and(|o| o != owner))
            .map(|(c, _)| *c)
            .collect();
        let outs = stale
            .iter()
            .filter_map(|c| conns.remove(c))
            .map(|w| w.out)
            .collect();
        if conns.is_empty() {
            m.remove(&table);
        }
        outs
    }
}
