//! The table task's side of the spectators' delayed feed ([`super::spectators`]): which
//! connections get it (everyone but the players), what of each published event reaches it,
//! the release of held plies (after each move and at the feed's own deadline), and the
//! `table_state` and live record cut back to what spectators may see.

use super::actor::TableActor;
use super::msg::LiveRecord;
use super::outbox::Outbox;
use super::spectators::Cut;
use platform::table::Table;
use platform::{GameId, Millis, UserId};
use protocol::events::EventView;
use protocol::ServerMsg;
use std::sync::Arc;
use xiangqi::Color;

/// Which feed a `table_state` is for.
#[derive(Clone, Copy, Debug)]
pub(super) enum Feed {
    /// The players' (and everyone's, at a table without delay).
    Live,
    /// The spectators', cut back this far (`None`: they see the whole game).
    Delayed(Option<Cut>),
}

/// The epoch of the spectators' feed: its numbering is its own, so a `since` of one feed is
/// never taken for the other.
pub fn delayed_epoch(epoch: &str) -> String {
    format!("{epoch}.spectators")
}

/// Whether `user` only watches `table`: not seated, nor a player of its game in progress.
fn spectates(table: &Table, user: UserId) -> bool {
    let plays = table
        .game()
        .filter(|g| g.is_playing())
        .is_some_and(|g| Color::ALL.iter().any(|c| g.player(*c) == user));
    !plays && table.seat_of(user).is_none()
}

impl TableActor {
    /// Whether `user`'s connections get the delayed feed: the table has one and `user` is not
    /// seated (nor a player of the game in progress).
    pub(super) fn is_delayed(&self, user: UserId) -> bool {
        self.spectators.is_some() && spectates(&self.core.table, user)
    }

    /// Sends `event`, just published on the live feed, to the spectators' feed as far as the
    /// delay allows: a move releases what is due, an undo tells only of plies spectators saw,
    /// the game's end releases the whole game first.
    pub(super) fn publish_delayed(&mut self, mut event: EventView, now: Millis) {
        let Some(feed) = self.spectators.as_mut() else {
            return;
        };
        match &mut event {
            EventView::Moved { .. } => return self.release_delayed(now),
            EventView::Undone { ply, plies, .. } => {
                let lost = feed.undo_to(*ply);
                if lost == 0 {
                    return;
                }
                *plies = lost;
            }
            EventView::GameEnded { .. } => self.release_delayed(now),
            _ => {}
        }
        self.push_delayed(&event, now);
    }

    /// Releases to spectators every ply the delay allows at `now`.
    pub(super) fn release_delayed(&mut self, now: Millis) {
        while let Some((ply, clock)) = self.spectators.as_mut().and_then(|f| f.release_next(now)) {
            if let Some(e) = self.core.moved_at(ply, clock) {
                self.push_delayed(&e, now);
            }
        }
    }

    /// When the task wakes by itself: the table's next deadline, or the spectators' feed's
    /// next release by time, whichever comes first.
    pub(super) fn wake_at(&self, now: Millis) -> Option<Millis> {
        let deadline = self.core.table.next_deadline();
        let release = self.spectators.as_ref().and_then(|f| f.next_release(now));
        match (deadline, release) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Numbers `event` in the spectators' feed and sends it to its connections.
    fn push_delayed(&mut self, event: &EventView, now: Millis) {
        let Some(feed) = self.spectators.as_mut() else {
            return;
        };
        let table = self.core.id;
        // The delayed feed's `legal` lists are empty.
        let msg = feed.history.push(now, false, |v| {
            ServerMsg::Ev {
                table,
                v,
                now: now.0,
                e: event,
            }
            .to_text()
        });
        self.watchers.send_all(&msg, true);
        let v = feed.history.v();
        self.core.state.site.offer_event(table, true, v, &msg);
    }

    /// Puts every connection on the feed it should get now (a spectator who sat down gets the
    /// live one, a player who stood up the delayed one), each moved one with its `table_state`.
    pub(super) fn regroup(&mut self, now: Millis) {
        if self.spectators.is_none() {
            return;
        }
        let table = &self.core.table;
        let moved = self.watchers.regroup(|u| spectates(table, u));
        for (out, on) in moved {
            self.send_state(&out, now, on);
        }
    }

    /// Sends the `table_state` of the live feed, or of the delayed one.
    pub(super) fn send_state(&self, out: &Outbox, now: Millis, delayed: bool) {
        out.send(self.state_text(now, delayed));
    }

    /// The `table_state` of a feed.
    pub(super) fn state_text(&self, now: Millis, delayed: bool) -> Arc<str> {
        match self.spectators.as_ref().filter(|_| delayed) {
            Some(feed) => {
                let feed_v = feed.history.v();
                let cut = Feed::Delayed(feed.cut());
                self.core.state_msg(&self.desk, feed_v, now, cut)
            }
            None => self
                .core
                .state_msg(&self.desk, self.history.v(), now, Feed::Live),
        }
    }

    /// The record so far of game `game_id` as spectators may see it (the HTTP record of a game
    /// in progress is public, so it is cut back like the spectators' feed).
    pub(super) fn live_record(&self, game_id: GameId) -> Option<LiveRecord> {
        let mut record = self.core.live_record(game_id)?;
        if let Some(cut) = self.spectators.as_ref().and_then(|f| f.cut()) {
            record.moves.truncate(cut.shown);
            record.clocks.truncate(cut.shown);
        }
        Some(record)
    }
}
