//! Ending the game in progress: stop the clock, drop pending offers, record the end.

use super::event::{AbortReason, Event, GameEnd};
use super::model::Table;
use crate::ids::Millis;
use xiangqi::Outcome;

impl Table {
    /// Ends the game in progress with `outcome` (no-op without one).
    pub(crate) fn finish_with(&mut self, outcome: Outcome, now: Millis, events: &mut Vec<Event>) {
        self.end_game(now, events, |plies| GameEnd::Finished { outcome, plies });
    }

    /// Aborts the game in progress (no-op without one).
    pub(crate) fn abort_with(&mut self, reason: AbortReason, now: Millis, events: &mut Vec<Event>) {
        self.end_game(now, events, |plies| GameEnd::Aborted { reason, plies });
    }

    fn end_game(
        &mut self,
        now: Millis,
        events: &mut Vec<Event>,
        end: impl FnOnce(usize) -> GameEnd,
    ) {
        let Some(g) = self.game_mut() else {
            return;
        };
        let end = end(g.ply());
        g.clock.stop(now);
        g.draw_offer = None;
        g.undo_request = None;
        g.end = Some(end);
        events.push(Event::GameEnded(end));
    }
}
