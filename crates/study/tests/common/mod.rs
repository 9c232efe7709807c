//! Where the unpacked CCPD dataset is, and its files.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `$CCPD_DIR`, or `../shared/data/ccpd/Dataset` beside the repository, whichever holds the
/// unpacked dataset (`scripts/ccpd_check.sh` unpacks it to /tmp and sets `CCPD_DIR`).
pub fn ccpd_dir() -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let candidates = [
        std::env::var_os("CCPD_DIR").map(PathBuf::from),
        Some(repo.join("../shared/data/ccpd/Dataset")),
    ];
    candidates.into_iter().flatten().find(|p| p.is_dir())
}

/// Every `.pgn` file under `dir`, sorted.
pub fn pgn_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pgn")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
