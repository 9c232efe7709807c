//! The masters database at start-up: a site without the shipped set loads it once, in the
//! background (`[masters] load_shipped`, default on; `shipped_file` names another set).

use serde::Deserialize;
use std::path::PathBuf;
use store::Db;

/// `[masters]` in the configuration.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct MastersConfig {
    /// Load the shipped master games (CCPD, CC BY 4.0) at the first start.
    pub load_shipped: bool,
    /// A shipped set (`.chmg`, `chuhe admin masters pack`) to load instead of the built-in one.
    pub shipped_file: Option<PathBuf>,
}

impl Default for MastersConfig {
    fn default() -> Self {
        MastersConfig {
            load_shipped: true,
            shipped_file: None,
        }
    }
}

/// Loads the shipped set in the background unless it is off or was loaded before. Returns the
/// task, so that a caller (a test) can wait for it.
pub fn spawn(config: &MastersConfig, db: Db) -> Option<tokio::task::JoinHandle<()>> {
    if !config.load_shipped {
        return None;
    }
    let file = config.shipped_file.clone();
    Some(tokio::spawn(async move {
        match db.masters_sources().await {
            Ok(s) if s.iter().any(|s| s.name == masters::CCPD_SOURCE) => return,
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(error = %e, "masters: cannot read the sources");
                return;
            }
        }
        let bytes = match &file {
            Some(path) => match tokio::fs::read(path).await {
                Ok(b) => b,
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "masters: cannot read the set");
                    return;
                }
            },
            None => masters::SHIPPED.to_vec(),
        };
        match masters::load_pack(&db, bytes, &masters::shipped_options(), &mut |_| {}).await {
            Ok(r) => tracing::info!(
                games = r.distinct,
                added = r.added,
                seconds = r.seconds,
                "masters: the shipped set is loaded"
            ),
            Err(e) => tracing::warn!(error = %e, "masters: loading the shipped set failed"),
        }
    }))
}
