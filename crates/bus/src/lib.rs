//! The broker seam between the nodes of a site (docs/scale.md, "Broker"): publish, subscribe
//! (with NATS wildcards), request/reply and serving requests, over subjects built in one place
//! ([`Subjects`]).
//!
//! [`Broker`] is an enum over its two implementations rather than a `dyn` trait: there are
//! exactly two, both known here, and an enum keeps every method a plain `async fn` (no boxed
//! futures, no `async-trait`), lets a subscription be a concrete type, and costs a single
//! node nothing. [`local`] is the default (one node: tokio channels, no network); [`nats`]
//! is chosen by `[cluster] nats`.
//!
//! Both bound their memory the same way: every subscription is a bounded queue
//! ([`SUBSCRIPTION_CAPACITY`] messages unless told otherwise); a message that finds it full is
//! dropped and counted ([`Subscription::dropped`]), so a slow subscriber never holds up a
//! publisher nor makes anything grow.

#![warn(missing_docs)]

mod config;
mod local;
mod nats;
mod subjects;

pub use config::BusConfig;
pub use subjects::{Subject, Subjects};

use bytes::Bytes;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

/// Messages a subscription holds before it drops new ones.
pub const SUBSCRIPTION_CAPACITY: usize = 4_096;

/// The broker failed (not reachable, closed, a subject or payload it refuses).
#[derive(Debug, Error)]
#[error("broker: {0}")]
pub struct BrokerError(pub String);

/// Why a request got no reply.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RequestError {
    /// Nobody serves the subject (answered at once).
    #[error("no responders")]
    NoResponders,
    /// Someone got the request but did not answer in time.
    #[error("request timed out")]
    Timeout,
    /// The broker failed.
    #[error("broker: {0}")]
    Broker(String),
}

/// A message received on a subscription; a request carries a reply handle ([`Message::respond`]).
#[derive(Clone, Debug)]
pub struct Message {
    /// The subject it was published on.
    pub subject: String,
    /// Its bytes.
    pub payload: Bytes,
    reply: Option<Reply>,
}

/// Where the answer to a request goes.
#[derive(Clone, Debug)]
enum Reply {
    /// The in-process requester's slot (the first answer wins).
    Local(Arc<Mutex<Option<oneshot::Sender<Bytes>>>>),
    /// A NATS inbox.
    Nats(async_nats::Client, async_nats::Subject),
}

impl Message {
    /// Whether it is a request (it can be answered).
    #[must_use]
    pub fn is_request(&self) -> bool {
        self.reply.is_some()
    }

    /// Answers the request with `payload`. Answering a plain message, or a request already
    /// answered, does nothing.
    ///
    /// # Errors
    /// [`BrokerError`] if the broker fails.
    pub async fn respond(&self, payload: Bytes) -> Result<(), BrokerError> {
        match &self.reply {
            None => Ok(()),
            Some(Reply::Local(slot)) => {
                let tx = slot.lock().ok().and_then(|mut s| s.take());
                if let Some(tx) = tx {
                    let _ = tx.send(payload);
                }
                Ok(())
            }
            Some(Reply::Nats(client, inbox)) => client
                .publish(inbox.clone(), payload)
                .await
                .map_err(|e| BrokerError(e.to_string())),
        }
    }
}

/// Messages on a subject or pattern, in the order published. Dropping it unsubscribes; the
/// stream ends if the broker goes away for good.
#[derive(Debug)]
pub struct Subscription {
    rx: mpsc::Receiver<Message>,
    dropped: Arc<AtomicU64>,
    _guard: local::Guard,
}

impl Subscription {
    /// The next message; `None` once the subscription ended.
    pub async fn next(&mut self) -> Option<Message> {
        self.rx.recv().await
    }

    /// The next message if one is waiting.
    pub fn try_next(&mut self) -> Option<Message> {
        self.rx.try_recv().ok()
    }

    /// Messages dropped because this subscription's queue was full.
    #[must_use]
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}

/// A queue for a new subscription: the sending side (what the implementations feed) and the
/// receiving side (what [`Subscription`] reads).
#[derive(Debug)]
struct Feed {
    tx: mpsc::Sender<Message>,
    dropped: Arc<AtomicU64>,
}

impl Feed {
    /// Queues `msg`, or drops and counts it when the queue is full; false once the subscriber
    /// is gone.
    fn offer(&self, msg: Message) -> bool {
        match self.tx.try_send(msg) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.dropped.fetch_add(1, Ordering::Relaxed);
                true
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }
}

fn feed(capacity: usize) -> (Feed, mpsc::Receiver<Message>) {
    let (tx, rx) = mpsc::channel(capacity.max(1));
    let dropped = Arc::new(AtomicU64::new(0));
    (Feed { tx, dropped }, rx)
}

