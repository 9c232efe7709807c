//! The task that publishes this node's table events ([`super::event_feed::EventFeed`]'s queue)
//! on `<prefix>.t.<table>.ev`, one [`EvNote`] each, in the order they were queued.

use super::event_feed::{Queued, QUEUE};
use super::notes::EvNote;
use crate::site::Site;
use bytes::Bytes;
use serde_json::value::RawValue;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Starts the task that publishes this node's table events.
pub fn start(state: &Site) -> Vec<JoinHandle<()>> {
    let (tx, rx) = mpsc::channel(QUEUE);
    if !state.remote.events.connect(tx) {
        return Vec::new();
    }
    vec![tokio::spawn(publish(state.clone(), rx))]
}

async fn publish(state: Site, mut rx: mpsc::Receiver<Queued>) {
    let live = state.epoch.clone();
    let delayed = tables::table::delayed_epoch(&state.epoch);
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
