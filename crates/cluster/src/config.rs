//! The `[cluster]` section of the configuration.

use serde::Deserialize;

/// The `[cluster]` section; every key optional. Without `nats` the node runs alone with the
/// in-process broker.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct ClusterConfig {
    /// This node's id, unique among the site's nodes (letters, digits, `-`, `_`; ≤ 32 chars).
    pub node_id: String,
    /// The NATS server (`nats://127.0.0.1:4222`); `None`: one node, in-process broker.
    pub nats: Option<String>,
    /// Prefix of every subject this site uses, so several sites (or tests) share one NATS.
    pub subject_prefix: String,
    /// How long a node's lease on its tables lasts without a heartbeat (ms).
    pub lease_ms: u64,
    /// How often a node beats its heartbeat row (ms).
    pub beat_ms: u64,
}

impl Default for ClusterConfig {
    fn default() -> Self {
        ClusterConfig {
            node_id: "n1".to_owned(),
            nats: None,
            subject_prefix: "chuhe".to_owned(),
            lease_ms: 5_000,
            beat_ms: 1_000,
        }
    }
}

impl ClusterConfig {
    /// Who this node is.
    #[must_use]
    pub fn node(&self) -> store::NodeConfig {
        store::NodeConfig {
            node_id: self.node_id.clone(),
            shared: self.nats.is_some(),
            lease_ms: self.lease_ms,
            beat_ms: self.beat_ms,
        }
    }

    /// The broker's part of the section.
    #[must_use]
    pub fn bus(&self) -> bus::BusConfig {
        bus::BusConfig {
            nats: self.nats.clone(),
            subject_prefix: self.subject_prefix.clone(),
        }
    }

    /// What is wrong with these values, if anything.
    #[must_use]
    pub fn problem(&self) -> Option<&'static str> {
        let id_ok = |s: &str| {
            !s.is_empty()
                && s.len() <= 32
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        if !id_ok(&self.node_id) {
            return Some("cluster: node_id must be 1..=32 letters, digits, '-' or '_'");
        }
        if !id_ok(&self.subject_prefix) {
            return Some("cluster: subject_prefix must be 1..=32 letters, digits, '-' or '_'");
        }
        if self.beat_ms == 0 || self.lease_ms < 2 * self.beat_ms {
            return Some("cluster: beat_ms must be at least 1 and lease_ms at least twice beat_ms");
        }
        None
    }
}
