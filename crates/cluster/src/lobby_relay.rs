//! The lobby across nodes: each node publishes its own tables' summaries on `<prefix>.lobby` —
//! every change as it happens, and a full snapshot every `beat_ms` (in parts of at most
//! [`SNAPSHOT_PART`] tables) — and merges every other node's into its [`tables::lobby::Lobby`].
//! The node holding the seek desk publishes the rooms' open-seek lists the same way (each
//! list as the desk makes it, all of them again every beat), and every node shows them.
//! A node silent for longer than `lease_ms` has its tables dropped and its desk's lists emptied. A change lost on the way
//! (a full queue, a NATS outage) is repaired by the next snapshot. Only clustered nodes run it.

use super::notes::{LobbyNews, LobbyNote, SeeksNote, TableNote};
use crate::site::Site;
use bus::{BrokerError, Subscription};
use bytes::Bytes;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tables::lobby::{LocalChange, SeekList, SharedSummary};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Changes of this node's tables waiting to be published; more are dropped (the next
/// snapshot carries them).
pub const CHANGE_QUEUE: usize = 4_096;

/// Tables per snapshot message.
pub const SNAPSHOT_PART: usize = 256;

/// Subscribes to the lobby subject, then starts the relay's two tasks (publishing this
/// node's summaries and sweeping silent nodes, merging other nodes').
///
/// # Errors
/// [`BrokerError`] if the subscription fails.
pub async fn start(state: &Site) -> Result<Vec<JoinHandle<()>>, BrokerError> {
    let sub = state
        .broker
        .subscribe(&state.broker.subjects().lobby())
        .await?;
    let (tx, rx) = mpsc::channel(CHANGE_QUEUE);
    state.lobby.feed_to(tx);
    Ok(vec![
        tokio::spawn(publish(state.clone(), rx)),
        tokio::spawn(merge(state.clone(), sub)),
    ])
}

fn note(summary: SharedSummary) -> TableNote {
    TableNote {
        table: summary.table,
        room: summary.room,
        summary: summary.json,
    }
}

async fn send(state: &Site, news: LobbyNews) {
    let note = LobbyNote {
        node: state.cluster.node_id.clone(),
        news,
    };
    let Ok(payload) = serde_json::to_vec(&note) else {
        return;
    };
    let subject = state.broker.subjects().lobby();
    if let Err(e) = state.broker.publish(&subject, Bytes::from(payload)).await {
        tracing::warn!("lobby relay: {e}");
    }
}

async fn publish(state: Site, mut rx: mpsc::Receiver<LocalChange>) {
    let cluster = &state.cluster;
    let lease = Duration::from_millis(cluster.lease_ms);
    let mut every = tokio::time::interval(Duration::from_millis(cluster.beat_ms));
    let mut seq = 0u64;
    loop {
        tokio::select! {
            change = rx.recv() => match change {
                Some(LocalChange::Table(s)) => send(&state, LobbyNews::Table(note(s))).await,
                Some(LocalChange::Gone(table)) => send(&state, LobbyNews::Gone(table)).await,
                Some(LocalChange::Seeks(list)) => send(&state, LobbyNews::Seeks(seeks_note(list))).await,
                None => return,
            },
            _ = every.tick() => {
                seq += 1;
                let tables: Vec<TableNote> =
                    state.lobby.local_summaries().into_iter().map(note).collect();
                let parts = tables.len().div_ceil(SNAPSHOT_PART).max(1);
                let mut tables = tables.into_iter();
                for part in 0..parts {
                    let chunk: Vec<TableNote> = tables.by_ref().take(SNAPSHOT_PART).collect();
                    let news = LobbyNews::Snapshot {
                        seq,
                        part: u32::try_from(part).unwrap_or(u32::MAX),
                        parts: u32::try_from(parts).unwrap_or(u32::MAX),
                        tables: chunk,
                    };
                    send(&state, news).await;
                }
                if super::seek_desk::here(&state) {
                    for list in state.lobby.local_seeks() {
                        send(&state, LobbyNews::Seeks(seeks_note(list))).await;
                    }
                }
                if let Some(since) = Instant::now().checked_sub(lease) {
                    for node in state.lobby.forget_silent(since) {
                        tracing::warn!(node, "lobby relay: node silent, its tables dropped");
                    }
                }
            }
        }
    }
}

/// A node's snapshot being put together from its parts.
struct Pending {
    seq: u64,
    got: u32,
    tables: Vec<SharedSummary>,
}

async fn merge(state: Site, mut sub: Subscription) {
    let me = state.cluster.node_id.as_str();
    let mut pending: HashMap<String, Pending> = HashMap::new();
    while let Some(m) = sub.next().await {
        let note = match serde_json::from_slice::<LobbyNote>(&m.payload) {
            Ok(n) if n.node == me => continue,
            Ok(n) => n,
            Err(e) => {
                tracing::warn!("lobby relay: unreadable note: {e}");
                continue;
            }
        };
        let node = note.node;
        match note.news {
            LobbyNews::Table(t) => state.lobby.merge_table(&node, shared(t)),
            LobbyNews::Gone(table) => state.lobby.forget_table(&node, table),
            LobbyNews::Seeks(n) => state.lobby.merge_seeks(
                &node,
                &SeekList {
                    room: n.room,
                    v: n.v,
                    json: n.seeks,
                },
            ),
            LobbyNews::Snapshot {
                seq,
                part: _,
                parts,
                tables,
            } => {
                state.lobby.touch(&node);
                let p = pending.entry(node.clone()).or_insert(Pending {
                    seq,
                    got: 0,
                    tables: Vec::new(),
                });
                if p.seq != seq {
                    *p = Pending {
                        seq,
                        got: 0,
                        tables: Vec::new(),
                    };
                }
                p.got += 1;
                p.tables.extend(tables.into_iter().map(shared));
                if p.got >= parts {
                    if let Some(done) = pending.remove(&node) {
                        state.lobby.replace_node(&node, done.tables);
                    }
                }
            }
        }
    }
}

fn shared(t: TableNote) -> SharedSummary {
    SharedSummary {
        table: t.table,
        room: t.room,
        json: t.summary,
    }
}

fn seeks_note(list: SeekList) -> SeeksNote {
    SeeksNote {
        room: list.room,
        v: list.v,
        seeks: list.json,
    }
}
