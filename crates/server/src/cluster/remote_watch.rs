//! [`RemoteWatch`]: this node's connections that watch tables of other nodes, by table, so that
//! they can be told to join again when such a table gets a new owner (`remote_tables`).

use crate::table::{ConnId, Outbox};
use platform::TableId;
use std::collections::HashMap;
use std::sync::Mutex;

/// The connections of this node that watch tables of other nodes.
#[derive(Debug, Default)]
pub struct RemoteWatch {
    by_table: Mutex<HashMap<TableId, HashMap<ConnId, Outbox>>>,
}

impl RemoteWatch {
    /// `conn` watches `table` (of another node) from now on.
    pub fn add(&self, table: TableId, conn: ConnId, out: &Outbox) {
        if let Ok(mut m) = self.by_table.lock() {
            m.entry(table).or_default().insert(conn, out.clone());
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

    /// Forgets every watcher of `table` and returns them.
    pub fn take(&self, table: TableId) -> Vec<Outbox> {
        self.by_table
            .lock()
            .ok()
            .and_then(|mut m| m.remove(&table))
            .map(|c| c.into_values().collect())
            .unwrap_or_default()
    }
}
