//! [`TableSite`]: what a table, the seek desk and the computer's tables ask of the rest of the
//! site. On one node it is [`OneNode`], which does nothing; on several the cluster implements it
//! (`cluster::Site`). Nothing in this crate asks whether it runs alone: it asks the site.

use platform::clock::TimeControl;
use platform::{TableId, UserId};
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A boxed future borrowing for `'a` (an `async fn` of a trait object).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The site beyond this node, as tables see it.
pub trait TableSite: Send + Sync {
    /// Whether other nodes may use this node's tables (a broker between nodes).
    fn is_clustered(&self) -> bool;

    /// Hands table `table`'s numbered event `v` (its text `msg`; `delayed`: the spectators'
    /// delayed feed) to the relays of other nodes.
    fn offer_event(&self, table: TableId, delayed: bool, v: u64, msg: &Arc<str>);

    /// Serves table `table` of this node to other nodes' connections, waking it
    /// ([`crate::table::wake`]) when it is dormant.
    fn serve_table(&self, table: TableId);

    /// Asks node `node` to seat the pair of `req` at its free table `req.table`.
    fn seat_at<'a>(
        &'a self,
        node: &'a str,
        req: &'a SeatRequest,
    ) -> BoxFuture<'a, Result<(), String>>;
}

/// One node alone: nothing beyond it.
#[derive(Clone, Copy, Debug, Default)]
pub struct OneNode;

impl TableSite for OneNode {
    fn is_clustered(&self) -> bool {
        false
    }

    fn offer_event(&self, _: TableId, _: bool, _: u64, _: &Arc<str>) {}

    fn serve_table(&self, _: TableId) {}

    fn seat_at<'a>(&'a self, _: &'a str, _: &'a SeatRequest) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async { Err("one node: no other node to seat at".to_owned()) })
    }
}

/// The seek desk's request to a node to seat a pair at one of its tables.
#[derive(Debug, Serialize, Deserialize)]
pub struct SeatRequest {
    /// The table, free as the node's lobby summary last showed it.
    pub table: TableId,
    /// Red.
    pub red: UserId,
    /// Black.
    pub black: UserId,
    /// The time control.
    pub control: TimeControl,
    /// Rated, or casual.
    pub rated: bool,
}
