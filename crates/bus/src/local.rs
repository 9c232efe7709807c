//! The in-process broker: one node, no network. Subscriptions are bounded tokio channels kept
//! in a list; a publish offers the message to every subscription whose pattern matches (a full
//! one drops it and counts). A request to a subject nobody subscribes to is answered
//! [`RequestError::NoResponders`] at once, as NATS does; otherwise every matching subscriber
//! gets it and the first answer wins.

use super::{Feed, Message, Reply, RequestError, Subject};
use bytes::Bytes;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::oneshot;

/// One subscription: its pattern and queue.
#[derive(Debug)]
struct Sub {
    id: u64,
    pattern: Subject,
    feed: Feed,
}

#[derive(Debug, Default)]
struct Subs {
    next_id: u64,
    list: Vec<Sub>,
}

/// The in-process broker (cheap to clone).
#[derive(Clone, Debug, Default)]
pub(super) struct LocalBroker {
    subs: Arc<Mutex<Subs>>,
}

/// Removes an in-process subscription when its [`super::Subscription`] is dropped (does nothing
/// for a NATS one, whose forwarding task ends by itself).
#[derive(Debug, Default)]
pub(super) struct Guard(Option<(Weak<Mutex<Subs>>, u64)>);

impl Drop for Guard {
    fn drop(&mut self) {
        let Some((subs, id)) = self.0.take() else {
            return;
        };
        if let Some(subs) = subs.upgrade() {
            if let Ok(mut s) = subs.lock() {
                s.list.retain(|sub| sub.id != id);
            }
        }
    }
}

impl LocalBroker {
    /// Offers `payload` to every matching subscription; how many subscriptions matched.
    fn offer(&self, subject: &Subject, payload: &Bytes, reply: Option<&Reply>) -> usize {
        let Ok(mut subs) = self.subs.lock() else {
            return 0;
        };
        let mut matched = 0;
        subs.list.retain(|sub| {
            if !sub.pattern.matches(subject.as_str()) {
                return true;
            }
            matched += 1;
            sub.feed.offer(Message {
                subject: subject.as_str().to_owned(),
                payload: payload.clone(),
                reply: reply.cloned(),
            })
        });
        matched
    }

    pub(super) fn publish(&self, subject: &Subject, payload: Bytes) {
        self.offer(subject, &payload, None);
    }

    pub(super) fn subscribe(&self, pattern: &Subject, feed: Feed) -> Guard {
        let Ok(mut subs) = self.subs.lock() else {
            return Guard::default();
        };
        subs.next_id += 1;
        let id = subs.next_id;
        subs.list.push(Sub {
            id,
            pattern: pattern.clone(),
            feed,
        });
        Guard(Some((Arc::downgrade(&self.subs), id)))
    }

    pub(super) async fn request(
        &self,
        subject: &Subject,
        payload: Bytes,
        timeout: Duration,
    ) -> Result<Bytes, RequestError> {
        let (tx, rx) = oneshot::channel();
        let reply = Reply::Local(Arc::new(Mutex::new(Some(tx))));
        if self.offer(subject, &payload, Some(&reply)) == 0 {
            return Err(RequestError::NoResponders);
        }
        drop(reply);
        match tokio::time::timeout(timeout, rx).await {
            Ok(Ok(answer)) => Ok(answer),
            // Every copy of the request was dropped unanswered (or it found every queue full):
            // no answer can come any more.
            Ok(Err(_)) | Err(_) => Err(RequestError::Timeout),
        }
    }
}
