//! Moves, resignation and abort.

use super::config::RepetitionPolicy;
use super::error::TableError;
use super::event::{AbortReason, Event};
use super::model::Table;
use crate::clock::ClockError;
use crate::ids::{Millis, UserId};
use xiangqi::{Color, EndReason, GameResult, Move, Outcome};

impl Table {
    /// A move by `user`: legal, on their turn, in time. A move that arrives after the flag fell
    /// ends the game on time instead (and is not an error).
    pub(crate) fn play_move(
        &mut self,
        user: UserId,
        mv: Move,
        lag: Millis,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let refuse = self.config.repetition == RepetitionPolicy::Refuse;
        let undos = self.config.undo_allowed.then_some(self.config.max_undos);
        let (color, g) = self.player_game(user)?;
        if g.turn() != color {
            return Err(TableError::NotYourTurn);
        }
        if !g.referee.is_legal(mv) {
            return Err(TableError::IllegalMove(mv));
        }
        if refuse && g.referee.is_losing_repetition(mv) {
            return Err(TableError::LosingRepetition(mv));
        }
        let before = *g.clock.player(color);
        match g.clock.press_with_lag(now, lag) {
            Ok(_) => {}
            Err(ClockError::Flagged { color, .. }) => {
                let outcome = Outcome {
                    result: GameResult::win_for(!color),
                    reason: EndReason::Timeout,
                };
                self.finish_with(outcome, now, events);
                return Ok(());
            }
            Err(_) => return Err(TableError::NotPlaying),
        }
        let ruling = g
            .referee
            .play(mv)
            .map_err(|_| TableError::IllegalMove(mv))?;
        g.clock_history.push(before);
        // Each undo left takes back at most two plies: older clocks can never come back.
        let undos_left: u32 = undos.map_or(0, |max| {
            Color::ALL
                .into_iter()
                .map(|c| max.saturating_sub(*g.undos_granted.get(c)))
                .sum()
        });
        let reach = 2 * undos_left as usize;
        g.clock_history.forget_before(g.ply().saturating_sub(reach));
        g.turn_since = now;
        // Moving declines the opponent's draw offer; any move voids an undo request.
        if g.draw_offer == Some(!color) {
            g.draw_offer = None;
        }
        g.undo_request = None;
        events.push(Event::Moved {
            color,
            mv,
            ply: g.ply(),
            clock: g.clock.snapshot(now),
        });
        if let Some(outcome) = ruling {
            self.finish_with(outcome, now, events);
        }
        Ok(())
    }

    pub(crate) fn resign(
        &mut self,
        user: UserId,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.playing_color(user)?;
        let outcome = Outcome {
            result: GameResult::win_for(!color),
            reason: EndReason::Resignation,
        };
        self.finish_with(outcome, now, events);
        Ok(())
    }

    /// Abort: allowed until both sides have moved.
    pub(crate) fn abort(
        &mut self,
        user: UserId,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.playing_color(user)?;
        if self.game.as_ref().is_some_and(|g| g.ply() >= 2) {
            return Err(TableError::TooLateToAbort);
        }
        self.abort_with(AbortReason::Requested(color), now, events);
        Ok(())
    }
}
