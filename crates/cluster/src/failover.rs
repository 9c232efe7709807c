//! [`Failover`]: a request to whichever node serves a subject, tried again while its node may
//! be failing over (for `lease_ms` + [`FAILOVER_MARGIN`]); shared by remote tables, remote
//! directors and the seek desk.

use crate::site::Site;
use bus::{RequestError, Subject};
use bytes::Bytes;
use kit::metrics::{metrics, seconds_since};
use std::time::{Duration, Instant};

/// Pause between tries while the serving node is unreachable.
pub const RETRY_EVERY: Duration = Duration::from_millis(250);
/// How long past the lease a request waits for another node to take over.
pub const FAILOVER_MARGIN: Duration = Duration::from_secs(3);

/// The tries of one request, until the failover deadline.
#[derive(Clone, Copy, Debug)]
pub struct Failover {
    deadline: Instant,
}

impl Failover {
    /// Starts the tries now: they end `lease_ms` + [`FAILOVER_MARGIN`] from now.
    #[must_use]
    pub fn start(state: &Site) -> Failover {
        Failover {
            deadline: Instant::now() + Duration::from_millis(state.node.lease_ms) + FAILOVER_MARGIN,
        }
    }

    /// One try: `payload` to `subject`, waiting up to `timeout`, counted in the broker metrics.
    ///
    /// # Errors
    /// As [`bus::Broker::request`].
    pub async fn ask(
        state: &Site,
        subject: &Subject,
        payload: &Bytes,
        timeout: Duration,
    ) -> Result<Bytes, RequestError> {
        let started = Instant::now();
        let answer = state
            .broker
            .request(subject, payload.clone(), timeout)
            .await;
        metrics().broker_round_trips.inc();
        metrics().broker_latency.observe(seconds_since(started));
        answer
    }

    /// Waits [`RETRY_EVERY`] before the next try; `false` (at once) when it would pass the
    /// deadline.
    pub async fn wait(&self) -> bool {
        if Instant::now() + RETRY_EVERY >= self.deadline {
            return false;
        }
        tokio::time::sleep(RETRY_EVERY).await;
        true
    }
}
