//! Running several `chuhe serve` nodes as one site (docs/scale.md): the `[cluster]`
//! configuration, this node ([`Node`]: heartbeat and claims), where tables go
//! ([`placement`]) and taking over the tables of dead nodes ([`takeover`]). One node with no
//! `[cluster]` section is the default and needs nothing.

mod config;
mod node;
pub mod placement;
pub mod takeover;

pub use config::ClusterConfig;
pub use node::Node;
