//! The lobby: every table's current summary (`TableSummary` in docs/protocol.md), kept by the
//! table actors, and a broadcast of changes to subscribed connections.

use crate::ws::protocol::views::{RoomView, SummaryView};
use crate::ws::protocol::ServerMsg;
use platform::TableId;
use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};
use tokio::sync::broadcast;

/// A room as shown in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomInfo {
    /// Stable id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Coins needed to sit.
    pub min_coins: i64,
}

/// Summaries of all tables, and their change feed.
pub struct Lobby {
    rooms: Vec<Arc<RoomInfo>>,
    tables: RwLock<BTreeMap<TableId, (String, SummaryView)>>,
    changes: broadcast::Sender<Arc<str>>,
}

impl Lobby {
    /// A lobby of `rooms`.
    #[must_use]
    pub fn new(rooms: Vec<Arc<RoomInfo>>) -> Lobby {
        let (changes, _) = broadcast::channel(1_024);
        Lobby {
            rooms,
            tables: RwLock::new(BTreeMap::new()),
            changes,
        }
    }

    /// The rooms.
    #[must_use]
    pub fn rooms(&self) -> &[Arc<RoomInfo>] {
        &self.rooms
    }

    /// Stores table `id`'s new summary (in room `room`) and tells subscribers.
    pub fn update(&self, id: TableId, room: &str, summary: SummaryView) {
        let msg = ServerMsg::LobbyTable { table: &summary }.to_text();
        if let Ok(mut t) = self.tables.write() {
            t.insert(id, (room.to_owned(), summary));
        }
        let _ = self.changes.send(msg);
    }

    /// Forgets table `id` (a finished game against the computer).
    pub fn remove(&self, id: TableId) {
        if let Ok(mut t) = self.tables.write() {
            t.remove(&id);
        }
    }

    /// Receives every change from now on.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.changes.subscribe()
    }

    /// The rooms with their tables' summaries (`[Room]`).
    #[must_use]
    pub fn snapshot(&self) -> Vec<RoomView> {
        let tables = self.tables.read().map(|t| t.clone()).unwrap_or_default();
        self.rooms
            .iter()
            .map(|r| RoomView {
                id: r.id.clone(),
                name: r.name.clone(),
                min_coins: r.min_coins,
                tables: tables
                    .values()
                    .filter(|(room, _)| *room == r.id)
                    .map(|(_, s)| s.clone())
                    .collect(),
            })
            .collect()
    }

    /// Tables with a game in progress.
    #[must_use]
    pub fn games_in_progress(&self) -> usize {
        self.tables.read().map_or(0, |t| {
            t.values().filter(|(_, s)| s.status == "playing").count()
        })
    }
}
