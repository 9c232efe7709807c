//! [`Remote`]: what a node keeps for tables used across nodes.

use super::proxies::Proxies;
use super::remote_watch::RemoteWatch;
use std::sync::atomic::AtomicBool;

/// What a node keeps for tables used across nodes: the other nodes' connections at its own
/// tables ([`Proxies`]) and its connections at other nodes' tables ([`RemoteWatch`]).
#[derive(Debug, Default)]
pub struct Remote {
    /// Other nodes' connections at this node's tables.
    pub proxies: Proxies,
    /// This node's connections at other nodes' tables.
    pub watch: RemoteWatch,
    /// Whether this node holds the site's seek desk (`super::seek_desk`).
    pub desk_here: AtomicBool,
}
