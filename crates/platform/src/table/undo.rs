//! Undo (悔棋): a player asks to take back their last move — with the opponent's reply, if made —
//! and the opponent grants or refuses. Granting restores the position and both clocks.

use super::error::TableError;
use super::event::Event;
use super::game::UndoRequest;
use super::model::Table;
use crate::ids::{Millis, UserId};

impl Table {
    pub(crate) fn request_undo(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let (allowed, max) = (self.config.undo_allowed, self.config.max_undos);
        let (color, g) = self.player_game(user)?;
        if !allowed {
            return Err(TableError::UndoNotAllowed);
        }
        if g.undo_request.is_some() {
            return Err(TableError::UndoPending);
        }
        if *g.undos_granted.get(color) >= max {
            return Err(TableError::UndoLimit);
        }
        // On move: take back the opponent's reply and one's own move; else one's own move.
        let plies = if g.turn() == color { 2 } else { 1 };
        if g.ply() < plies {
            return Err(TableError::NothingToUndo);
        }
        g.undo_request = Some(UndoRequest { by: color, plies });
        events.push(Event::UndoRequested { by: color, plies });
        Ok(())
    }

    pub(crate) fn accept_undo(
        &mut self,
        user: UserId,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let (color, g) = self.player_game(user)?;
        let req = match g.undo_request {
            Some(r) if r.by != color => r,
            _ => return Err(TableError::NoUndoRequest),
        };
        let keep = g.ply().saturating_sub(req.plies);
        let Some((sides, turn)) = g.clock_before(keep) else {
            return Err(TableError::NothingToUndo);
        };
        for _ in 0..req.plies {
            g.referee.undo();
        }
        g.clock_history.truncate(keep);
        g.clock
            .restore(sides, turn, now)
            .map_err(|_| TableError::NotPlaying)?;
        g.turn_since = now;
        g.undo_request = None;
        g.draw_offer = None;
        *g.undos_granted.get_mut(req.by) += 1;
        events.push(Event::Undone {
            plies: req.plies,
            ply: g.ply(),
            clock: g.clock.snapshot(now),
        });
        Ok(())
    }

    /// Refuses the opponent's request, or withdraws one's own.
    pub(crate) fn decline_undo(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let (color, g) = self.player_game(user)?;
        if g.undo_request.take().is_none() {
            return Err(TableError::NoUndoRequest);
        }
        events.push(Event::UndoDeclined { by: color });
        Ok(())
    }
}
