//! ECCO agreement with the `[ECCO]` tags of the de-duplicated CCPD master games, and mirror
//! invariance on every one of them. Runs when the dataset is unpacked (see `tests/ccpd.rs`).
//!
//! The rules are derived from these same tags, so this figure is in-sample; the held-out figure
//! (k-fold cross-validation) is printed by `scripts/ecco_train.py --cv 5` (docs/records.md).

mod common;

use common::{ccpd_dir, pgn_files};
use std::collections::HashSet;
use xiangqi::Move;

#[test]
fn ecco_agrees_with_the_ccpd_master_tags() {
    let Some(dir) = ccpd_dir() else {
        eprintln!("CCPD not unpacked: skipped");
        return;
    };
    let started = std::time::Instant::now();
    // Build the tables before timing.
    let _ = study::ecco::classify(&[]);
    let _ = study::ecco::Code::opening("A00".parse().expect("code"));
    let mut seen = HashSet::new();
    let (mut games, mut exact, mut letter, mut mirror_same) = (0usize, 0usize, 0usize, 0usize);
    let mut position_exact = 0usize;
    let mut classify_time = std::time::Duration::ZERO;
    for path in pgn_files(&dir.join("對局/大師對局")) {
        let bytes = std::fs::read(&path).expect("read");
        let Ok((text, _)) = study::decode_record(&bytes, None) else {
            continue;
        };
        let Ok(g) = xiangqi::record::parse_pgn(&text) else {
            continue;
        };
        let Some(tag) = g.tags.get("ECCO").filter(|t| !t.is_empty()) else {
            continue;
        };
        if !g.starts_from_standard_position() || !seen.insert(g.moves.clone()) {
            continue;
        }
        let t = std::time::Instant::now();
        let code = study::ecco::classify_game(&g);
        classify_time += t.elapsed();
        let mirrored: Vec<Move> = g
            .moves
            .iter()
            .map(|m| Move::new(m.from().mirror(), m.to().mirror()))
            .collect();
        games += 1;
        // The position after 20 plies (transposition-aware) against the tag, for the record.
        let along = study::ecco::names_along(&g.moves[..g.moves.len().min(study::ecco::PLIES)]);
        let by_position = along.last().copied().flatten().map(|c| c.to_string());
        position_exact += usize::from(by_position.as_deref() == Some(tag));
        mirror_same += usize::from(study::ecco::classify(&mirrored) == code);
        let code = code.map(|c| c.to_string()).unwrap_or_default();
        exact += usize::from(code == tag);
        letter += usize::from(code.get(..1) == tag.get(..1));
    }
    let pct = |n: usize| 100.0 * n as f64 / games.max(1) as f64;
    eprintln!(
        "ECCO on {games} distinct master games: exact {exact} ({:.2} %), same letter {letter} ({:.2} %), \
         mirror gives the same code {mirror_same}; position name after 20 plies exact {position_exact}; {:.2} µs per game (classify_game, tables built); {:.1} s in all",
        pct(exact),
        pct(letter),
        classify_time.as_secs_f64() * 1e6 / games.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
    // The tagged opening lines of 開局 (standard start), for the record.
    let (mut lines, mut lines_exact) = (0usize, 0usize);
    for path in pgn_files(&dir.join("開局")) {
        let bytes = std::fs::read(&path).expect("read");
        let Some(g) = study::decode_record(&bytes, None)
            .ok()
            .and_then(|(t, _)| xiangqi::record::parse_pgn(&t).ok())
        else {
            continue;
        };
        let Some(tag) = g.tags.get("ECCO").filter(|t| !t.is_empty()) else {
            continue;
        };
        if let Some(code) = study::ecco::classify_game(&g) {
            lines += 1;
            lines_exact += usize::from(code.to_string() == tag);
        }
    }
    eprintln!("ECCO on the {lines} tagged 開局 lines: exact {lines_exact}");
    assert_eq!(mirror_same, games, "mirror invariance");
    assert!(pct(exact) >= 97.0, "exact {:.2} %", pct(exact));
    assert!(pct(letter) >= 99.5, "letter {:.2} %", pct(letter));
}
