//! Draw offers: the player on move offers, the opponent accepts or declines (or declines by
//! moving).

use super::error::TableError;
use super::event::Event;
use super::model::Table;
use crate::ids::{Millis, UserId};
use xiangqi::{EndReason, GameResult, Outcome};

impl Table {
    /// Offers a draw; offering while the opponent's offer is pending accepts it.
    pub(crate) fn offer_draw(
        &mut self,
        user: UserId,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let min_ply = self.config.draw_offer_min_ply;
        let (color, g) = self.player_game(user)?;
        match g.draw_offer {
            Some(by) if by == color => Err(TableError::AlreadyOffered),
            Some(_) => {
                self.finish_with(agreed(), now, events);
                Ok(())
            }
            None if g.turn() != color => Err(TableError::NotYourTurn),
            None if g.ply() < min_ply => Err(TableError::DrawTooEarly),
            None => {
                g.draw_offer = Some(color);
                events.push(Event::DrawOffered { by: color });
                Ok(())
            }
        }
    }

    pub(crate) fn accept_draw(
        &mut self,
        user: UserId,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.playing_color(user)?;
        if self.game.as_ref().and_then(|g| g.draw_offer) != Some(!color) {
            return Err(TableError::NoDrawOffer);
        }
        self.finish_with(agreed(), now, events);
        Ok(())
    }

    pub(crate) fn decline_draw(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let (color, g) = self.player_game(user)?;
        if g.draw_offer != Some(!color) {
            return Err(TableError::NoDrawOffer);
        }
        g.draw_offer = None;
        events.push(Event::DrawDeclined { by: color });
        Ok(())
    }
}

fn agreed() -> Outcome {
    Outcome {
        result: GameResult::Draw,
        reason: EndReason::Agreement,
    }
}