/// The two implementations.
#[derive(Clone, Debug)]
enum Imp {
    Local(local::LocalBroker),
    Nats(nats::NatsBroker),
}

/// The broker of this node (cheap to clone), with the site's [`Subjects`].
#[derive(Clone, Debug)]
pub struct Broker {
    subjects: Subjects,
    imp: Imp,
}

impl Broker {
    /// The in-process broker (one node), with subjects under `prefix`.
    #[must_use]
    pub fn local(prefix: &str) -> Broker {
        Broker {
            subjects: Subjects::new(prefix),
            imp: Imp::Local(local::LocalBroker::default()),
        }
    }

    /// A NATS broker at `url`, with subjects under `prefix`. It reconnects by itself after a
    /// connection is lost and subscribes again (docs/scale.md says what is lost meanwhile).
    ///
    /// # Errors
    /// [`BrokerError`] if NATS cannot be reached now.
    pub async fn connect_nats(url: &str, prefix: &str) -> Result<Broker, BrokerError> {
        Ok(Broker {
            subjects: Subjects::new(prefix),
            imp: Imp::Nats(nats::NatsBroker::connect(url).await?),
        })
    }

    /// The broker `config` asks for: NATS when `nats` is set, else in-process.
    ///
    /// # Errors
    /// [`BrokerError`] if NATS cannot be reached.
    pub async fn from_config(config: &BusConfig) -> Result<Broker, BrokerError> {
        match &config.nats {
            Some(url) => Broker::connect_nats(url, &config.subject_prefix).await,
            None => Ok(Broker::local(&config.subject_prefix)),
        }
    }

    /// Whether this is the in-process broker (one node: nothing to share with other nodes).
    #[must_use]
    pub fn is_local(&self) -> bool {
        matches!(self.imp, Imp::Local(_))
    }

    /// The site's subjects.
    #[must_use]
    pub fn subjects(&self) -> &Subjects {
        &self.subjects
    }

    /// Publishes `payload` on `subject` (nobody subscribed: it is dropped).
    ///
    /// # Errors
    /// [`BrokerError`] if the broker fails.
    pub async fn publish(&self, subject: &Subject, payload: Bytes) -> Result<(), BrokerError> {
        match &self.imp {
            Imp::Local(b) => {
                b.publish(subject, payload);
                Ok(())
            }
            Imp::Nats(b) => b.publish(subject, payload).await,
        }
    }

    /// Subscribes to `subject` (a pattern may use `*` and `>`) with a queue of
    /// [`SUBSCRIPTION_CAPACITY`] messages.
    ///
    /// # Errors
    /// [`BrokerError`] if the broker fails.
    pub async fn subscribe(&self, subject: &Subject) -> Result<Subscription, BrokerError> {
        self.subscribe_bounded(subject, SUBSCRIPTION_CAPACITY).await
    }

    /// Subscribes to `subject` with a queue of `capacity` messages; more are dropped and
    /// counted.
    ///
    /// # Errors
    /// [`BrokerError`] if the broker fails.
    pub async fn subscribe_bounded(
        &self,
        subject: &Subject,
        capacity: usize,
    ) -> Result<Subscription, BrokerError> {
        let (feed, rx) = feed(capacity);
        let dropped = feed.dropped.clone();
        let guard = match &self.imp {
            Imp::Local(b) => b.subscribe(subject, feed),
            Imp::Nats(b) => {
                b.subscribe(subject, feed).await?;
                local::Guard::default()
            }
        };
        Ok(Subscription {
            rx,
            dropped,
            _guard: guard,
        })
    }

    /// Sends `payload` to whoever serves `subject` and waits up to `timeout` for the reply.
    ///
    /// # Errors
    /// [`RequestError::NoResponders`] at once when nobody subscribes to `subject`,
    /// [`RequestError::Timeout`] when no answer came in time, [`RequestError::Broker`] if the
    /// broker fails.
    pub async fn request(
        &self,
        subject: &Subject,
        payload: Bytes,
        timeout: Duration,
    ) -> Result<Bytes, RequestError> {
        match &self.imp {
            Imp::Local(b) => b.request(subject, payload, timeout).await,
            Imp::Nats(b) => b.request(subject, payload, timeout).await,
        }
    }

    /// Waits until what was published so far has reached the broker (NATS: a round trip to
    /// the server; in-process: nothing to wait for).
    ///
    /// # Errors
    /// [`BrokerError`] if the broker fails.
    pub async fn flush(&self) -> Result<(), BrokerError> {
        match &self.imp {
            Imp::Local(_) => Ok(()),
            Imp::Nats(b) => b.flush().await,
        }
    }
}
