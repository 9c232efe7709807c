//! `chuhe puzzles mine` and `curate`: on a small hand-made record always, and on a few CCPD
//! master games and mating exercises when the dataset is unpacked (`$CCPD_DIR`, else
//! `../shared/data/ccpd/Dataset` beside the repository; skipped otherwise). The run is resumed:
//! a second run mines nothing again.

use std::path::{Path, PathBuf};
use std::process::Command;

fn chuhe(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .output()
        .expect("run chuhe");
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

fn ccpd_dir() -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    [
        std::env::var_os("CCPD_DIR").map(PathBuf::from),
        Some(repo.join("../shared/data/ccpd/Dataset")),
    ]
    .into_iter()
    .flatten()
    .find(|p| p.is_dir())
}

fn lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect()
}

#[test]
fn a_mate_exercise_is_confirmed_and_a_wrong_book_move_goes_to_review() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = dir.path().join("good.pgn");
    std::fs::write(
        &good,
        "[FEN \"4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n\n1. b0b9 *\n",
    )
    .expect("write");
    let bad = dir.path().join("bad.pgn");
    std::fs::write(
        &bad,
        "[FEN \"5k3/9/9/9/R3r4/9/9/9/9/3KR4 w - - 0 1\"]\n\n1. a5e5 *\n",
    )
    .expect("write");
    let out = dir.path().join("p.jsonl");
    let review = dir.path().join("r.jsonl");
    let (ok, text) = chuhe(&[
        "puzzles",
        "curate",
        dir.path().to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
        "--review",
        review.to_str().expect("utf-8"),
        "--nodes",
        "3000",
        "--quiet",
    ]);
    assert!(ok, "{text}");
    let puzzles = lines(&out);
    assert_eq!(puzzles.len(), 1, "{text}");
    assert_eq!(puzzles[0]["line"][0], "b0b9");
    assert!(puzzles[0]["themes"]
        .as_array()
        .expect("themes")
        .contains(&serde_json::json!("mateIn1")));
    let r = lines(&review);
    assert_eq!(r.len(), 1, "{text}");
    assert_eq!(r[0]["reason"], "NoUniqueWin");
}

#[test]
fn ccpd_master_games_mine_and_resume() {
    let Some(root) = ccpd_dir() else {
        eprintln!("CCPD not unpacked: skipped");
        return;
    };
    let games = root.join("對局/大師對局/以棋手分類");
    if !games.is_dir() {
        eprintln!("no master games: skipped");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("p.jsonl");
    let args = |limit: &'static str| {
        vec![
            "puzzles".to_string(),
            "mine".into(),
            games.to_string_lossy().into_owned(),
            "--out".into(),
            out.to_string_lossy().into_owned(),
            "--limit".into(),
            limit.into(),
            "--nodes".into(),
            "4000".into(),
            "--scan-nodes".into(),
            "2000".into(),
            "--quiet".into(),
        ]
    };
    let first: Vec<String> = args("3");
    let refs: Vec<&str> = first.iter().map(String::as_str).collect();
    let (ok, text) = chuhe(&refs);
    assert!(ok, "{text}");
    assert!(text.contains("3 games mined"), "{text}");
    let done = std::fs::read_to_string(dir.path().join("p.jsonl.done")).expect("state");
    assert_eq!(done.lines().count(), 3);
    let before = lines(&out);
    for p in &before {
        let line = p["line"].as_array().expect("line");
        assert_eq!(line.len() % 2, 1, "{p}");
        assert!(p["source"]["file"].as_str().is_some());
    }
    // The second run skips the three games done and mines the next two.
    let second: Vec<String> = args("2");
    let refs: Vec<&str> = second.iter().map(String::as_str).collect();
    let (ok, text) = chuhe(&refs);
    assert!(ok, "{text}");
    assert!(text.contains("2 games mined"), "{text}");
    let done = std::fs::read_to_string(dir.path().join("p.jsonl.done")).expect("state");
    assert_eq!(done.lines().count(), 5);
    assert!(lines(&out).len() >= before.len());
}
