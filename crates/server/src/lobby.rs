//! The lobby: every table's current summary (`TableSummary` in docs/protocol.md), kept by the
//! table actors, and a broadcast of changes to subscribed connections.

use crate::ws::protocol::views::{RoomView, SeekView, SummaryView};
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
    /// Each room's open and quick seeks (`[Seek]`), as the seek desk last published them.
    seeks: RwLock<BTreeMap<String, Vec<SeekView>>>,
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
            seeks: RwLock::new(BTreeMap::new()),
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

    /// Stores room `room`'s seeks (list number `v`) and tells subscribers.
    pub fn set_seeks(&self, room: &str, v: u64, seeks: Vec<SeekView>) {
        let msg = ServerMsg::LobbySeeks {
            room,
            v,
            seeks: &seeks,
        }
        .to_text();
        if let Ok(mut s) = self.seeks.write() {
            s.insert(room.to_owned(), seeks);
        }
        let _ = self.changes.send(msg);
    }

    /// The tables of `room` where a pair may sit down: both seats empty, no game in progress.
    #[must_use]
    pub fn free_tables(&self, room: &str) -> Vec<TableId> {
        let free = |s: &SummaryView| {
            s.status != "playing" && s.seats.red.is_none() && s.seats.black.is_none()
        };
        self.tables.read().map_or_else(
            |_| Vec::new(),
            |t| {
                t.iter()
                    .filter(|(_, (r, s))| r == room && free(s))
                    .map(|(id, _)| *id)
                    .collect()
            },
        )
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
        let seeks = self.seeks.read().map(|s| s.clone()).unwrap_or_default();
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
                seeks: seeks.get(&r.id).cloned().unwrap_or_default(),
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
