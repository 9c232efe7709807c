//! Connections and time-driven endings: disconnection with a reconnection grace, the flag, the
//! first-move deadline. [`Table::next_deadline`] tells the server when to tick.

use super::error::TableError;
use super::event::{AbortReason, Event};
use super::model::Table;
use crate::ids::{Millis, UserId};
use xiangqi::{Color, EndReason, GameResult, Outcome};

/// Something that happens by itself once its instant has passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Due {
    /// The side on move's time ran out.
    Flag(Color),
    /// The side on move missed its first-move deadline.
    NoFirstMove(Color),
    /// A seated player stayed away past the grace.
    Away(Color),
}

impl Table {
    pub(crate) fn disconnect(
        &mut self,
        user: UserId,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.seat_of(user).ok_or(TableError::NotSeated)?;
        let grace = self.config.reconnect_grace;
        let Some(seat) = self.seats.get_mut(color).as_mut() else {
            return Err(TableError::NotSeated);
        };
        if seat.away_since.is_some() {
            return Err(TableError::AlreadyDisconnected);
        }
        seat.away_since = Some(now);
        events.push(Event::Disconnected {
            color,
            deadline: now + grace,
        });
        Ok(())
    }

    pub(crate) fn reconnect(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.seat_of(user).ok_or(TableError::NotSeated)?;
        let Some(seat) = self.seats.get_mut(color).as_mut() else {
            return Err(TableError::NotSeated);
        };
        if seat.away_since.take().is_none() {
            return Err(TableError::NotDisconnected);
        }
        events.push(Event::Reconnected { color });
        Ok(())
    }

    /// The earliest instant at which something becomes due (a flag, a first-move deadline, a
    /// grace running out); `None` if nothing is pending. Each is due once strictly passed.
    #[must_use]
    pub fn next_deadline(&self) -> Option<Millis> {
        if self.paused_at.is_some() {
            return None;
        }
        self.dues().into_iter().map(|(at, _)| at).min()
    }

    /// Everything pending, with the instant it becomes due.
    fn dues(&self) -> Vec<(Millis, Due)> {
        let mut dues = Vec::new();
        let grace = self.config.reconnect_grace;
        for c in Color::ALL {
            if let Some(away) = self.seat(c).and_then(|s| s.away_since) {
                dues.push((away + grace + Millis(1), Due::Away(c)));
            }
        }
        if let Some(g) = self.game.as_ref().filter(|g| g.is_playing()) {
            let turn = g.turn();
            if let Some(at) = g.clock.flag_at_with_grace() {
                dues.push((at, Due::Flag(turn)));
            }
            if let Some(d) = self.config.first_move_deadline {
                if !g.has_moved(turn) {
                    dues.push((g.turn_since + d + Millis(1), Due::NoFirstMove(turn)));
                }
            }
        }
        dues
    }

    /// Settles, earliest first, everything due by `now`.
    pub(crate) fn settle(&mut self, now: Millis) -> Vec<Event> {
        let mut events = Vec::new();
        // Each step ends the game or empties a seat, so this ends within a few rounds.
        for _ in 0..8 {
            let Some((at, due)) = self.dues().into_iter().filter(|(at, _)| *at <= now).min() else {
                break;
            };
            match due {
                Due::Flag(color) => {
                    let outcome = Outcome {
                        result: GameResult::win_for(!color),
                        reason: EndReason::Timeout,
                    };
                    self.finish_with(outcome, at, &mut events);
                }
                Due::NoFirstMove(color) => {
                    self.abort_with(AbortReason::NoFirstMove(color), at, &mut events);
                }
                Due::Away(color) => {
                    // During a game both players are seated, so the seat is a player's.
                    if self.is_playing() {
                        let outcome = Outcome {
                            result: GameResult::win_for(!color),
                            reason: EndReason::Abandoned,
                        };
                        self.finish_with(outcome, at, &mut events);
                    } else {
                        self.vacate(color, &mut events);
                    }
                }
            }
        }
        events
    }
}
