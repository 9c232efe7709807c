//! [`SpectatorFeed`]: the second feed of a table with a spectator delay (`platform::table::
//! SpectatorDelay`). The players get the live feed ([`super::history::History`]); connections
//! of anyone else get this one, numbered on its own (its own `v`, its own epoch), in which a
//! move is released only once the delay allows it: `plies` more plies played after it and
//! `secs` seconds since it was played, each move with the clocks as they were just after it.
//!
//! Every other event goes to both feeds at once. An undo that takes back plies spectators saw
//! reaches them as an `undone` of only those plies; one of plies they never saw reaches them
//! not at all. When the game ends the whole game is released at once, before its
//! `game_ended` (the result is shown at once: a finished game can no longer be relayed).

use super::history::History;
use platform::clock::ClockSnapshot;
use platform::table::{Event, SpectatorDelay, Table};
use platform::Millis;

/// The spectators' feed of a table whose spectators are kept behind the game.
#[derive(Debug)]
pub(super) struct SpectatorFeed {
    /// How far behind.
    pub(super) delay: SpectatorDelay,
    /// The spectators' numbered events.
    pub(super) history: History,
    /// When each ply of the game in progress was played.
    times: Vec<Millis>,
    /// The clocks just after each ply.
    clocks: Vec<ClockSnapshot>,
    /// The clocks when the game started.
    start_clock: Option<ClockSnapshot>,
    /// Plies spectators were shown.
    shown: usize,
    /// The game ended: all of it is released.
    over: bool,
}

/// What spectators see of the game in progress while they are behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cut {
    /// Plies shown.
    pub(super) shown: usize,
    /// The clocks just after the last ply shown (at the start when none is).
    pub(super) clock: Option<ClockSnapshot>,
}

impl SpectatorFeed {
    /// The feed of a table with `delay`; `None` when there is no delay (spectators share the
    /// players' feed).
    pub(super) fn new(delay: SpectatorDelay) -> Option<SpectatorFeed> {
        (!delay.is_none()).then(|| SpectatorFeed {
            delay,
            history: History::default(),
            times: Vec::new(),
            clocks: Vec::new(),
            start_clock: None,
            shown: 0,
            over: false,
        })
    }

    /// Keeps what `ev` (applied at `now`) changes of the game: its start, a ply, an undo, its
    /// end.
    pub(super) fn note(&mut self, ev: &Event, now: Millis, table: &Table) {
        match ev {
            Event::GameStarted { .. } => {
                self.times.clear();
                self.clocks.clear();
                self.shown = 0;
                self.over = false;
                self.start_clock = table.game().map(|g| g.clock().snapshot(now));
            }
            Event::Moved { clock, .. } => {
                self.times.push(now);
                self.clocks.push(*clock);
            }
            Event::Undone { ply, .. } => {
                self.times.truncate(*ply);
                self.clocks.truncate(*ply);
            }
            Event::GameEnded(_) => self.over = true,
            _ => {}
        }
    }

    /// Plies spectators are to be shown at `now`.
    fn due(&self, now: Millis) -> usize {
        if self.over {
            self.times.len()
        } else {
            self.delay.shown(&self.times, now)
        }
    }

    /// When the next ply is to be released by time alone.
    pub(super) fn next_release(&self, now: Millis) -> Option<Millis> {
        if self.over {
            return None;
        }
        self.delay.next_release(&self.times, now)
    }

    /// The next ply to release at `now`, with the clocks just after it; marks it shown.
    pub(super) fn release_next(&mut self, now: Millis) -> Option<(usize, ClockSnapshot)> {
        if self.shown >= self.due(now) {
            return None;
        }
        let clock = *self.clocks.get(self.shown)?;
        self.shown += 1;
        Some((self.shown, clock))
    }

    /// After an undo back to `ply`: how many plies spectators saw are taken back (0: they
    /// saw none of them, and are not told).
    pub(super) fn undo_to(&mut self, ply: usize) -> usize {
        let lost = self.shown.saturating_sub(ply);
        self.shown = self.shown.min(ply);
        lost
    }

