//! [`EventsSite`]: what the event directors ask of the rest of the site. On one node it is
//! [`OneNode`], which does nothing (every director runs here); on several the cluster implements
//! it: a command for a director of another node crosses the broker, a director here is served
//! to the other nodes, and a board's new owner is announced.

use platform::TableId;
pub use tables::site::BoxFuture;

/// The site beyond this node, as the event directors see it.
pub trait EventsSite: Send + Sync {
    /// Whether directors may run on other nodes (a broker between nodes).
    fn is_clustered(&self) -> bool;

    /// Sends `body` (a [`crate::remote::RemoteCommand`]) to the node that runs the director
    /// with lease id `lease`: its answer's bytes, or `None` when no node answered in time.
    fn ask_director(&self, lease: TableId, body: Vec<u8>) -> BoxFuture<'_, Option<Vec<u8>>>;

    /// Serves the director whose lease id is `lease` to other nodes until `closed` is ready (its
    /// task ended).
    fn serve_director(&self, lease: TableId, closed: BoxFuture<'static, ()>);

    /// Tells the other nodes that this node owns `table` now (a director's lease or board).
    fn announce_owner(&self, table: TableId) -> BoxFuture<'_, ()>;
}

/// One node alone: every director runs here.
#[derive(Clone, Copy, Debug, Default)]
pub struct OneNode;

impl EventsSite for OneNode {
    fn is_clustered(&self) -> bool {
        false
    }

    fn ask_director(&self, _: TableId, _: Vec<u8>) -> BoxFuture<'_, Option<Vec<u8>>> {
        Box::pin(async { None })
    }

    fn serve_director(&self, _: TableId, _: BoxFuture<'static, ()>) {}

    fn announce_owner(&self, _: TableId) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
}
