//! Collections shaped like xqbase's files (GB18030, `====` trailer, ECCO/Opening tags) through
//! `chuhe convert`, and the real CCGC 2006 files when `../shared/data/xqbase/` is present.

mod common;

use common::{chuhe, data};
use std::path::PathBuf;

#[test]
fn gb18030_file_with_trailers_converts_every_game() {
    let out = chuhe(
        &[
            "convert",
            &data("xqbase_two_games.pgn"),
            "--notation",
            "iccs",
        ],
        None,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let pgn = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(pgn.matches("[Game \"Chinese Chess\"]").count(), 2, "{pgn}");
    assert!(pgn.contains("[Event \"合成测试赛\"]"), "{pgn}");
    assert!(pgn.contains("[ECCO \"C48\"]"), "{pgn}");
    assert!(
        pgn.contains("[Opening \"中炮过河车互进七兵对屏风马平炮兑车\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[Variation \"红仕角炮对黑退边炮\"]"), "{pgn}");
    assert!(pgn.contains("3. I0-H0 B9-C7 1-0"), "{pgn}");
    assert!(pgn.contains("3. I0-H0 C6-C5 1/2-1/2"), "{pgn}");
    assert!(!pgn.contains("xqbase.com"), "{pgn}");
    assert_eq!(err.matches("warning:").count(), 2, "{err}");
    assert!(
        err.contains("line 18: skipped 4 lines after game 1"),
        "{err}"
    );
    assert!(
        err.contains("line 39: skipped 4 lines after game 2"),
        "{err}"
    );
}

#[test]
fn a_broken_game_is_reported_and_the_others_converted() {
    let text = "[Round \"1\"]\n1. h2e2 h9g7 1-0\n====\nsite\n\n[Round \"2\"]\n1. h2e2 h9h2 *\n\n\
                [Round \"3\"]\n1. b2e2 *\n";
    let out = chuhe(
        &["convert", "-", "--notation", "iccs"],
        Some(text.as_bytes()),
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game 2: line 7, column 9: ply 2: move 'h9h2'"),
        "{err}"
    );
    assert!(err.contains("1 of 3 games could not be read"), "{err}");
    let pgn = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        pgn.contains("[Round \"1\"]") && pgn.contains("[Round \"3\"]"),
        "{pgn}"
    );
    assert!(!pgn.contains("[Round \"2\"]"), "{pgn}");
}

/// The 20 PGN files of the 1st Chinese Computer Games Championship (xqbase `CCGC/*.PGN`) and
/// ElephantEye's `SAMPLE.PGN`: all 21 games read, every one of their 1,991 plies legal, each
/// xqbase trailer skipped with a warning. Skipped when the files are not present.
#[test]
fn real_ccgc_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/xqbase");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: {} not present", dir.display());
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            name.ends_with(".PGN")
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), 21);
    let (mut games, mut plies, mut warnings) = (0, 0, 0);
    for f in &files {
        let bytes = std::fs::read(f).expect("reads");
        let text = xiangqi::record::decode_text(&bytes, &|b: &[u8]| {
            encoding_rs::GB18030
                .decode_without_bom_handling(b)
                .0
                .into_owned()
        });
        let c = xiangqi::record::read_collection(&text);
        assert!(c.errors.is_empty(), "{}: {:?}", f.display(), c.errors);
        for g in &c.games {
            g.validate().expect("legal");
        }
        games += c.games.len();
        plies += c.games.iter().map(|g| g.moves.len()).sum::<usize>();
        warnings += c.warnings.len();
        let out = chuhe(&["convert", &f.to_string_lossy()], None);
        assert!(
            out.status.success(),
            "{}: {}",
            f.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    eprintln!(
        "CCGC: {} files, {games} games, {plies} plies, {warnings} warnings",
        files.len()
    );
    assert_eq!((games, plies, warnings), (21, 1991, 20));
}
