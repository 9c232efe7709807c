//! Chat limits: message length and a sliding-window flood check, with time passed in. A user's
//! recent messages are kept while they are within the window, even if the user leaves, so
//! leaving and joining again does not reset the flood limit; older ones are swept away.

use super::config::ChatLimits;
use super::error::TableError;
use crate::ids::{Millis, UserId};
use std::collections::{BTreeMap, VecDeque};

/// Recent message times per user.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ChatGate {
    recent: BTreeMap<UserId, VecDeque<Millis>>,
}

impl ChatGate {
    /// Checks `text` from `user` at `now`; returns the trimmed text and records it.
    pub(crate) fn admit(
        &mut self,
        limits: &ChatLimits,
        user: UserId,
        text: &str,
        now: Millis,
    ) -> Result<String, TableError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(TableError::ChatEmpty);
        }
        if text.chars().count() > limits.max_chars {
            return Err(TableError::ChatTooLong {
                max: limits.max_chars,
            });
        }
        self.sweep(limits.window, now);
        let times = self.recent.entry(user).or_default();
        while times
            .front()
            .is_some_and(|&t| now.saturating_sub(t) >= limits.window)
        {
            times.pop_front();
        }
        if times.len() >= limits.burst {
            let oldest = times.front().copied().unwrap_or(now);
            let retry_after = (oldest + limits.window).saturating_sub(now);
            return Err(TableError::ChatFlood { retry_after });
        }
        times.push_back(now);
        Ok(text.to_owned())
    }

    /// Forgets users whose every message is older than `window`.
    fn sweep(&mut self, window: Millis, now: Millis) {
        self.recent.retain(|_, times| {
            times
                .back()
                .is_some_and(|&t| now.saturating_sub(t) < window)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flood_limit_is_a_sliding_window() {
        let limits = ChatLimits {
            max_chars: 5,
            burst: 2,
            window: Millis(1_000),
        };
        let mut g = ChatGate::default();
        let u = UserId(1);
        assert_eq!(g.admit(&limits, u, "  hi ", Millis(0)), Ok("hi".into()));
        assert_eq!(
            g.admit(&limits, u, "楚河汉界啊", Millis(10)),
            Ok("楚河汉界啊".into())
        );
        assert_eq!(
            g.admit(&limits, u, "x", Millis(500)),
            Err(TableError::ChatFlood {
                retry_after: Millis(500)
            })
        );
        assert_eq!(g.admit(&limits, u, "x", Millis(1_000)), Ok("x".into()));
        assert_eq!(
            g.admit(&limits, u, "toolong", Millis(5_000)),
            Err(TableError::ChatTooLong { max: 5 })
        );
        assert_eq!(
            g.admit(&limits, u, "   ", Millis(5_000)),
            Err(TableError::ChatEmpty)
        );
    }

    #[test]
    fn only_users_with_recent_messages_are_remembered() {
        let limits = ChatLimits {
            max_chars: 5,
            burst: 1,
            window: Millis(1_000),
        };
        let mut g = ChatGate::default();
        for u in 0..100 {
            assert!(g.admit(&limits, UserId(u), "hi", Millis(u * 100)).is_ok());
        }
        assert!(g.recent.len() <= 10, "{}", g.recent.len());
    }
}
