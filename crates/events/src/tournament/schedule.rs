//! [`Recurring`]: a recurring event of the configuration (`[[tournaments.recurring]]`) — when
//! its occurrences start and what they are called. `super::recurring` creates them.

use super::spec::Spec;
use kit::clock::pgn_date;
use platform::Millis;
use serde::Deserialize;

/// A day in milliseconds.
pub(super) const DAY: u64 = 86_400_000;

/// How often an event recurs.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Every {
    /// Every day at `at`.
    Day,
    /// Every week on `weekday` at `at`.
    Week,
}

/// One recurring event of the configuration.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Recurring {
    /// The events' name; each occurrence adds its date.
    pub name: String,
    /// `day` or `week`.
    pub every: Every,
    /// For `week`: `mon` … `sun`.
    #[serde(default)]
    pub weekday: Option<String>,
    /// The start, `HH:MM` in UTC.
    pub at: String,
    /// How long before its start an occurrence is created (hours, 1–336).
    #[serde(default = "default_ahead")]
    pub ahead_hours: u32,
    /// How each occurrence is run.
    #[serde(default)]
    pub spec: Spec,
}

fn default_ahead() -> u32 {
    24
}

const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

impl Recurring {
    /// Checks the entry (the time of day, the weekday, the spec).
    ///
    /// # Errors
    /// Why it is unusable, in words.
    pub fn check(&self) -> Result<(), String> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > 68 {
            return Err("a recurring event's name must be 1..=68 characters".into());
        }
        self.time_of_day()?;
        if !(1..=336).contains(&self.ahead_hours) {
            return Err("ahead_hours must be 1..=336".into());
        }
        if self.every == Every::Week {
            self.weekday_index()?;
        }
        self.spec.check().map(|_| ())
    }

    /// `at` as milliseconds after midnight UTC.
    fn time_of_day(&self) -> Result<u64, String> {
        let bad = || format!("at must be HH:MM (UTC), not {:?}", self.at);
        let (h, m) = self.at.split_once(':').ok_or_else(bad)?;
        let h: u64 = h.parse().map_err(|_| bad())?;
        let m: u64 = m.parse().map_err(|_| bad())?;
        if h > 23 || m > 59 {
            return Err(bad());
        }
        Ok((h * 60 + m) * 60_000)
    }

    /// The weekday, Monday 0.
    fn weekday_index(&self) -> Result<u64, String> {
        let day = self.weekday.as_deref().unwrap_or("").to_ascii_lowercase();
        WEEKDAYS
            .iter()
            .position(|d| *d == day)
            .map(|i| i as u64)
            .ok_or_else(|| "a weekly event needs weekday = mon … sun".into())
    }

    /// The starts after `now` and at most `ahead_hours` later.
    #[must_use]
    pub fn due(&self, now: Millis) -> Vec<Millis> {
        let (Ok(offset), weekday) = (self.time_of_day(), self.weekday_index()) else {
            return Vec::new();
        };
        let until = now.0 + u64::from(self.ahead_hours) * 3_600_000;
        let mut out = Vec::new();
        for day in now.0 / DAY..=until / DAY {
            // 1970-01-01 was a Thursday (index 3).
            let on_day = match self.every {
                Every::Day => true,
                Every::Week => weekday.as_ref().is_ok_and(|w| (day + 3) % 7 == *w),
            };
            let at = day * DAY + offset;
            if on_day && at > now.0 && at <= until {
                out.push(Millis(at));
            }
        }
        out
    }

    /// The name of the occurrence starting at `at`.
    #[must_use]
    pub fn name_at(&self, at: Millis) -> String {
        format!("{} {}", self.name.trim(), pgn_date(at.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn daily(at: &str) -> Recurring {
        Recurring {
            name: "Daily Arena".into(),
            every: Every::Day,
            weekday: None,
            at: at.into(),
            ahead_hours: 24,
            spec: Spec {
                system: "arena".into(),
                ..Spec::default()
            },
        }
    }

    // 2026-12-02 (a Wednesday) 15:00 UTC.
    const NOW: Millis = Millis(1_796_223_600_000);

    #[test]
    fn a_daily_event_is_due_once_within_its_window() {
        let r = daily("20:00");
        assert!(r.check().is_ok());
        let due = r.due(NOW);
        assert_eq!(due, vec![Millis(NOW.0 + 5 * 3_600_000)]);
        assert_eq!(r.name_at(due[0]), "Daily Arena 2026.12.02");
        // Before 15:00: tomorrow's, created a day ahead.
        let morning = daily("09:30").due(NOW);
        assert_eq!(morning, vec![Millis(NOW.0 + 18 * 3_600_000 + 1_800_000)]);
    }

    #[test]
    fn a_weekly_event_falls_on_its_weekday() {
        let mut r = daily("20:00");
        r.every = Every::Week;
        r.weekday = Some("sat".into());
        r.ahead_hours = 24 * 7;
        let due = r.due(NOW);
        assert_eq!(due.len(), 1);
        // Saturday 2026-12-05 20:00.
        assert_eq!(r.name_at(due[0]), "Daily Arena 2026.12.05");
        assert_eq!(due[0].0 % DAY, 20 * 3_600_000);
        r.ahead_hours = 24;
        assert!(r.due(NOW).is_empty(), "not within a day");
    }

    #[test]
    fn bad_entries_are_refused() {
        let mut r = daily("25:00");
        assert!(r.check().unwrap_err().contains("HH:MM"));
        r.at = "20:00".into();
        r.every = Every::Week;
        assert!(r.check().unwrap_err().contains("weekday"));
        r.weekday = Some("sun".into());
        assert!(r.check().is_ok());
        r.spec.minutes = 0;
        assert!(r.check().is_err());
    }
}
