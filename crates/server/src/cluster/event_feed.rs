//! [`EventFeed`]: on a clustered node, every numbered event of its tables published once per
//! table (and feed) on `<prefix>.t.<table>.ev` ([`EvNote`]), for the relays of the nodes whose
//! connections watch the table (`super::relay`). The table task hands each event to one queue
//! (bounded; full: dropped, and the relays resync on the gap) that one task publishes in order,
//! so a table's events leave in their numbers' order (docs/scale.md, "Remote tables").

use super::notes::EvNote;
use crate::state::AppState;
use bytes::Bytes;
use platform::TableId;
use serde_json::value::RawValue;
use std::sync::{Arc, OnceLock};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Events waiting to be published before new ones are dropped.
const QUEUE: usize = 8_192;

/// One event to publish: its table, whether it is of the spectators' delayed feed, its number
/// and its message.
type Queued = (TableId, bool, u64, Arc<str>);

/// The queue of this node's table events for the broker (nothing on one node).
#[derive(Debug, Default)]
pub struct EventFeed {
    tx: OnceLock<mpsc::Sender<Queued>>,
}

impl EventFeed {
    /// Queues event `v` of `table` (`delayed`: of its spectators' feed), `msg` as its watchers
    /// got it; nothing before [`start`] ran (one node).
    pub fn offer(&self, table: TableId, delayed: bool, v: u64, msg: &Arc<str>) {
        let Some(tx) = self.tx.get() else {
            return;
        };
        if tx.try_send((table, delayed, v, msg.clone())).is_err() {
            tracing::warn!(table = table.0, v, "table event feed full: event dropped");
        }
    }
}

/// Starts the task that publishes this node's table events.
pub fn start(state: &AppState) -> Vec<JoinHandle<()>> {
    let (tx, rx) = mpsc::channel(QUEUE);
    if state.remote.events.tx.set(tx).is_err() {
        return Vec::new();
    }
    vec![tokio::spawn(publish(state.clone(), rx))]
}

async fn publish(state: AppState, mut rx: mpsc::Receiver<Queued>) {
    let live = state.epoch.clone();
    let delayed = crate::table::delayed_epoch(&state.epoch);
    while let Some((table, on_delayed, v, msg)) = rx.recv().await {
        let Ok(raw) = serde_json::from_str::<&RawValue>(&msg) else {
            continue;
        };
        let note = EvNote {
            feed: if on_delayed {
                delayed.as_str()
            } else {
                live.as_str()
            },
            v,
            msg: raw,
        };
        let Ok(payload) = serde_json::to_vec(&note) else {
            continue;
        };
        let subject = state.broker.subjects().table_ev(table);
        if let Err(e) = state.broker.publish(&subject, Bytes::from(payload)).await {
            tracing::warn!(table = table.0, "publishing a table event: {e}");
        }
    }
}
