//! The last events of a table, numbered, for clients that come back (lila-ws `History`).
//!
//! Events are kept while they are recent: at most [`HISTORY_LEN`], and none older than
//! [`HISTORY_AGE`] beyond the last [`HISTORY_MIN`]. A `moved` event is ≈ 0.8 KiB of JSON, so a
//! long game's 256 events held ≈ 200 KiB per table for clients that reconnect within seconds;
//! one that comes back later gets a fresh `table_state`, as it would after a gap.
//!
//! Only the newest event that carries the position (`moved`, `undone`) is kept whole: a client
//! replaying missed events takes the position, clock and legal moves from the last one, so an
//! older kept `moved` is cut to its move (`color`, `mv`, `ply`: ≈ 0.1 KiB instead of ≈ 0.5 KiB)
//! and an older `undone` to `"legal":[]`.

use platform::Millis;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

/// Most events kept per table.
pub const HISTORY_LEN: usize = 256;

/// Events always kept, however old.
pub const HISTORY_MIN: usize = 16;

/// How long an event beyond the last [`HISTORY_MIN`] is kept (ms).
pub const HISTORY_AGE: u64 = 30_000;

/// Numbered events, oldest first.
#[derive(Debug, Default)]
pub struct History {
    v: u64,
    /// `(number, when published, message)`.
    kept: VecDeque<(u64, Millis, Arc<str>)>,
    /// The number of the kept event that carries the position and is still whole, if any.
    whole: Option<u64>,
}

impl History {
    /// The number of the last event (0 before any).
    #[must_use]
    pub fn v(&self) -> u64 {
        self.v
    }

    /// Numbers the next event, published at `now`; `render` builds its message from the
    /// number. Forgets the events that are no longer recent. `carries_position`: the event
    /// (`moved`, `undone`) supersedes the previous such one, whose kept copy is cut down.
    pub fn push(
        &mut self,
        now: Millis,
        carries_position: bool,
        render: impl FnOnce(u64) -> Arc<str>,
    ) -> Arc<str> {
        if carries_position {
            self.cut_superseded();
        }
        self.v += 1;
        let msg = render(self.v);
        if self.kept.len() == HISTORY_LEN {
            self.kept.pop_front();
        }
        while self.kept.len() >= HISTORY_MIN
            && self
                .kept
                .front()
                .is_some_and(|(_, at, _)| at.0.saturating_add(HISTORY_AGE) < now.0)
        {
            self.kept.pop_front();
        }
        self.kept.push_back((self.v, now, msg.clone()));
        if carries_position {
            self.whole = Some(self.v);
        }
        msg
    }

    /// Forgets every event and goes on numbering after `v`: a relay's copy of another node's
    /// history (the cluster's relay) starts again there after a gap.
    pub fn restart(&mut self, v: u64) {
        self.kept.clear();
        self.whole = None;
        self.v = v;
    }

    /// Cuts down the kept event that still carries the position whole.
    fn cut_superseded(&mut self) {
        let Some(v) = self.whole.take() else {
            return;
        };
        let Some((_, _, msg)) = self.kept.iter_mut().rev().find(|(n, _, _)| *n == v) else {
            return;
        };
        if let Some(cut) = lean_move(msg).or_else(|| without_legal(msg)) {
            *msg = Arc::from(cut);
        }
    }

    /// The events after `since`, or `None` if some of them are no longer kept (or `since` is in
    /// the future).
    #[must_use]
    pub fn since(&self, since: u64) -> Option<Vec<Arc<str>>> {
        if since > self.v {
            return None;
        }
        let oldest = self.kept.front().map_or(self.v + 1, |(v, _, _)| *v);
        if since + 1 < oldest {
            return None;
        }
        Some(
            self.kept
                .iter()
                .filter(|(v, _, _)| *v > since)
                .map(|(_, _, m)| m.clone())
                .collect(),
        )
    }
}

/// An `ev` message of a `moved` event, read for [`lean_move`] (other fields are skipped).
#[derive(Deserialize, Serialize)]
struct MovedEv<'a> {
    t: &'a str,
    table: u64,
    v: u64,
    now: u64,
    #[serde(borrow)]
    e: MoveOnly<'a>,
}

/// The part of a `moved` event an older kept copy keeps.
#[derive(Deserialize, Serialize)]
struct MoveOnly<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    color: &'a str,
    mv: &'a str,
    ply: u64,
}

