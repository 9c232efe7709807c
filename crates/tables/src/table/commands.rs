//! A watcher's table command and coin command, checked (at the table, the director's or the
//! ladder's own actions refused, the room's gate on sitting) and applied, with the move relay's
//! metrics; the answer goes to the caller.

use super::actor::TableActor;
use super::caller::Caller;
use super::coin_cmd::CoinCmd;
use super::presence;
use platform::table::{Action, TableError};
use platform::Millis;

impl TableActor {
    /// A command from a connection that joined.
    pub(super) async fn command(&mut self, caller: Caller, action: Action, now: Millis) {
        let id = self.core.id;
        if !self.watchers.has(caller.conn) {
            caller.reply(id, Err(TableError::NotAtTable.into()));
            return;
        }
        if let Some(director) = self.owner.director() {
            if presence::director_only(&action) {
                let (code, why) = director.refusal();
                caller.refuse(id, code, why);
                return;
            }
        }
        if let Action::Sit(_) = action {
            if let Err((code, why)) = presence::admits(&self.core, &caller.user).await {
                caller.refuse(id, code, &why);
                return;
            }
            let min = self.core.room.min_behaviour;
            match crate::behaviour::gate::may_play(&self.core.state, caller.user.id, min, now).await
            {
                Ok(score) => self.core.behaviour.insert(caller.user.id, score),
                Err(r) => return caller.refused(id, &r),
            };
        }
        if let Action::Chat(_) = action {
            if let Err(r) =
                crate::behaviour::gate::may_chat(&self.core.state, caller.user.id, now).await
            {
                return caller.refused(id, &r);
            }
        }
        self.see(&caller.user);
        let started = matches!(action, Action::Move { .. }).then(std::time::Instant::now);
        let result = self.apply(caller.user.id, action, now).await;
        if let (Some(started), Ok(())) = (started, &result) {
            let m = kit::metrics::metrics();
            m.moves_relayed.inc();
            m.relay_latency
                .observe(kit::metrics::seconds_since(started));
        }
        caller.reply(id, result);
    }

    /// A wager or betting command from a connection that joined.
    pub(super) async fn coins(&mut self, caller: Caller, cmd: CoinCmd) {
        let id = self.core.id;
        if !self.watchers.has(caller.conn) {
            caller.reply(id, Err(TableError::NotAtTable.into()));
            return;
        }
        self.see(&caller.user);
        let result = self.desk.handle(&self.core, &caller.user, cmd).await;
        self.publish_notices();
        match result {
            Ok(()) => caller.ack(),
            Err(r) => caller.refuse(id, r.code, &r.message),
        }
    }
}
