//! [`Ladders`]: the live ladder directors by id, and [`LadderHandle`] to reach one.

use super::msg::LadderMsg;
use std::collections::BTreeMap;
use std::sync::RwLock;
use tokio::sync::mpsc;

/// The mailbox of one director.
#[derive(Clone, Debug)]
pub struct LadderHandle {
    tx: mpsc::UnboundedSender<LadderMsg>,
}

impl LadderHandle {
    pub(super) fn new(tx: mpsc::UnboundedSender<LadderMsg>) -> LadderHandle {
        LadderHandle { tx }
    }

    /// Sends `msg`; `false` if the director is gone.
    pub fn send(&self, msg: LadderMsg) -> bool {
        self.tx.send(msg).is_ok()
    }
}

/// Live directors, by ladder id.
#[derive(Debug, Default)]
pub struct Ladders {
    live: RwLock<BTreeMap<u32, LadderHandle>>,
}

impl Ladders {
    /// The director of ladder `id`.
    #[must_use]
    pub fn get(&self, id: u32) -> Option<LadderHandle> {
        self.live.read().ok()?.get(&id).cloned()
    }

    /// Registers a director unless ladder `id` has one already (`false` then): a ladder never
    /// has two writers.
    pub fn insert_new(&self, id: u32, handle: LadderHandle) -> bool {
        let Ok(mut t) = self.live.write() else {
            return false;
        };
        if t.contains_key(&id) {
            return false;
        }
        t.insert(id, handle);
        true
    }
}
