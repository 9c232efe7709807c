//! The lobby: every table's current summary (`TableSummary` in docs/protocol.md), kept by the
//! table actors, and a broadcast of changes to subscribed connections.
//!
//! On a cluster (docs/scale.md, "The lobby across nodes") it also holds the summaries other
//! nodes publish, by node: [`Lobby::merge_table`] and [`Lobby::replace_node`] take them in,
//! [`Lobby::forget_silent`] drops a node's tables once it has been silent too long, and
//! [`Lobby::feed_to`] hands this node's own changes to the lobby relay. What the lobby shows
//! ([`Lobby::snapshot`]) is this node's tables and then every other node's, one entry per table
//! id in a room. What this node seats players at ([`Lobby::free_tables`]) and counts
//! ([`Lobby::games_in_progress`]) stays its own tables; the seek desk asks another node to
//! seat a pair at one of its free tables ([`Lobby::free_tables_elsewhere`]) when its own has
//! none. The rooms' open-seek lists come from the site's one seek desk, on whichever node it
//! lives ([`seeks`]).

mod remote;
mod seeks;

use remote::NodeTables;

pub use seeks::SeekList;
use seeks::SeekLists;

use platform::{TableId, UserId};
use protocol::views::{LobbySummary, RoomView, SeekView, SummaryView};
use protocol::ServerMsg;
use serde_json::value::RawValue;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, OnceLock, RwLock};
use std::time::Instant;
use tokio::sync::{broadcast, mpsc};

/// A room as shown in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomInfo {
    /// Stable id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Coins needed to sit.
    pub min_coins: i64,
    /// The behaviour score needed to sit or seek (0: any).
    pub min_behaviour: u8,
}

/// A table summary as nodes exchange it: the table, its room and its `TableSummary` as JSON.
#[derive(Clone, Debug)]
pub struct SharedSummary {
    /// The table.
    pub table: TableId,
    /// Its room.
    pub room: String,
    /// Its `TableSummary`.
    pub json: Arc<RawValue>,
}

/// A change to one of this node's tables, for the lobby relay.
#[derive(Clone, Debug)]
pub enum LocalChange {
    /// The table's summary is now this.
    Table(SharedSummary),
    /// The table is gone.
    Gone(TableId),
    /// This node's seek desk published a room's list.
    Seeks(SeekList),
}

/// Summaries of all tables, and their change feed.
pub struct Lobby {
    rooms: Vec<Arc<RoomInfo>>,
    tables: RwLock<BTreeMap<TableId, (String, SummaryView)>>,
    /// Other nodes' tables, by node id.
    remote: RwLock<BTreeMap<String, NodeTables>>,
    /// Each room's open and quick seeks (`[Seek]`), as the seek desk last published them.
    seeks: SeekLists,
    changes: broadcast::Sender<Arc<str>>,
    /// The lobby relay's queue (clustered nodes only); a full queue drops the change (the next
    /// full snapshot carries it).
    feed: OnceLock<mpsc::Sender<LocalChange>>,
}

impl Lobby {
    /// A lobby of `rooms`.
    #[must_use]
    pub fn new(rooms: Vec<Arc<RoomInfo>>) -> Lobby {
        let (changes, _) = broadcast::channel(1_024);
        Lobby {
            rooms,
            tables: RwLock::new(BTreeMap::new()),
            remote: RwLock::new(BTreeMap::new()),
            seeks: SeekLists::default(),
            changes,
            feed: OnceLock::new(),
        }
    }

    /// The rooms.
    #[must_use]
    pub fn rooms(&self) -> &[Arc<RoomInfo>] {
        &self.rooms
    }

    /// Hands every change of this node's tables from now on also to `feed` (the lobby relay);
    /// only the first call counts.
    pub fn feed_to(&self, feed: mpsc::Sender<LocalChange>) {
        let _ = self.feed.set(feed);
    }

