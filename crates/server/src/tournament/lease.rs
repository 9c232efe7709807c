//! One node runs each event's director: before a node starts (or restores) a director it claims
//! the event's lease, a row of `table_owner` under an id of its own range
//! ([`FIRST_DIRECTOR_LEASE`] + event id), exactly as it claims a table. A live node's lease is
//! never taken; once its beat is stale another node's pickup claims it and restores the event
//! from its journal, its running round's games with it (docs/scale.md, "Ownership").

use crate::state::AppState;
use platform::TableId;

/// Where the lease ids of events' directors start (far above every table id).
pub const FIRST_DIRECTOR_LEASE: u64 = 8_000_000_000_000_000;

/// The lease id of event `event`'s director.
#[must_use]
pub fn lease_id(event: u64) -> TableId {
    TableId(FIRST_DIRECTOR_LEASE + event)
}

/// Whether this node may run `event`'s director: it claimed (or already held) its lease.
pub async fn claim(state: &AppState, event: u64) -> bool {
    match state.node.claim(&state.db, lease_id(event)).await {
        Ok(lease) => lease.is_some(),
        Err(e) => {
            tracing::warn!(event, "claiming the event's director: {e}");
            false
        }
    }
}
