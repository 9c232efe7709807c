//! A game's end at the table: stored (result, ratings, reward, settlements) by the
//! [`finisher`](super::finisher), then told to everyone at the table and to the table's owner.

use super::actor::TableActor;
use super::finisher::{self, Finish};
use crate::owner::TableNews;
use platform::table::{Event, GameEnd};
use platform::Millis;

impl TableActor {
    /// The game ended at `now`: stores its end (result, ratings, reward, settlements) and
    /// publishes `game_ended`, `rated` and the settlements.
    pub(super) async fn end_game(&mut self, end: GameEnd, now: Millis) {
        if self.computer.is_some() {
            self.core.state.tables.release_ai_game(self.core.id);
        }
        let Finish { rated, settled } =
            finisher::finish(&mut self.core, &mut self.desk, end, now).await;
        if self.core.is_fenced() {
            // Not stored here: the new owner stores it from the journal.
            return;
        }
        let e = self.core.event_view(&Event::GameEnded(end), now);
        self.publish(e, now);
        if let Some(r) = rated {
            self.publish(r, now);
        }
        if let Some(s) = settled {
            self.desk.publish_settled(&self.core, s);
            self.publish_notices();
        }
        self.core.last_game_id = self.core.game_id.take();
        if let Some(director) = self.owner.director() {
            let present = self.watchers.users();
            let table = self.core.id;
            director.tell(TableNews::GameOver {
                table,
                end,
                present,
            });
        }
    }
}
