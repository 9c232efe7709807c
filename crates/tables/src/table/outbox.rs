//! [`Outbox`]: a connection's outgoing queue, shared with the tables it watches, and the signal
//! that closes the connection ([`Close`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::{mpsc, watch};

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

/// Why the server closes a connection: the WebSocket close code and reason it sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Close {
    /// The close code (RFC 6455 §7.4, or 4000–4999 for our own).
    pub code: u16,
    /// A short reason, for people.
    pub reason: &'static str,
}

impl Close {
    /// The answer to the client's own close frame (the reply echoes the client's code).
    pub const NORMAL: Close = Close {
        code: 1000,
        reason: "",
    };
    /// The server is stopping.
    pub const GOING_AWAY: Close = Close {
        code: 1001,
        reason: "server stopping",
    };
    /// A frame broke the WebSocket protocol.
    pub const PROTOCOL: Close = Close {
        code: 1002,
        reason: "protocol error",
    };
    /// A text frame was not UTF-8.
    pub const INVALID_UTF8: Close = Close {
        code: 1007,
        reason: "text is not UTF-8",
    };
    /// A frame or message over `ws_max_message_bytes`.
    pub const TOO_BIG: Close = Close {
        code: 1009,
        reason: "message too big",
    };
    /// The connection's session was logged out.
    pub const LOGGED_OUT: Close = Close {
        code: 4001,
        reason: "logged out",
    };
    /// The connection could not keep up with its messages.
    pub const TOO_SLOW: Close = Close {
        code: 1008,
        reason: "too slow",
    };
    /// A table this connection watched is another node's now (its lease was taken over): the
    /// client reconnects and joins again (RFC 6455's "service restart").
    pub const TABLE_MOVED: Close = Close {
        code: 1012,
        reason: "table moved",
    };
    /// The socket itself failed: nothing can be sent (1006 is never sent on the wire).
    pub const GONE: Close = Close {
        code: 1006,
        reason: "connection lost",
    };
}

impl Close {
    /// The reason with close code `code` (as sent between nodes); an unknown code closes as
    /// [`Close::TABLE_MOVED`] (the client joins again).
    #[must_use]
    pub fn from_code(code: u16) -> Close {
        [
            Close::NORMAL,
            Close::GOING_AWAY,
            Close::PROTOCOL,
            Close::INVALID_UTF8,
            Close::TOO_BIG,
            Close::LOGGED_OUT,
            Close::TOO_SLOW,
            Close::TABLE_MOVED,
            Close::GONE,
        ]
        .into_iter()
        .find(|c| c.code == code)
        .unwrap_or(Close::TABLE_MOVED)
    }
}

/// Where a table (or the connection itself) sends a connection's messages (serialized JSON).
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<str>>,
    closing: Arc<watch::Sender<Option<Close>>>,
}

impl Outbox {
    /// A new outbox, its receiving end, and the signal that the connection is to close (set
    /// once, by [`Outbox::close`]).
    #[must_use]
    pub fn new() -> (
        Outbox,
        mpsc::Receiver<Arc<str>>,
        watch::Receiver<Option<Close>>,
    ) {
        let (tx, rx) = mpsc::channel(OUTBOX_CAPACITY);
        let (closing, closed) = watch::channel(None);
        (
            Outbox {
                tx,
                closing: Arc::new(closing),
            },
            rx,
            closed,
        )
    }

    /// Queues `msg`; a full queue closes the connection (the client resyncs on reconnect).
    /// Returns whether the message was queued.
    pub fn send(&self, msg: Arc<str>) -> bool {
        match self.tx.try_send(msg) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                self.close(Close::TOO_SLOW);
                false
            }
            Err(TrySendError::Closed(_)) => false,
        }
    }

    /// Asks the connection to close with `why` (the first reason given wins).
    pub fn close(&self, why: Close) {
        self.closing.send_if_modified(|c| {
            let first = c.is_none();
            if first {
                *c = Some(why);
            }
            first
        });
    }

    /// Queues an `error` message.
    pub fn send_error(&self, e: &protocol::error_code::ErrorMsg<'_>) -> bool {
        self.send(Arc::from(e.to_json()))
    }

    /// Queues a message.
    pub fn send_msg(&self, msg: &protocol::ServerMsg<'_>) -> bool {
        self.send(msg.to_text())
    }

    /// Whether the connection is gone.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}