    /// Stores table `id`'s new summary (in room `room`) and tells subscribers.
    pub fn update(&self, id: TableId, room: &str, summary: SummaryView) {
        if let Some(feed) = self.feed.get() {
            if let Ok(json) = serde_json::value::to_raw_value(&summary) {
                let _ = feed.try_send(LocalChange::Table(SharedSummary {
                    table: id,
                    room: room.to_owned(),
                    json: Arc::from(json),
                }));
            }
        }
        let entry = LobbySummary::Here(summary);
        let msg = ServerMsg::LobbyTable { table: &entry }.to_text();
        if let (Ok(mut t), LobbySummary::Here(summary)) = (self.tables.write(), entry) {
            t.insert(id, (room.to_owned(), summary));
        }
        let _ = self.changes.send(msg);
    }

    /// Stores room `room`'s seeks as this node's desk lists them, tells subscribers and hands
    /// the list to the lobby relay (numbered by the lobby: [`seeks`]).
    pub fn set_seeks(&self, room: &str, seeks: &[SeekView]) {
        let Some(list) = self.seeks.set_local(room, seeks) else {
            return;
        };
        self.announce_seeks(&list);
        if let Some(feed) = self.feed.get() {
            let _ = feed.try_send(LocalChange::Seeks(list));
        }
    }

    /// Takes in the list `node`'s desk published; tells subscribers unless it is older than
    /// the one known.
    pub fn merge_seeks(&self, node: &str, list: &SeekList) {
        if self.seeks.merge(node, list) {
            self.announce_seeks(list);
        }
    }

    /// The lists this node's desk published (the relay sends them again every beat).
    #[must_use]
    pub fn local_seeks(&self) -> Vec<SeekList> {
        self.seeks.local()
    }

    fn announce_seeks(&self, list: &SeekList) {
        let msg = ServerMsg::LobbySeeks {
            room: &list.room,
            v: list.v,
            seeks: &list.json,
        }
        .to_text();
        let _ = self.changes.send(msg);
    }

