//! [`Tournaments`]: the live directors by event id, and [`DirectorHandle`] to reach one.

use super::msg::DirectorMsg;
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

    /// Registers a director unless event `id` has one already (`false` then): an event never
    /// has two writers.
    pub fn insert_new(&self, id: u64, handle: DirectorHandle) -> bool {
        let Ok(mut t) = self.live.write() else {
            return false;
        };
        if t.contains_key(&id) {
            return false;
        }
        t.insert(id, handle);
        true
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
