//! Seating a pair formed by the seek desk (`TableMsg::SeatPair`): on a table with both seats
//! empty and no game, the pair's moves are the ordinary platform actions — Red sits and sets
//! the time control (alone at the table, so it is set at once), Black sits, both are ready —
//! applied, stored and published like anyone's; the game starts with the second `ready`. A pair
//! of unrated seeks plays a casual game: stored as such, never rated.

use super::actor::TableActor;
use crate::user::UserInfo;
use platform::clock::TimeControl;
use platform::table::Action;
use platform::Millis;
use std::sync::Arc;
use xiangqi::Color;

impl TableActor {
    /// Seats `red` and `black` and starts their game with `control`; `Err` (the table as it
    /// was, as far as seats go) when the table is busy or a step is refused.
    pub(super) async fn seat_pair(
        &mut self,
        red: Arc<UserInfo>,
        black: Arc<UserInfo>,
        control: TimeControl,
        rated: bool,
        now: Millis,
    ) -> Result<(), String> {
        let t = &self.core.table;
        let busy = self.core.ai.is_some()
            || t.is_playing()
            || t.seat(Color::Red).is_some()
            || t.seat(Color::Black).is_some();
        if busy {
            return Err("the table is busy".into());
        }
        // The desk checked; a game that started since is seen here, by the registry.
        let tables = &self.core.state.tables;
        if tables.is_playing(red.id) || tables.is_playing(black.id) {
            return Err("a player is in a game".into());
        }
        self.see(&red);
        self.see(&black);
        for id in [red.id, black.id] {
            if let Ok(score) = crate::behaviour::gate::score_of(&self.core.state, id).await {
                self.core.behaviour.insert(id, score);
            }
        }
        let steps = [
            (red.id, Action::Sit(Color::Red)),
            (red.id, Action::ProposeTimeControl(control)),
            (black.id, Action::Sit(Color::Black)),
            (red.id, Action::Ready(true)),
            (black.id, Action::Ready(true)),
        ];
        self.core.casual_next = !rated;
        for (user, action) in steps {
            if let Err(e) = self.apply(user, action, now).await {
                self.core.casual_next = false;
                // Nobody stays seated at a table whose game did not start.
                if !self.core.table.is_playing() {
                    for u in [red.id, black.id] {
                        if self.core.table.seat_of(u).is_some() {
                            let _ = self.apply(u, Action::Stand, now).await;
                        }
                    }
                }
                return Err(e.to_string());
            }
        }
        Ok(())
    }
}
