//! [`EventsSite`]: what the event directors ask of the rest of the site. On one node it is
//! [`OneNode`], which does nothing (every director runs here); on several the cluster implements
//! it: a command for a director of another node crosses the broker, a director here is served
//! to the other nodes, and a board's new owner is announced.

use crate::ladder::msg::LadderMsg;
use crate::league::msg::Refusal as LeagueRefusal;
use crate::tournament::msg::DirectorMsg;
use platform::league::{LeagueCommand, LeagueEvent};
use platform::TableId;
pub use tables::site::BoxFuture;

/// The site beyond this node, as the event directors see it.
pub trait EventsSite: Send + Sync {
    /// Whether directors may run on other nodes (a broker between nodes).
    fn is_clustered(&self) -> bool;

    /// Hands `msg` to event `event`'s director on another node, and its answer to `msg`'s reply.
    fn ask_tournament(&self, event: u64, msg: DirectorMsg) -> BoxFuture<'_, ()>;

    /// Hands `msg` to ladder `id`'s director on another node, and its answer to `msg`'s reply.
    fn ask_ladder(&self, id: u32, msg: LadderMsg) -> BoxFuture<'_, ()>;

    /// Applies `cmd` at league `id`'s director on another node.
    fn ask_league(
        &self,
        id: u32,
        cmd: LeagueCommand,
    ) -> BoxFuture<'_, Result<Vec<LeagueEvent>, LeagueRefusal>>;

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

    fn ask_tournament(&self, _: u64, _: DirectorMsg) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }

    fn ask_ladder(&self, _: u32, _: LadderMsg) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }

    fn ask_league(
        &self,
        _: u32,
        _: LeagueCommand,
    ) -> BoxFuture<'_, Result<Vec<LeagueEvent>, LeagueRefusal>> {
        Box::pin(async { Err(LeagueRefusal::NotStored("no director runs it".into())) })
    }

    fn serve_director(&self, _: TableId, _: BoxFuture<'static, ()>) {}

    fn announce_owner(&self, _: TableId) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
}
