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

/// `YYYY.MM.DD` of an instant in ms since the epoch (UTC).
#[must_use]
pub fn pgn_date(ms: u64) -> String {
    // Howard Hinnant's civil-from-days.
    let z = i64::try_from(ms / 86_400_000).unwrap_or(0) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}
