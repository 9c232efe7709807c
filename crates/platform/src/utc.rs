//! An instant as people read it in a message: `2026-12-08 14:05 UTC` (the proleptic Gregorian
//! calendar, minutes; no time-zone database in the pure domain).

use crate::Millis;

/// `at` (ms since the epoch) as `YYYY-MM-DD HH:MM UTC`.
#[must_use]
pub fn utc_minute(at: Millis) -> String {
    let mins = at.0 / 60_000;
    let (days, minute) = (mins / 1_440, mins % 1_440);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        minute / 60,
        minute % 60
    )
}

/// Year, month, day of `days` since 1970-01-01 (H. Hinnant's `civil_from_days`).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_read_as_utc_dates() {
        assert_eq!(utc_minute(Millis(0)), "1970-01-01 00:00 UTC");
        // 2000-02-29 12:34:56.789 UTC (a leap day of a century leap year).
        assert_eq!(utc_minute(Millis(951_827_696_789)), "2000-02-29 12:34 UTC");
        // 2026-12-08 14:05 UTC.
        assert_eq!(
            utc_minute(Millis(1_796_738_700_000)),
            "2026-12-08 14:05 UTC"
        );
    }
}
