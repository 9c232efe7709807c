//! `[analysis]`: the analysis queue's workers and how deep they search.

use serde::Deserialize;

/// The analysis queue's settings. Every field has a default ([`AnalysisConfig::default`]).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct AnalysisConfig {
    /// Worker threads analysing games at once (apart from the computer opponents' `ai_workers`;
    /// 0 switches analyses off: requests stay queued).
    pub workers: usize,
    /// Search depth per position.
    pub depth: u32,
    /// Hash table of each worker's engine, in MiB.
    pub hash_mb: usize,
    /// Longest a worker waits, before each position, for the computer opponents' searches in
    /// progress to end (they have priority), in milliseconds.
    pub yield_ms: u64,
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            workers: 1,
            depth: 12,
            hash_mb: 16,
            yield_ms: 2_000,
        }
    }
}

impl AnalysisConfig {
    /// The first value out of range, if any.
    #[must_use]
    pub fn problem(&self) -> Option<&'static str> {
        if self.workers > 64 {
            return Some("analysis: workers must be at most 64");
        }
        if !(1..=40).contains(&self.depth) {
            return Some("analysis: depth must be 1..=40");
        }
        if !(1..=4096).contains(&self.hash_mb) {
            return Some("analysis: hash_mb must be 1..=4096");
        }
        None
    }
}
