//! [`Tournaments`]: the live directors by event id, and [`DirectorHandle`] to reach one. A
//! tournament table reports its game's end here ([`game_ended`]).

use super::msg::DirectorMsg;
use crate::state::AppState;
use platform::table::GameEnd;
use platform::TableId;
use std::collections::HashMap;
use std::sync::RwLock;
use tokio::sync::mpsc;

/// The mailbox of one director.
#[derive(Clone, Debug)]
pub struct DirectorHandle {
    tx: mpsc::UnboundedSender<DirectorMsg>,
}

impl DirectorHandle {
    pub(crate) fn new(tx: mpsc::UnboundedSender<DirectorMsg>) -> DirectorHandle {
        DirectorHandle { tx }
    }

    /// Sends `msg`; `false` if the director is gone.
    pub fn send(&self, msg: DirectorMsg) -> bool {
        self.tx.send(msg).is_ok()
    }
}

/// Live directors.
#[derive(Debug, Default)]
pub struct Tournaments {
    live: RwLock<HashMap<u64, DirectorHandle>>,
}

impl Tournaments {
    /// The director of event `id`.
    #[must_use]
    pub fn get(&self, id: u64) -> Option<DirectorHandle> {
        self.live.read().ok()?.get(&id).cloned()
    }

    /// Registers a director.
    pub fn insert(&self, id: u64, handle: DirectorHandle) {
        if let Ok(mut t) = self.live.write() {
            t.insert(id, handle);
        }
    }

    /// Every live director.
    #[must_use]
    pub fn all(&self) -> Vec<DirectorHandle> {
        self.live
            .read()
            .map(|t| t.values().cloned().collect())
            .unwrap_or_default()
    }
}

/// Tells event `event`'s director that the game at `table` ended.
pub fn game_ended(state: &AppState, event: u64, table: TableId, end: GameEnd) {
    match state.tournaments.get(event) {
        Some(h) if h.send(DirectorMsg::GameEnded { table, end }) => {}
        _ => tracing::warn!(event, table = table.0, "no director for a tournament game"),
    }
}
