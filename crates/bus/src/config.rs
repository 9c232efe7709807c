//! [`BusConfig`]: which broker a node uses. Its keys are read from the `[cluster]` section of
//! the configuration (`nats`, `subject_prefix`), which hands them to the bus.

/// Which broker, and the prefix of every subject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BusConfig {
    /// The NATS server (`nats://127.0.0.1:4222`); `None`: one node, the in-process broker.
    pub nats: Option<String>,
    /// Prefix of every subject this site uses, so several sites (or tests) share one NATS.
    pub subject_prefix: String,
}

impl Default for BusConfig {
    fn default() -> Self {
        BusConfig {
            nats: None,
            subject_prefix: "chuhe".to_owned(),
        }
    }
}
