//! The puzzles at start-up: a site without puzzles loads the shipped set once, in the
//! background (`[puzzles] load_shipped`, default on; `shipped_file` names another set).
//!
//! Key decision: the shipped set is JSON lines of `platform::puzzle::Puzzle`, the output of
//! `chuhe puzzles mine|curate` (`data/puzzles-ccpd.md` says how it was made); a line that is not
//! a puzzle or not a legal position is skipped with a warning, never loaded.

use platform::puzzle::Puzzle;
use serde::Deserialize;
use std::path::PathBuf;
use store::Db;

/// The shipped puzzles: mined and curated from CCPD (CC BY 4.0).
pub const SHIPPED: &str = include_str!("../data/puzzles-ccpd.jsonl");

/// `[puzzles]` in the configuration.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct PuzzlesConfig {
    /// Load the shipped puzzles at the first start (when the site has none).
    pub load_shipped: bool,
    /// A set (JSON lines of puzzles) to load instead of the built-in one.
    pub shipped_file: Option<PathBuf>,
}

impl Default for PuzzlesConfig {
    fn default() -> Self {
        PuzzlesConfig {
            load_shipped: true,
            shipped_file: None,
        }
    }
}

/// The puzzles of a JSON-lines set; unreadable lines and illegal positions are skipped and
/// counted.
#[must_use]
pub fn parse_set(text: &str) -> (Vec<Puzzle>, usize) {
    let mut out = vec![];
    let mut skipped = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match serde_json::from_str::<Puzzle>(line) {
            Ok(p) if p.position().is_ok() && !p.line.is_empty() => out.push(p),
            _ => skipped += 1,
        }
    }
    (out, skipped)
}

/// Loads the shipped set in the background unless it is off or the site has puzzles. Returns
/// the task, so that a caller (a test) can wait for it.
pub fn spawn(config: &PuzzlesConfig, db: Db) -> Option<tokio::task::JoinHandle<()>> {
    if !config.load_shipped {
        return None;
    }
    let file = config.shipped_file.clone();
    Some(tokio::spawn(async move {
        match db.puzzle_count().await {
            Ok(0) => {}
            Ok(_) => return,
            Err(e) => {
                tracing::warn!(error = %e, "puzzles: cannot count the puzzles");
                return;
            }
        }
        let text = match &file {
            Some(path) => match tokio::fs::read_to_string(path).await {
                Ok(t) => t,
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "puzzles: cannot read the set");
                    return;
                }
            },
            None => SHIPPED.to_string(),
        };
        let (puzzles, skipped) = parse_set(&text);
        if skipped > 0 {
            tracing::warn!(skipped, "puzzles: lines of the set that are not puzzles");
        }
        match db.import_puzzles(&puzzles, kit::clock::now()).await {
            Ok(added) => tracing::info!(added, "puzzles: the shipped set is loaded"),
            Err(e) => tracing::warn!(error = %e, "puzzles: loading the shipped set failed"),
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_skips_what_is_not_a_puzzle() {
        let good = r#"{"id":"a","fen":"4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1","line":["a1a8","e9f9","b0b9"],"themes":["mateIn2"],"rating":{"rating":1500.0,"deviation":500.0,"volatility":0.09,"games":0},"source":{"kind":"site","game":"1","ply":3}}"#;
        let bad_fen = good.replace("4k4/9", "4k4/9/9");
        let text = format!("{good}\n\nnot json\n{bad_fen}\n");
        let (set, skipped) = parse_set(&text);
        assert_eq!(set.len(), 1);
        assert_eq!(skipped, 2);
        assert_eq!(set[0].line.len(), 3);
    }
}
