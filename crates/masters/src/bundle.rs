//! Building a shipped set from record files: every game read, de-duplicated by moves and result
//! (the first header seen is kept), written with [`write_pack`](crate::pack::write_pack).

use crate::game::dedupe_key;
use crate::pack::write_pack;
use crate::sources::{walk, Entry};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use study::Encoding;
use xiangqi::record::Game;

/// What went into a set.
#[derive(Debug, Default)]
pub struct Bundle {
    /// The set's bytes.
    pub bytes: Vec<u8>,
    /// Files read.
    pub files: u64,
    /// Games read, duplicates included.
    pub games: u64,
    /// Games in the set.
    pub distinct: u64,
    /// Files that gave no game.
    pub refused: u64,
}

/// The games with moves below `paths`, each once, as a shipped set with `credit`.
#[must_use]
pub fn bundle_paths(
    paths: &[PathBuf],
    encoding: Option<&'static Encoding>,
    credit: &str,
) -> Bundle {
    let mut out = Bundle::default();
    let mut seen = HashSet::new();
    let mut games: Vec<Game> = Vec::new();
    let read = Arc::new(AtomicU64::new(0));
    let mut skipped = 0;
    walk(
        paths,
        &read,
        &mut |e: Entry| {
            out.files += 1;
            match study::read_record(&e.bytes, encoding) {
                Ok(r) if !r.collection.games.is_empty() => {
                    for g in r.collection.games {
                        out.games += 1;
                        if !g.moves.is_empty() && seen.insert(dedupe_key(&g)) {
                            games.push(g);
                        }
                    }
                }
                _ => out.refused += 1,
            }
            true
        },
        &mut |_| skipped += 1,
    );
    out.refused += skipped;
    out.distinct = games.len() as u64;
    out.bytes = write_pack(&games, credit);
    out
}
