//! Berserk at a table (an arena's): before their first move a player halves their time and
//! drops their increment; the other side keeps its control.

use super::error::TableError;
use super::event::Event;
use super::model::Table;
use crate::ids::{Millis, UserId};
use crate::tournament::arena::berserk_control;
use xiangqi::Color;

impl Table {
    /// `user` berserks in the game in progress.
    pub(crate) fn berserk(
        &mut self,
        user: UserId,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        if !self.config.berserk {
            return Err(TableError::BerserkRefused);
        }
        let color = self.playing_color(user)?;
        let original = match (color, &self.config.black_time_control) {
            (Color::Black, Some(black)) => black.clone(),
            _ => self.time_control().clone(),
        };
        let (_, g) = self.player_game(user)?;
        if g.has_moved(color) || g.clock.control_of(color) != &original {
            return Err(TableError::BerserkRefused);
        }
        let control = berserk_control(&original);
        g.clock
            .set_control(color, control.clone())
            .map_err(|_| TableError::BerserkRefused)?;
        events.push(Event::Berserked {
            color,
            control,
            clock: g.clock.snapshot(now),
        });
        Ok(())
    }
}
