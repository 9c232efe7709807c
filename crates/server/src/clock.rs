//! The server's notion of `now`: milliseconds since the Unix epoch, so instants stored in the
//! database stay meaningful across restarts.

use platform::Millis;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The current instant.
#[must_use]
pub fn now() -> Millis {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
    Millis(ms)
}

/// Sleeps for `wait`, or for ever when there is nothing to wait for (an actor's timer arm).
pub async fn sleep_or_forever(wait: Option<Duration>) {
    match wait {
        Some(d) => tokio::time::sleep(d).await,
        None => std::future::pending().await,
    }
}
