//! [`AttemptLimiter`]: at most `max` attempts per key within a sliding window (login attempts
//! per name and per address).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Most keys remembered before old ones are swept.
const SWEEP_AT: usize = 10_000;

/// Counts attempts per key.
#[derive(Debug)]
pub struct AttemptLimiter {
    max: usize,
    window: Duration,
    seen: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl AttemptLimiter {
    /// `max` attempts per `window`.
    #[must_use]
    pub fn new(max: u32, window: Duration) -> AttemptLimiter {
        AttemptLimiter {
            max: usize::try_from(max).unwrap_or(usize::MAX).max(1),
            window,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Records an attempt for every key at `now`, unless one of them is over the limit:
    /// `Err(seconds to wait)`, and nothing is recorded.
    pub fn attempt(&self, keys: &[String], now: Instant) -> Result<(), u64> {
        let Ok(mut seen) = self.seen.lock() else {
            return Ok(());
        };
        if seen.len() > SWEEP_AT {
            let window = self.window;
            seen.retain(|_, q| q.back().is_some_and(|t| now.duration_since(*t) < window));
        }
        let mut wait = 0;
        for k in keys {
            let q = seen.entry(k.clone()).or_default();
            while q.front().is_some_and(|t| now.duration_since(*t) >= self.window) {
                q.pop_front();
            }
            if q.len() >= self.max {
                if let Some(first) = q.front() {
                    let left = self.window.saturating_sub(now.duration_since(*first));
                    wait = wait.max(left.as_secs() + 1);
                }
            }
        }
        if wait > 0 {
            return Err(wait);
        }
        for k in keys {
            seen.entry(k.clone()).or_default().push_back(now);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_max_attempts_until_the_window_passes() {
        let l = AttemptLimiter::new(2, Duration::from_secs(60));
        let t0 = Instant::now();
        let k = vec!["name:bob".to_owned()];
        assert!(l.attempt(&k, t0).is_ok());
        assert!(l.attempt(&k, t0).is_ok());
        let wait = l.attempt(&k, t0 + Duration::from_secs(10)).unwrap_err();
        assert!((50..=51).contains(&wait));
        assert!(l.attempt(&["name:eve".to_owned()], t0).is_ok());
        assert!(l.attempt(&k, t0 + Duration::from_secs(61)).is_ok());
    }
}
