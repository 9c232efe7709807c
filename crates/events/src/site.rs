//! [`EventsSite`]: what the event directors ask of the rest of the site. On one node it is
//! [`OneNode`], which does nothing (every director runs here); on several the cluster implements
//! it: a command for a director of another node crosses the broker, a director here is served
//! to the other nodes, and a board's new owner is announced.

use crate::deps::Events;
use crate::ladder::LadderMsg;
use crate::league::Refusal as LeagueRefusal;
use crate::tournament::DirectorMsg;
use platform::league::{LeagueCommand, LeagueEvent};
use platform::TableId;
pub use tables::site::BoxFuture;

/// The site beyond this node, as the event directors see it.
pub trait EventsSite: Send + Sync {
    /// Whether directors may run on other nodes (a broker between nodes).
    fn is_clustered(&self) -> bool;

    /// Hands `msg` to event `event`'s director on another node, and its answer to `msg`'s reply.
    fn ask_tournament<'a>(
        &'a self,
        events: &'a Events,
        event: u64,
        msg: DirectorMsg,
    ) -> BoxFuture<'a, ()>;

    /// Hands `msg` to ladder `id`'s director on another node, and its answer to `msg`'s reply.
    fn ask_ladder<'a>(&'a self, events: &'a Events, id: u32, msg: LadderMsg) -> BoxFuture<'a, ()>;

    /// Applies `cmd` at league `id`'s director on another node.
    fn ask_league<'a>(
        &'a self,
        events: &'a Events,
        id: u32,
        cmd: LeagueCommand,
    ) -> BoxFuture<'a, Result<Vec<LeagueEvent>, LeagueRefusal>>;

    /// Serves the director whose lease id is `lease` to other nodes until `closed` is ready (its
    /// task ended).
    fn serve_director(&self, events: &Events, lease: TableId, closed: BoxFuture<'static, ()>);

    /// Tells the other nodes that this node owns `table` now (a director's lease or board).
    fn announce_owner<'a>(&'a self, events: &'a Events, table: TableId) -> BoxFuture<'a, ()>;
}

/// One node alone: every director runs here.
#[derive(Clone, Copy, Debug, Default)]
pub struct OneNode;

impl EventsSite for OneNode {
    fn is_clustered(&self) -> bool {
        false
    }

    fn ask_tournament<'a>(&'a self, _: &'a Events, _: u64, _: DirectorMsg) -> BoxFuture<'a, ()> {
        Box::pin(async {})
    }

    fn ask_ladder<'a>(&'a self, _: &'a Events, _: u32, _: LadderMsg) -> BoxFuture<'a, ()> {
        Box::pin(async {})
    }

    fn ask_league<'a>(
        &'a self,
        _: &'a Events,
        _: u32,
        _: LeagueCommand,
    ) -> BoxFuture<'a, Result<Vec<LeagueEvent>, LeagueRefusal>> {
        Box::pin(async { Err(LeagueRefusal::NotStored("no director runs it".into())) })
    }

    fn serve_director(&self, _: &Events, _: TableId, _: BoxFuture<'static, ()>) {}

    fn announce_owner<'a>(&'a self, _: &'a Events, _: TableId) -> BoxFuture<'a, ()> {
        Box::pin(async {})
    }
}

/// Serves the director reached through `mailbox` (whose lease id is `lease`) to other nodes
/// while its task runs.
pub fn serve_director<M: Send + 'static>(
    events: &Events,
    lease: TableId,
    mailbox: &kit::directors::Mailbox<M>,
) {
    let mailbox = mailbox.clone();
    let closed = Box::pin(async move { mailbox.closed().await });
    events.site.serve_director(events, lease, closed);
}
