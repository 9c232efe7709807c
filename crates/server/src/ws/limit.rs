//! A token bucket per connection: `rate` messages per second, bursts up to twice that.

use std::time::Instant;

/// Limits how fast one connection may send.
#[derive(Debug)]
pub struct MessageLimiter {
    rate: f64,
    capacity: f64,
    tokens: f64,
    at: Instant,
}

impl MessageLimiter {
    /// `rate` messages per second.
    #[must_use]
    pub fn new(rate: u32) -> MessageLimiter {
        let rate = f64::from(rate.max(1));
        MessageLimiter {
            rate,
            capacity: rate * 2.0,
            tokens: rate * 2.0,
            at: Instant::now(),
        }
    }

    /// Takes one token at `now`; `Err(ms)` = wait this long.
    pub fn take(&mut self, now: Instant) -> Result<(), u64> {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.capacity);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - self.tokens) / self.rate * 1_000.0).ceil() as u64)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn allows_a_burst_then_refills() {
        let t0 = Instant::now();
        let mut l = MessageLimiter::new(5);
        for _ in 0..10 {
            assert!(l.take(t0).is_ok());
        }
        let wait = l.take(t0).unwrap_err();
        assert!(wait > 0 && wait <= 200);
        assert!(l.take(t0 + Duration::from_millis(250)).is_ok());
    }
}
