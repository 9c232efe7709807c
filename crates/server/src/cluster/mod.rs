//! Running several `chuhe serve` nodes as one site (docs/scale.md): the `[cluster]`
//! configuration. One node with no `[cluster]` section is the default and needs nothing.

mod config;

pub use config::ClusterConfig;