/// `msg` cut to its move, if it is a `moved` event: `clock`, `fen`, `legal`, `warnings` and
/// `first_move` are dropped (`None` for any other message).
fn lean_move(msg: &str) -> Option<String> {
    let ev: MovedEv<'_> = serde_json::from_str(msg).ok()?;
    (ev.t == "ev" && ev.e.kind == "moved")
        .then(|| serde_json::to_string(&ev).ok())
        .flatten()
}

/// `msg` with its first `"legal":[…]` list emptied (`None` if it has none or it is empty).
/// The list holds move strings only, so it ends at the first `]`.
fn without_legal(msg: &str) -> Option<String> {
    const KEY: &str = "\"legal\":[";
    let start = msg.find(KEY)? + KEY.len();
    let end = start + msg[start..].find(']')?;
    (end > start).then(|| [&msg[..start], &msg[end..]].concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn returns_exactly_the_missed_events_or_none_when_lost() {
        let mut h = History::default();
        for _ in 0..HISTORY_LEN + 10 {
            h.push(Millis(0), false, |v| Arc::from(v.to_string()));
        }
        let last = h.v();
        let missed = h.since(last - 3).unwrap();
        let got: Vec<&str> = missed.iter().map(|m| &**m).collect();
        assert_eq!(
            got,
            vec![
                (last - 2).to_string(),
                (last - 1).to_string(),
                last.to_string()
            ]
        );
        assert!(h.since(last).unwrap().is_empty());
        assert!(h.since(3).is_none());
        assert!(h.since(last + 1).is_none());
    }

    #[test]
    fn old_events_beyond_the_last_few_are_forgotten() {
        let mut h = History::default();
        // 40 events a second apart: recent ones stay, the old ones go once past the minimum.
        for s in 0..40u64 {
            h.push(Millis(s * 1_000), false, |v| Arc::from(v.to_string()));
        }
        // At t = 39 s, events published before 9 s are older than HISTORY_AGE.
        let oldest_kept = 40 - (39 - 9);
        assert_eq!(h.since(oldest_kept - 1).map(|e| e.len()), Some(31));
        assert!(h.since(oldest_kept - 2).is_none());
        // Long after, the last HISTORY_MIN stay.
        h.push(Millis(1_000_000), false, |v| Arc::from(v.to_string()));
        let last = h.v();
        assert_eq!(
            h.since(last - HISTORY_MIN as u64).map(|e| e.len()),
            Some(HISTORY_MIN)
        );
        assert!(h.since(last - HISTORY_MIN as u64 - 1).is_none());
    }

    #[test]
    fn an_older_move_keeps_only_its_move() {
        let mut h = History::default();
        let moved = |v: u64, mv: &str| {
            format!(
                r#"{{"t":"ev","table":7,"v":{v},"now":5,"e":{{"type":"moved","color":"red","mv":"{mv}","ply":{v},"clock":{{"red":1}},"fen":"x b","legal":["a0a1"],"warnings":[],"first_move":null}}}}"#
            )
        };
        h.push(Millis(0), true, |v| Arc::from(moved(v, "h2e2")));
        h.push(Millis(1), false, |_| Arc::from("chat"));
        h.push(Millis(2), true, |v| Arc::from(moved(v, "h9g7")));
        let got = h.since(0).unwrap();
        assert_eq!(
            &*got[0],
            r#"{"t":"ev","table":7,"v":1,"now":5,"e":{"type":"moved","color":"red","mv":"h2e2","ply":1}}"#
        );
        assert_eq!(&*got[1], "chat");
        assert_eq!(&*got[2], moved(3, "h9g7"));
    }

    #[test]
    fn only_the_newest_legal_list_is_kept_whole() {
        let mut h = History::default();
        let moved =
            |mv: &str| format!(r#"{{"e":{{"mv":"{mv}","legal":["a0a1","b0b1"],"warnings":[]}}}}"#);
        h.push(Millis(0), true, |_| Arc::from(moved("h2e2")));
        h.push(Millis(1), false, |_| Arc::from("chat"));
        assert_eq!(&*h.since(0).unwrap()[0], moved("h2e2"));
        h.push(Millis(2), true, |_| Arc::from(moved("h9g7")));
        let got = h.since(0).unwrap();
        assert_eq!(&*got[0], r#"{"e":{"mv":"h2e2","legal":[],"warnings":[]}}"#);
        assert_eq!(&*got[1], "chat");
        assert_eq!(&*got[2], moved("h9g7"));
        assert_eq!(without_legal(r#"{"legal":[],"x":[1]}"#), None);
    }
}
