//! The server's notion of `now`: milliseconds since the Unix epoch, so instants stored in the
//! database stay meaningful across restarts.

use platform::Millis;
use std::time::{SystemTime, UNIX_EPOCH};

/// The current instant.
#[must_use]
pub fn now() -> Millis {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
    Millis(ms)
}
