//! The last events of a table, numbered, for clients that come back (lila-ws `History`).

use std::collections::VecDeque;
use std::sync::Arc;

/// Events kept per table.
pub const HISTORY_LEN: usize = 256;

/// Numbered events, oldest first.
#[derive(Debug, Default)]
pub struct History {
    v: u64,
    kept: VecDeque<(u64, Arc<str>)>,
}

impl History {
    /// The number of the last event (0 before any).
    #[must_use]
    pub fn v(&self) -> u64 {
        self.v
    }

    /// Numbers the next event; `render` builds its message from the number.
    pub fn push(&mut self, render: impl FnOnce(u64) -> Arc<str>) -> Arc<str> {
        self.v += 1;
        let msg = render(self.v);
        if self.kept.len() == HISTORY_LEN {
            self.kept.pop_front();
        }
        self.kept.push_back((self.v, msg.clone()));
        msg
    }

    /// The events after `since`, or `None` if some of them are no longer kept (or `since` is in
    /// the future).
    #[must_use]
    pub fn since(&self, since: u64) -> Option<Vec<Arc<str>>> {
        if since > self.v {
            return None;
        }
        let oldest = self.kept.front().map_or(self.v + 1, |(v, _)| *v);
        if since + 1 < oldest {
            return None;
        }
        Some(
            self.kept
                .iter()
                .filter(|(v, _)| *v > since)
                .map(|(_, m)| m.clone())
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn returns_exactly_the_missed_events_or_none_when_lost() {
        let mut h = History::default();
        for _ in 0..HISTORY_LEN + 10 {
            h.push(|v| Arc::from(v.to_string()));
        }
        let last = h.v();
        let missed = h.since(last - 3).unwrap();
        let got: Vec<&str> = missed.iter().map(|m| &**m).collect();
        assert_eq!(got, vec![
            (last - 2).to_string(),
            (last - 1).to_string(),
            last.to_string()
        ]);
        assert!(h.since(last).unwrap().is_empty());
        assert!(h.since(3).is_none());
        assert!(h.since(last + 1).is_none());
    }
}
