//! One node runs each event's director: before a node starts (or restores) a director it claims
//! the event's lease, a row of `table_owner` under an id of its own range
//! ([`FIRST_DIRECTOR_LEASE`] + event id), exactly as it claims a table. A live node's lease is
//! never taken; once its beat is stale another node's pickup claims it and restores the event
//! from its journal, its running round's games with it (docs/scale.md, "Ownership").

use super::actor::Director;
use crate::deps::Events;
use platform::TableId;
use store::Fence;
use tables::table::Close;

/// Where the lease ids of events' directors start (far above every table id).
pub const FIRST_DIRECTOR_LEASE: u64 = 8_000_000_000_000_000;

/// The lease id of event `event`'s director.
#[must_use]
pub fn lease_id(event: u64) -> TableId {
    TableId(FIRST_DIRECTOR_LEASE + event)
}

/// This node's lease of `event`'s director, if it claimed (or already held) it: every
/// journal write of the director carries its fence.
pub async fn claim(state: &Events, event: u64) -> Option<Fence> {
    match state.node.claim(&state.db, lease_id(event)).await {
        Ok(lease) => lease.map(|l| l.fence),
        Err(e) => {
            tracing::warn!(event, "claiming the event's director: {e}");
            None
        }
    }
}

impl Director {
    /// A write was refused by the lease's fence: another node runs the event now. Leaves this
    /// node's registry and closes the watchers (1012: they watch again where it runs now).
    pub(super) fn step_down(&mut self) {
        tracing::warn!(
            event = self.id,
            "the event's lease was taken over; stopping"
        );
        self.state.tournaments.remove(self.id);
        for out in self.watchers.values() {
            out.close(Close::TABLE_MOVED);
        }
        self.watchers.clear();
    }
}
