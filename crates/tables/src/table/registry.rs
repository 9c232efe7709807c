//! [`Registry`]: the tables this node holds by id — live ones (a task runs: [`TableHandle`] to
//! reach it) and dormant room tables (held, no task: only their lease, see [`super::lazy`]) —
//! which user plays which game in progress against the computer (the per-user limit holds
//! across connections), and who plays a game in progress at any table ([`Playing`]).

use super::msg::TableMsg;
use super::playing::Playing;
use super::setup::{Lease, TableSetup};
use platform::{TableId, UserId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use tokio::sync::mpsc;

/// First id of tables created for games against the computer (room tables count from 1); the
/// database hands them out (`Db::next_ai_table_id`).
pub const FIRST_AI_TABLE: TableId = TableId(1_000_000_000);

/// A table task's mailbox holds boxed messages: tokio allocates a channel's slots 32 at a time,
/// each as large as the largest message (≈ 4 KiB a block unboxed, 256 B boxed).
pub(crate) type Mailbox = mpsc::Sender<Box<TableMsg>>;

/// The mailbox of one table task.
#[derive(Clone, Debug)]
pub struct TableHandle {
    tx: Mailbox,
}

impl TableHandle {
    pub(crate) fn new(tx: Mailbox) -> TableHandle {
        TableHandle { tx }
    }

    /// Sends `msg`, waiting while the mailbox is full. Returns `false` if the table is gone.
    pub async fn send(&self, msg: TableMsg) -> bool {
        self.tx.send(Box::new(msg)).await.is_ok()
    }

    /// Resolves once the table's task has ended.
    pub async fn closed(&self) {
        self.tx.closed().await;
    }

    /// Whether the registry's is the only handle (nobody is about to send).
    fn alone(&self) -> bool {
        self.tx.strong_count() == 1
    }
}

/// A held table: its task's handle, or only its lease while no task runs.
#[derive(Debug)]
enum Slot {
    Live(TableHandle),
    Dormant(Lease),
}

/// A table this node holds. `keep` lives as long as the node holds the table: the cluster's
/// table service for it ends when it is dropped.
#[derive(Debug)]
struct Held {
    slot: Slot,
    keep: Option<mpsc::Receiver<()>>,
}

/// The tables this node holds.
#[derive(Debug)]
pub struct Registry {
    tables: RwLock<HashMap<TableId, Held>>,
    /// The room tables of the configuration, in id order (ids count from 1).
    rooms: OnceLock<Arc<[TableSetup]>>,
    /// Games in progress against the computer: table → its human player.
    ai_games: Mutex<HashMap<TableId, UserId>>,
    /// Who plays a game in progress, at which table.
    pub(super) playing: Playing,
}

impl Default for Registry {
    fn default() -> Self {
        Registry {
            tables: RwLock::new(HashMap::new()),
            rooms: OnceLock::new(),
            ai_games: Mutex::new(HashMap::new()),
            playing: Playing::default(),
        }
    }
}

impl Registry {
    /// The live table with `id` (a dormant one is not woken: see [`super::wake`]).
    #[must_use]
    pub fn get(&self, id: TableId) -> Option<TableHandle> {
        match &self.tables.read().ok()?.get(&id)?.slot {
            Slot::Live(h) => Some(h.clone()),
            Slot::Dormant(_) => None,
        }
    }

    /// Registers a live table.
    pub fn insert(&self, id: TableId, handle: TableHandle) {
        if let Ok(mut t) = self.tables.write() {
            let keep = t.remove(&id).and_then(|h| h.keep);
            let slot = Slot::Live(handle);
            t.insert(id, Held { slot, keep });
        }
    }

    /// Holds room table `id` under `lease` without a task (it is started on first use).
    pub(super) fn hold(&self, id: TableId, lease: Lease) {
        if let Ok(mut t) = self.tables.write() {
            let keep = t.remove(&id).and_then(|h| h.keep);
            let slot = Slot::Dormant(lease);
            t.insert(id, Held { slot, keep });
        }
    }

    /// Ties `keep` to table `id` for as long as this node holds it (dropped with it).
    pub fn keep(&self, id: TableId, keep: mpsc::Receiver<()>) {
        if let Ok(mut t) = self.tables.write() {
            if let Some(h) = t.get_mut(&id) {
                h.keep = Some(keep);
            }
        }
    }

    /// Whether this node holds table `id` (live or dormant).
    #[must_use]
    pub fn holds(&self, id: TableId) -> bool {
        self.tables.read().is_ok_and(|t| t.contains_key(&id))
    }

    /// The lease of dormant table `id`.
    #[must_use]
    pub fn dormant(&self, id: TableId) -> Option<Lease> {
        match self.tables.read().ok()?.get(&id)?.slot {
            Slot::Dormant(lease) => Some(lease),
            Slot::Live(_) => None,
        }
    }

    /// The live table `id`, or, if it is dormant, the one `start` starts from its lease (under
    /// the registry's lock: one task per table).
    pub(super) fn get_or_start(
        &self,
        id: TableId,
        start: impl FnOnce(Lease) -> Option<TableHandle>,
    ) -> Option<TableHandle> {
        if let Some(h) = self.get(id) {
            return Some(h);
        }
        let mut t = self.tables.write().ok()?;
        let held = t.get_mut(&id)?;
        match held.slot {
            Slot::Live(ref h) => Some(h.clone()),
            Slot::Dormant(lease) => {
                let h = start(lease)?;
                held.slot = Slot::Live(h.clone());
                Some(h)
            }
        }
    }

    /// Puts live table `id` to sleep under `lease` if nobody but the registry holds its handle
    /// and `quiet()` (its mailbox is empty); runs `then` under the lock when it did. `true`:
    /// dormant now (the task's mailbox closes when the handle is dropped here).
    pub(super) fn retire(
        &self,
        id: TableId,
        lease: Lease,
        quiet: impl FnOnce() -> bool,
        then: impl FnOnce(),
    ) -> bool {
        let Ok(mut t) = self.tables.write() else {
            return false;
        };
        let Some(held) = t.get_mut(&id) else {
            return false;
        };
        match &held.slot {
            Slot::Live(h) if h.alone() && quiet() => {
                held.slot = Slot::Dormant(lease);
                then();
                true
            }
            _ => false,
        }
    }

    /// Forgets dormant table `id` if it is still held under `lease`; `true` when it did.
    pub(super) fn forget_dormant(&self, id: TableId, lease: Lease) -> bool {
        let Ok(mut t) = self.tables.write() else {
            return false;
        };
        let ours = t
            .get(&id)
            .is_some_and(|h| matches!(h.slot, Slot::Dormant(l) if l == lease));
        if ours {
            t.remove(&id);
        }
        ours
    }

    /// Records the rooms' tables (once, at start-up).
    pub fn set_rooms(&self, rooms: Vec<TableSetup>) {
        let _ = self.rooms.set(rooms.into());
    }

    /// The setup of room table `id`, if it is one.
    #[must_use]
    pub fn room_setup(&self, id: TableId) -> Option<&TableSetup> {
        let rooms = self.rooms.get()?;
        let i = usize::try_from(id.0.checked_sub(1)?).ok()?;
        rooms.get(i).filter(|s| s.id == id)
    }

    /// The rooms' tables.
    #[must_use]
    pub fn rooms(&self) -> Arc<[TableSetup]> {
        self.rooms.get().cloned().unwrap_or_else(|| Arc::from([]))
    }

    /// Forgets a table whose task ended, or that this node no longer holds.
    pub fn remove(&self, id: TableId) {
        if let Ok(mut t) = self.tables.write() {
            t.remove(&id);
        }
    }

    /// Counts the game against the computer at `table` as `user`'s, unless `user` already has
    /// `limit` others in progress; `false` (nothing counted) at the limit. Counting a table again
    /// is harmless.
    pub fn claim_ai_game(&self, user: UserId, table: TableId, limit: usize) -> bool {
        let Ok(mut games) = self.ai_games.lock() else {
            return false;
        };
        let others = games
            .iter()
            .filter(|(t, u)| **u == user && **t != table)
            .count();
        if others >= limit {
            return false;
        }
        games.insert(table, user);
        true
    }

    /// The game against the computer at `table` is over (or never started).
    pub fn release_ai_game(&self, table: TableId) {
        if let Ok(mut games) = self.ai_games.lock() {
            games.remove(&table);
        }
    }

    /// Whether `user` is seated in a game in progress at one of this node's tables.
    #[must_use]
    pub fn is_playing(&self, user: UserId) -> bool {
        self.playing.has(user)
    }

    /// All live tables.
    #[must_use]
    pub fn all(&self) -> Vec<TableHandle> {
        let live = |h: &Held| match &h.slot {
            Slot::Live(h) => Some(h.clone()),
            Slot::Dormant(_) => None,
        };
        self.tables
            .read()
            .map(|t| t.values().filter_map(live).collect())
            .unwrap_or_default()
    }

    /// How many tables this node holds (live or dormant).
    #[must_use]
    pub fn len(&self) -> usize {
        self.tables.read().map_or(0, |t| t.len())
    }

    /// How many tables have a task running.
    #[must_use]
    pub fn live(&self) -> usize {
        self.tables.read().map_or(0, |t| {
            t.values()
                .filter(|h| matches!(h.slot, Slot::Live(_)))
                .count()
        })
    }

    /// Whether this node holds no table.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
