//! Starting a table now (a room table with a game to bring back, a computer game, an event's
//! board): its task, its place in the registry and, on a clustered node, its service to the
//! other nodes' connections, which wakes it again if it goes dormant later ([`super::lazy`]).

use super::actor::start;
use super::registry::TableHandle;
use super::setup::{Lease, TableSetup};
use crate::live::Live;
use platform::table::TableError;
use store::UnfinishedGame;

/// Starts the task of a table that this node was granted (`lease`), registers it, and returns
/// its handle. `restore` is an unfinished game to bring back (after a restart or a takeover).
///
/// # Errors
/// The table's configuration is refused by `platform`.
pub fn spawn_table(
    state: &Live,
    setup: TableSetup,
    lease: Lease,
    restore: Option<UnfinishedGame>,
) -> Result<TableHandle, TableError> {
    let id = setup.id;
    let handle = start(state, setup, lease, restore, None)?;
    state.tables.insert(id, handle.clone());
    // Clustered: connections of other nodes reach it too.
    state.site.serve_table(id);
    Ok(handle)
}
