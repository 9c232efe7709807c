//! [`Directors`]: the live long-lived directors of one kind (tournaments, ladders) by id, each
//! reached through its [`Mailbox`]. One writer per id: a second director for an id is refused.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::RwLock;
use tokio::sync::mpsc;

/// Messages a director's mailbox holds before it refuses more (a director answers each in
/// well under a millisecond unless it waits for its journal; a full mailbox means it is stuck).
pub const MAILBOX: usize = 1_024;

/// The mailbox of one director: bounded, as every queue of the server is.
#[derive(Debug)]
pub struct Mailbox<M> {
    tx: mpsc::Sender<M>,
}

impl<M> Clone for Mailbox<M> {
    fn clone(&self) -> Self {
        Mailbox {
            tx: self.tx.clone(),
        }
    }
}

impl<M> Mailbox<M> {
    /// A new director's mailbox and the receiving end its task reads.
    #[must_use]
    pub fn channel() -> (Mailbox<M>, mpsc::Receiver<M>) {
        let (tx, rx) = mpsc::channel(MAILBOX);
        (Mailbox { tx }, rx)
    }

    /// Waits until the director's task has ended.
    pub async fn closed(&self) {
        self.tx.closed().await;
    }

    /// Sends `msg`; `false` if the director is gone or its mailbox is full (the message is
    /// dropped and a warning logged).
    pub fn send(&self, msg: M) -> bool {
        match self.tx.try_send(msg) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                tracing::warn!("a director's mailbox is full: message dropped");
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }
}

/// Live directors by id.
#[derive(Debug)]
pub struct Directors<K, M> {
    live: RwLock<HashMap<K, Mailbox<M>>>,
}

impl<K, M> Default for Directors<K, M> {
    fn default() -> Self {
        Directors {
            live: RwLock::new(HashMap::new()),
        }
    }
}

impl<K: Eq + Hash + Copy, M> Directors<K, M> {
    /// The director of `id`.
    #[must_use]
    pub fn get(&self, id: K) -> Option<Mailbox<M>> {
        self.live.read().ok()?.get(&id).cloned()
    }

    /// Registers a director unless `id` has one already (`false` then): never two writers.
    pub fn insert_new(&self, id: K, mailbox: Mailbox<M>) -> bool {
        let Ok(mut t) = self.live.write() else {
            return false;
        };
        if t.contains_key(&id) {
            return false;
        }
        t.insert(id, mailbox);
        true
    }

    /// Forgets `id`'s director (it stopped: another node runs it now).
    pub fn remove(&self, id: K) {
        if let Ok(mut t) = self.live.write() {
            t.remove(&id);
        }
    }

    /// How many directors live here.
    #[must_use]
    pub fn len(&self) -> usize {
        self.live.read().map_or(0, |t| t.len())
    }

    /// Whether none does.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every live director.
    #[must_use]
    pub fn all(&self) -> Vec<Mailbox<M>> {
        self.live
            .read()
            .map(|t| t.values().cloned().collect())
            .unwrap_or_default()
    }
}
