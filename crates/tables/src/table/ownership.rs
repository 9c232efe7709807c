//! The table's lease, as its task sees it: checking that this node still owns it (a node woken
//! from a pause finds it taken), dropping it when fenced, and releasing it when placement gives
//! it another live node (docs/scale.md, "Ownership").

use super::actor::TableActor;
use super::outbox::Close;

impl TableActor {
    /// Whether this node still owns the table (the stored epoch is its own); when not, the
    /// table is fenced off and the task is to end.
    pub(super) async fn check_owner(&mut self) -> bool {
        let id = self.core.id;
        let stored = self.core.state.db.table_owner(id).await;
        let mine = self.core.fence().epoch;
        match stored {
            Ok(owner) if owner.as_ref().is_none_or(|o| o.epoch != mine) => {
                self.core.fence_off();
                false
            }
            Ok(_) => true,
            Err(e) => {
                tracing::warn!(table = id.0, "checking the owner: {e}");
                true
            }
        }
    }

    /// Another node owns the table now (a write was refused by the fence): forgets it here,
    /// without a further write, and closes the connections watching it so that their clients
    /// reconnect and find its new owner.
    pub(super) fn drop_fenced(&mut self) {
        let core = &self.core;
        tracing::warn!(
            table = core.id.0,
            epoch = core.lease.fence.epoch.0,
            "the table is another node's now; dropped here"
        );
        self.watchers.close_all(Close::TABLE_MOVED);
        core.state.tables.release_ai_game(core.id);
        core.state.tables.remove(core.id);
        core.state.lobby.remove(core.id);
    }

    /// Gives the table up when nobody is at it (see [`TableMsg::Release`]); `true` when it did
    /// (the task ends).
    pub(super) async fn release(&mut self) -> bool {
        let table = &self.core.table;
        let nobody = !table.is_playing()
            && xiangqi::Color::ALL.iter().all(|c| table.seat(*c).is_none())
            && table.spectators().next().is_none()
            && self.watchers.is_empty();
        if !nobody || self.computer.is_some() || self.owner.is_event() {
            return false;
        }
        match self.core.state.db.release_table(self.core.fence()).await {
            Ok(true) => {
                tracing::info!(
                    table = self.core.id.0,
                    "released to the node placement gives it"
                );
                self.core.state.tables.remove(self.core.id);
                self.core.state.lobby.remove(self.core.id);
                true
            }
            Ok(false) => {
                self.core.fence_off();
                true
            }
            Err(e) => {
                tracing::warn!(table = self.core.id.0, "releasing the table: {e}");
                false
            }
        }
    }
}
