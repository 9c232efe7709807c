//! A connection's messages for tables of other nodes: sent to the table's owner through the
//! cluster, watching through this node's relay of the table.

use super::conn::Reader;
use cluster::relay_task;
use cluster::remote_tables::{self, RemoteError};
use platform::TableId;
use protocol::error_code::ErrorCode;

impl Reader {
    /// Sends the client's `text` to `table`'s owner on another node; `watch`: whether it
    /// starts (`join`, with its `since`) or stops (`leave`) watching there. A `join` goes
    /// through this node's relay of the table, which answers its `since` when it can (else
    /// the owner is asked for the whole `table_state`: `since` is left out).
    pub(super) async fn send_remote(
        &mut self,
        table: TableId,
        (watch, since): (Option<bool>, Option<(String, u64)>),
        id: Option<u64>,
        text: &str,
    ) {
        let remote = &self.state.remote.watch;
        let relays = &self.state.remote.relays;
        let mut text = std::borrow::Cow::Borrowed(text);
        match watch {
            Some(true) => {
                self.joined.insert(table);
                remote.add(table, self.conn, &self.out);
                let member = (self.conn, self.user.id, &self.out);
                let joined = relay_task::join(&self.state, table, member, since.as_ref()).await;
                if !joined.unwrap_or(false) {
                    text = std::borrow::Cow::Owned(cluster::relay_wire::without_since(&text));
                }
            }
            Some(false) => {
                remote.remove(table, self.conn);
                relays.leave(table, self.conn);
            }
            None => {}
        }
        let sent = remote_tables::send(&self.state, table, self.conn, self.user.id, &text).await;
        let (code, why) = match sent {
            // Taken at this node (the table came here meanwhile): it watches it locally now.
            Ok(node) if node == self.state.node.id => {
                relays.leave(table, self.conn);
                return remote.remove(table, self.conn);
            }
            Ok(node) => {
                if watch == Some(true) {
                    remote.joined(table, self.conn, &node);
                }
                return;
            }
            Err(RemoteError::NotFound) => (ErrorCode::NotFound, "no such table"),
            Err(RemoteError::Unavailable) => (
                ErrorCode::Unavailable,
                "the table's server is not reachable; try again",
            ),
        };
        if watch == Some(true) {
            self.joined.remove(&table);
            remote.remove(table, self.conn);
            relays.leave(table, self.conn);
        }
        self.error(id, Some(table), code, why);
    }
}
