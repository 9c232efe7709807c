//! The NATS broker (async-nats over NATS core). Each subscription has a forwarding task that
//! moves messages from the client's own queue into the subscription's bounded queue (a full
//! one drops and counts) and unsubscribes once the [`super::Subscription`] is dropped.
//!
//! The client reconnects by itself, forever, with back-off, and subscribes again. While it is
//! disconnected, messages published by other nodes are not delivered to it (NATS core keeps
//! nothing), publishes of this node wait in the client's bounded buffer and are sent on
//! reconnect (or wait, then fail, once it is full), and requests fail
//! ([`RequestError::Timeout`] or [`RequestError::Broker`]).

use super::{BrokerError, Feed, Message, Reply, RequestError, Subject};
use async_nats::{Client, ConnectOptions, Event, RequestErrorKind};
use bytes::Bytes;
use futures_util::StreamExt;
use std::time::Duration;

/// Messages the client queues per subscription before the forwarding task takes them.
const CLIENT_QUEUE: usize = 4_096;

/// How long connecting at start-up may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The NATS broker (cheap to clone).
#[derive(Clone, Debug)]
pub(super) struct NatsBroker {
    client: Client,
}

impl NatsBroker {
    pub(super) async fn connect(url: &str) -> Result<NatsBroker, BrokerError> {
        let client = ConnectOptions::new()
            .subscription_capacity(CLIENT_QUEUE)
            .connection_timeout(CONNECT_TIMEOUT)
            .max_reconnects(None)
            .event_callback(|event| async move {
                match event {
                    Event::Connected => tracing::info!("broker: connected to NATS"),
                    Event::Disconnected => tracing::warn!("broker: disconnected from NATS"),
                    Event::SlowConsumer(sid) => {
                        tracing::warn!(sid, "broker: NATS dropped messages for a slow subscriber");
                    }
                    other => tracing::info!("broker: {other}"),
                }
            })
            .connect(url)
            .await
            .map_err(|e| BrokerError(format!("cannot reach NATS at {url}: {e}")))?;
        Ok(NatsBroker { client })
    }

    pub(super) async fn publish(
        &self,
        subject: &Subject,
        payload: Bytes,
    ) -> Result<(), BrokerError> {
        self.client
            .publish(subject.as_str().to_owned(), payload)
            .await
            .map_err(|e| BrokerError(e.to_string()))
    }

    pub(super) async fn subscribe(&self, pattern: &Subject, feed: Feed) -> Result<(), BrokerError> {
        let mut sub = self
            .client
            .subscribe(pattern.as_str().to_owned())
            .await
            .map_err(|e| BrokerError(e.to_string()))?;
        let client = self.client.clone();
        tokio::spawn(async move {
            loop {
                let next = tokio::select! {
                    m = sub.next() => m,
                    () = feed.tx.closed() => None,
                };
                let Some(m) = next else {
                    break;
                };
                let reply = m.reply.map(|inbox| Reply::Nats(client.clone(), inbox));
                let msg = Message {
                    subject: m.subject.to_string(),
                    payload: m.payload,
                    reply,
                };
                if !feed.offer(msg) {
                    break;
                }
            }
            // Dropping the client's subscriber unsubscribes.
            drop(sub);
        });
        Ok(())
    }

    pub(super) async fn request(
        &self,
        subject: &Subject,
        payload: Bytes,
        timeout: Duration,
    ) -> Result<Bytes, RequestError> {
        let request = async_nats::Request::new()
            .payload(payload)
            .timeout(Some(timeout));
        match self
            .client
            .send_request(subject.as_str().to_owned(), request)
            .await
        {
            Ok(m) => Ok(m.payload),
            Err(e) => Err(match e.kind() {
                RequestErrorKind::NoResponders => RequestError::NoResponders,
                RequestErrorKind::TimedOut => RequestError::Timeout,
                _ => RequestError::Broker(e.to_string()),
            }),
        }
    }

    pub(super) async fn flush(&self) -> Result<(), BrokerError> {
        self.client
            .flush()
            .await
            .map_err(|e| BrokerError(e.to_string()))
    }
}
