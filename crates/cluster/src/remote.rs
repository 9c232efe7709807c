//! [`Remote`]: what a node keeps for tables used across nodes.

use super::event_feed::EventFeed;
use super::proxies::Proxies;
use super::relay::Relays;
use super::remote_watch::RemoteWatch;
use std::sync::atomic::AtomicBool;

/// What a node keeps for tables used across nodes: the other nodes' connections at its own
/// tables ([`Proxies`]), its connections at other nodes' tables ([`RemoteWatch`]) and those
/// tables' relays ([`Relays`]), and the feed of its own tables' events ([`EventFeed`]).
#[derive(Debug, Default)]
pub struct Remote {
    /// Other nodes' connections at this node's tables.
    pub proxies: Proxies,
    /// This node's connections at other nodes' tables.
    pub watch: RemoteWatch,
    /// This node's relays of other nodes' tables' events.
    pub relays: Relays,
    /// This node's tables' events, for the other nodes' relays.
    pub events: EventFeed,
    /// Whether this node holds the site's seek desk (`super::seek_desk`).
    pub desk_here: AtomicBool,
}
