//! [`Registry`]: the live tables by id, [`TableHandle`] to reach one, which user plays which
//! game in progress against the computer (the per-user limit holds across connections), and who
//! plays a game in progress at any table ([`Playing`]).

use super::msg::TableMsg;
use super::playing::Playing;
use platform::{TableId, UserId};
use std::collections::HashMap;
use std::sync::{Mutex, RwLock};
use tokio::sync::mpsc;

/// First id of tables created for games against the computer (room tables count from 1); the
/// database hands them out (`Db::next_ai_table_id`).
pub const FIRST_AI_TABLE: TableId = TableId(1_000_000_000);

/// The mailbox of one table task.
#[derive(Clone, Debug)]
pub struct TableHandle {
    tx: mpsc::Sender<TableMsg>,
}

impl TableHandle {
    pub(crate) fn new(tx: mpsc::Sender<TableMsg>) -> TableHandle {
        TableHandle { tx }
    }

    /// Sends `msg`, waiting while the mailbox is full. Returns `false` if the table is gone.
    pub async fn send(&self, msg: TableMsg) -> bool {
        self.tx.send(msg).await.is_ok()
    }

    /// Resolves once the table's task has ended.
    pub async fn closed(&self) {
        self.tx.closed().await;
    }
}

/// Live tables.
#[derive(Debug)]
pub struct Registry {
    tables: RwLock<HashMap<TableId, TableHandle>>,
    /// Games in progress against the computer: table → its human player.
    ai_games: Mutex<HashMap<TableId, UserId>>,
    /// Who plays a game in progress, at which table.
    pub(super) playing: Playing,
}

impl Default for Registry {
    fn default() -> Self {
        Registry {
            tables: RwLock::new(HashMap::new()),
            ai_games: Mutex::new(HashMap::new()),
            playing: Playing::default(),
        }
    }
}

impl Registry {
    /// The table with `id`.
    #[must_use]
    pub fn get(&self, id: TableId) -> Option<TableHandle> {
        self.tables.read().ok()?.get(&id).cloned()
    }

    /// Registers a table.
    pub fn insert(&self, id: TableId, handle: TableHandle) {
        if let Ok(mut t) = self.tables.write() {
            t.insert(id, handle);
        }
    }

    /// Forgets a table whose task ended.
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
        self.tables
            .read()
            .map(|t| t.values().cloned().collect())
            .unwrap_or_default()
    }

    /// How many tables are live.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tables.read().map_or(0, |t| t.len())
    }

    /// Whether no table is live.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
