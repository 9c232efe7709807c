//! A routed client message that is for a table, as the table's own message: one mapping used by
//! the connection's reader (a table of this node) and by a table's owner serving a connection
//! of another node (`cluster/table_service.rs`).

use crate::route::Route;
use crate::table::{Caller, TableMsg};
use platform::TableId;

/// A routed message: for a table, or something else.
#[derive(Debug)]
pub enum Routed {
    /// For `table`: its message.
    Table(TableId, TableMsg),
    /// Not for a table.
    Other(Route),
}

/// `route` as a table's message when it is for a table.
#[must_use]
pub fn table_msg(route: Route, caller: Caller) -> Routed {
    let (table, msg) = match route {
        Route::Join { table, since } => (table, TableMsg::Join { caller, since }),
        Route::Leave { table } => (table, TableMsg::Leave(caller)),
        Route::Table { table, action } => (table, TableMsg::Command { caller, action }),
        Route::Coins { table, cmd } => (table, TableMsg::Coins { caller, cmd }),
        Route::Hint { table } => (table, TableMsg::Hint(caller)),
        other => return Routed::Other(other),
    };
    Routed::Table(table, msg)
}
