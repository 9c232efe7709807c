//! [`Outbox`]: a connection's outgoing queue, shared with the tables it watches.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::{mpsc, Notify};

/// Messages a connection may have queued before it counts as too slow and is closed.
pub const OUTBOX_CAPACITY: usize = 512;

/// Identifies one WebSocket connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConnId(pub u64);

impl ConnId {
    /// A fresh id.
    #[must_use]
    pub fn next() -> ConnId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        ConnId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// Where a table (or the connection itself) sends a connection's messages (serialized JSON).
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<str>>,
    kill: Arc<Notify>,
}

impl Outbox {
    /// A new outbox, its receiving end and the notification that it overflowed.
    #[must_use]
    pub fn new() -> (Outbox, mpsc::Receiver<Arc<str>>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(OUTBOX_CAPACITY);
        let kill = Arc::new(Notify::new());
        (
            Outbox {
                tx,
                kill: kill.clone(),
            },
            rx,
            kill,
        )
    }

    /// Queues `msg`; a full queue closes the connection (the client resyncs on reconnect).
    /// Returns whether the message was queued.
    pub fn send(&self, msg: Arc<str>) -> bool {
        match self.tx.try_send(msg) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                self.kill.notify_one();
                false
            }
            Err(TrySendError::Closed(_)) => false,
        }
    }

    /// Queues a JSON value.
    pub fn send_json(&self, msg: &serde_json::Value) -> bool {
        self.send(Arc::from(msg.to_string()))
    }

    /// Whether the connection is gone.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}
