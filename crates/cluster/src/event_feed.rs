//! [`EventFeed`]: on a clustered node, every numbered event of its tables published once per
//! table (and feed) on `<prefix>.t.<table>.ev` (`EvNote`), for the relays of the nodes whose
//! connections watch the table (`super::relay`). The table task hands each event to one queue
//! (bounded; full: dropped, and the relays resync on the gap) that one task
//! (`super::event_publisher`) publishes in order, so a table's events leave in their numbers'
//! order (docs/scale.md, "Remote tables").

use platform::TableId;
use std::sync::{Arc, OnceLock};
use tokio::sync::mpsc;

/// Events waiting to be published before new ones are dropped.
pub const QUEUE: usize = 8_192;

/// One event to publish: its table, whether it is of the spectators' delayed feed, its number
/// and its message.
pub type Queued = (TableId, bool, u64, Arc<str>);

/// The queue of this node's table events for the broker (nothing on one node).
#[derive(Debug, Default)]
pub struct EventFeed {
    tx: OnceLock<mpsc::Sender<Queued>>,
}

impl EventFeed {
    /// Where the publishing task (`super::event_publisher`) takes the events from; `false` if
    /// it was set already.
    pub fn connect(&self, tx: mpsc::Sender<Queued>) -> bool {
        self.tx.set(tx).is_ok()
    }

    /// Queues event `v` of `table` (`delayed`: of its spectators' feed), `msg` as its watchers
    /// got it; nothing before the publishing task started (one node).
    pub fn offer(&self, table: TableId, delayed: bool, v: u64, msg: &Arc<str>) {
        let Some(tx) = self.tx.get() else {
            return;
        };
        if tx.try_send((table, delayed, v, msg.clone())).is_err() {
            tracing::warn!(table = table.0, v, "table event feed full: event dropped");
        }
    }
}
