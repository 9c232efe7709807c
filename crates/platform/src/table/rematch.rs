//! Playing again (再来一局): between games, a seated player who is ready asks the other for the
//! next game; the other accepts by becoming ready ([`Action::Ready`](super::Action::Ready)) or
//! declines, which the asker is told of ([`Event::RematchDeclined`]) and which makes them not
//! ready again.

use super::error::TableError;
use super::event::Event;
use super::model::Table;
use crate::ids::UserId;

impl Table {
    /// Declines the other player's request for the next game: they are ready and `user` is
    /// not. Both stay seated; the asker is no longer ready.
    pub(crate) fn decline_rematch(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.seat_of(user).ok_or(TableError::NotSeated)?;
        if self.is_playing() {
            return Err(TableError::GameInProgress);
        }
        let own_ready = self.seat(color).is_some_and(|s| s.ready);
        let asker = self.seats.get_mut(!color).as_mut().filter(|s| s.ready);
        let Some(asker) = asker.filter(|_| !own_ready) else {
            return Err(TableError::NoRematchRequest);
        };
        asker.ready = false;
        events.push(Event::RematchDeclined { by: color });
        events.push(Event::Ready {
            color: !color,
            ready: false,
        });
        Ok(())
    }
}