    /// What spectators see of the game in progress: `None` when they see all of it.
    pub(super) fn cut(&self) -> Option<Cut> {
        if self.shown >= self.times.len() {
            return None;
        }
        let clock = match self.shown {
            0 => self.start_clock,
            k => self.clocks.get(k - 1).copied(),
        };
        Some(Cut {
            shown: self.shown,
            clock,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::table::{Action, Command, TableConfig};
    use platform::{TableId, UserId};
    use xiangqi::Color;

    /// A table whose game has started, and its start events.
    fn started() -> (Table, Vec<Event>) {
        let mut t = Table::new(TableId(1), TableConfig::default()).expect("table");
        let (a, b) = (UserId(1), UserId(2));
        let mut events = Vec::new();
        for (u, act) in [
            (a, Action::Sit(Color::Red)),
            (b, Action::Sit(Color::Black)),
            (a, Action::Ready(true)),
            (b, Action::Ready(true)),
        ] {
            events.extend(t.apply(Command::new(u, act), Millis(0)).expect("setup"));
        }
        (t, events)
    }

    fn play(t: &mut Table, ply: usize, at: Millis) -> Vec<Event> {
        let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];
        let user = if ply.is_multiple_of(2) {
            UserId(1)
        } else {
            UserId(2)
        };
        let mv = moves[ply].parse().expect("move");
        t.apply(Command::new(user, Action::Move { mv, lag: Millis(0) }), at)
            .expect("move")
    }

    #[test]
    fn plies_are_released_n_behind_then_all_at_the_end() {
        let (mut t, evs) = started();
        let mut feed = SpectatorFeed::new(SpectatorDelay { plies: 2, secs: 0 }).expect("feed");
        for e in &evs {
            feed.note(e, Millis(0), &t);
        }
        let mut released = Vec::new();
        for ply in 0..4 {
            for e in play(&mut t, ply, Millis(1_000 * (ply as u64 + 1))) {
                feed.note(&e, Millis(0), &t);
            }
            while let Some((k, _)) = feed.release_next(Millis(0)) {
                released.push((ply + 1, k));
            }
        }
        // Ply 1 appears when ply 3 is played, ply 2 with ply 4.
        assert_eq!(released, vec![(3, 1), (4, 2)]);
        assert_eq!(feed.cut().map(|c| c.shown), Some(2));
        feed.note(
            &Event::GameEnded(platform::table::GameEnd::Aborted {
                reason: platform::table::AbortReason::Requested(Color::Red),
                plies: 4,
            }),
            Millis(0),
            &t,
        );
        assert_eq!(feed.release_next(Millis(0)).map(|r| r.0), Some(3));
        assert_eq!(feed.release_next(Millis(0)).map(|r| r.0), Some(4));
        assert_eq!(feed.release_next(Millis(0)), None);
        assert_eq!(feed.cut(), None);
    }

    #[test]
    fn an_undo_tells_spectators_only_of_plies_they_saw() {
        let (mut t, evs) = started();
        let mut feed = SpectatorFeed::new(SpectatorDelay { plies: 2, secs: 0 }).expect("feed");
        for e in &evs {
            feed.note(e, Millis(0), &t);
        }
        for ply in 0..5 {
            for e in play(&mut t, ply, Millis(0)) {
                feed.note(&e, Millis(0), &t);
            }
            while feed.release_next(Millis(0)).is_some() {}
        }
        assert_eq!(feed.cut().map(|c| c.shown), Some(3));
        // Back to ply 4: spectators never saw ply 5.
        feed.note(&undone(&t, 4), Millis(0), &t);
        assert_eq!(feed.undo_to(4), 0);
        // Back to ply 1: they saw plies 2 and 3.
        feed.note(&undone(&t, 1), Millis(0), &t);
        assert_eq!(feed.undo_to(1), 2);
        assert_eq!(feed.cut(), None);
    }

    fn undone(t: &Table, ply: usize) -> Event {
        let clock = t.game().expect("game").clock().snapshot(Millis(0));
        Event::Undone {
            plies: 1,
            ply,
            clock,
        }
    }

    #[test]
    fn no_delay_has_no_feed() {
        assert!(SpectatorFeed::new(SpectatorDelay::default()).is_none());
    }
}
