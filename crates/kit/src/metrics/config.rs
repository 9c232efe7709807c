//! The `[metrics]` section of the configuration: who may read `/metrics`.

use serde::Deserialize;

/// The `[metrics]` section; every key optional. With neither key set, `/metrics` is not served.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct MetricsConfig {
    /// A separate address serving only `/metrics` (e.g. `127.0.0.1:9464`, reachable by the
    /// scraper but not the public).
    pub listen: Option<String>,
    /// A bearer token: `/metrics` on the main address answers a request carrying
    /// `Authorization: Bearer <token>`, and 404 to any other.
    pub token: Option<String>,
}

impl MetricsConfig {
    /// What is wrong with these values, if anything.
    #[must_use]
    pub fn problem(&self) -> Option<&'static str> {
        match &self.token {
            Some(t) if t.len() < 16 || t.chars().any(|c| !c.is_ascii_graphic()) => {
                Some("metrics: token must be at least 16 printable ASCII characters")
            }
            _ => None,
        }
    }
}