    /// This node's tables of `room` where a pair may sit down: both seats empty, no game in
    /// progress.
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
        if let Some(feed) = self.feed.get() {
            let _ = feed.try_send(LocalChange::Gone(id));
        }
    }

    /// This node's tables as nodes exchange them (for the relay's full snapshot).
    #[must_use]
    pub fn local_summaries(&self) -> Vec<SharedSummary> {
        let Ok(t) = self.tables.read() else {
            return Vec::new();
        };
        t.iter()
            .filter_map(|(id, (room, s))| {
                let json = serde_json::value::to_raw_value(s).ok()?;
                Some(SharedSummary {
                    table: *id,
                    room: room.clone(),
                    json: Arc::from(json),
                })
            })
            .collect()
    }

    /// Records that `node` was heard from now (it is alive), with no table news.
    pub fn touch(&self, node: &str) {
        if let Ok(mut r) = self.remote.write() {
            Self::node_entry(&mut r, node).heard = Instant::now();
        }
    }

    fn node_entry<'a>(r: &'a mut BTreeMap<String, NodeTables>, node: &str) -> &'a mut NodeTables {
        r.entry(node.to_owned()).or_insert_with(NodeTables::new)
    }

    /// Takes in another node's new summary of one of its tables and tells subscribers.
    pub fn merge_table(&self, node: &str, s: SharedSummary) {
        if let Ok(mut r) = self.remote.write() {
            let n = Self::node_entry(&mut r, node);
            n.heard = Instant::now();
            n.put(s.clone());
        }
        self.announce(s.json);
    }

    /// Forgets another node's table (it has gone there).
    pub fn forget_table(&self, node: &str, table: TableId) {
        if let Ok(mut r) = self.remote.write() {
            let n = Self::node_entry(&mut r, node);
            n.heard = Instant::now();
            n.remove(table);
        }
    }

    /// Replaces everything known of `node`'s tables by its full snapshot `tables`, and tells
    /// subscribers of each summary that changed.
    pub fn replace_node(&self, node: &str, tables: Vec<SharedSummary>) {
        let mut changed = Vec::new();
        if let Ok(mut r) = self.remote.write() {
            let n = Self::node_entry(&mut r, node);
            n.heard = Instant::now();
            let mut fresh = Vec::with_capacity(tables.len());
            for s in tables {
                if !n.same(&s) {
                    changed.push(s.json.clone());
                }
                fresh.push(s);
            }
            n.clear();
            for s in fresh {
                n.put(s);
            }
        }
        for json in changed {
            self.announce(json);
        }
    }

    /// Drops the tables of every other node not heard from since `since`, and empties the seek
    /// lists their desk made; returns those nodes.
    pub fn forget_silent(&self, since: Instant) -> Vec<String> {
        let Ok(mut r) = self.remote.write() else {
            return Vec::new();
        };
        let silent: Vec<String> = r
            .iter()
            .filter(|(_, n)| n.heard < since)
            .map(|(node, _)| node.clone())
            .collect();
        for node in &silent {
            r.remove(node);
        }
        drop(r);
        for node in &silent {
            for list in self.seeks.forget_node(node) {
                self.announce_seeks(&list);
            }
        }
        silent
    }

    /// Whether `user` sits in a game in progress at another node's table (as far as its
    /// summaries tell; this node's own tables answer through `Tables::is_playing`).
    #[must_use]
    pub fn plays_elsewhere(&self, user: UserId) -> bool {
        self.remote
            .read()
            .is_ok_and(|r| r.values().any(|n| n.plays(user)))
    }

    /// Other nodes' free tables in `room`, by node, as their summaries last showed them (the
    /// seek desk's fallback when this node has none).
    #[must_use]
    pub fn free_tables_elsewhere(&self, room: &str) -> Vec<(String, TableId)> {
        self.remote.read().map_or_else(
            |_| Vec::new(),
            |r| {
                r.iter()
                    .flat_map(|(node, n)| n.free_in(room).map(move |t| (node.clone(), t)))
                    .collect()
            },
        )
    }

    /// The other nodes this lobby has tables or news of.
    #[must_use]
    pub fn nodes(&self) -> Vec<String> {
        self.remote
            .read()
            .map(|r| r.keys().cloned().collect())
            .unwrap_or_default()
    }

    fn announce(&self, json: Arc<RawValue>) {
        let msg = ServerMsg::LobbyTable {
            table: &LobbySummary::Relayed(json),
        }
        .to_text();
        let _ = self.changes.send(msg);
    }

    /// Receives every change from now on.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.changes.subscribe()
    }

    /// The rooms with their tables' summaries (`[Room]`): this node's tables, then other
    /// nodes' tables whose id is not already listed in the room.
    #[must_use]
    pub fn snapshot(&self) -> Vec<RoomView> {
        let mut by_room: HashMap<String, (BTreeSet<TableId>, Vec<LobbySummary>)> = HashMap::new();
        if let Ok(t) = self.tables.read() {
            for (id, (room, s)) in t.iter() {
                let (ids, list) = by_room.entry(room.clone()).or_default();
                ids.insert(*id);
                list.push(LobbySummary::Here(s.clone()));
            }
        }
        if let Ok(r) = self.remote.read() {
            for n in r.values() {
                for (id, (room, json)) in &n.tables {
                    let (ids, list) = by_room.entry(room.clone()).or_default();
                    if ids.insert(*id) {
                        list.push(LobbySummary::Relayed(json.clone()));
                    }
                }
            }
        }
        self.rooms
            .iter()
            .map(|r| RoomView {
                id: r.id.clone(),
                name: r.name.clone(),
                min_coins: r.min_coins,
                min_behaviour: r.min_behaviour,
                tables: by_room.remove(&r.id).map(|(_, l)| l).unwrap_or_default(),
                seeks: self.seeks.get(&r.id),
            })
            .collect()
    }

    /// This node's tables with a game in progress.
    #[must_use]
    pub fn games_in_progress(&self) -> usize {
        self.tables.read().map_or(0, |t| {
            t.values().filter(|(_, s)| s.status == "playing").count()
        })
    }
}
