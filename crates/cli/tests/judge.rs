//! `chuhe judge`, run as a built binary.

use std::process::{Command, Output};

fn chuhe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .output()
        .expect("run chuhe")
}

fn last_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

const CHECKING: &str = "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1";

#[test]
fn perpetual_check_stops_at_the_ruling() {
    // Two extra moves after the 8th ply are not played.
    let out = chuhe(&[
        "judge",
        "--fen",
        CHECKING,
        "--moves",
        "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2 f1e1 f2e2",
        "--json",
    ]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        last_line(&out),
        r#"{"result":"1-0","reason":"perpetual_check","ply":8}"#
    );
}

#[test]
fn human_output_names_the_ruling() {
    let out = chuhe(&[
        "judge",
        "--fen",
        CHECKING,
        "--moves",
        "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2 f1e1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1-0 (perpetual_check) at ply 8"), "{text}");
    assert!(
        text.contains("1 move(s) after the ruling were not played"),
        "{text}"
    );
}

#[test]
fn no_ruling_and_profiles() {
    let out = chuhe(&["judge", "--moves", "h2e2 h9g7", "--json"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), r#"{"result":"*","reason":null,"ply":2}"#);
    // One check + one chase: a draw under AXF, a loss for Red under CXA.
    let fen = "3nk4/9/9/9/3R5/9/9/9/9/3K5 w - - 0 1";
    let line = "d5e5 e9f9 e5d5 f9e9 d5e5 e9f9 e5d5 f9e9";
    let axf = chuhe(&["judge", "--fen", fen, "--moves", line, "--json"]);
    assert_eq!(
        last_line(&axf),
        r#"{"result":"1/2-1/2","reason":"repetition","ply":8}"#
    );
    let cxa = chuhe(&[
        "judge", "--fen", fen, "--moves", line, "--rules", "cxa", "--json",
    ]);
    assert_eq!(
        last_line(&cxa),
        r#"{"result":"0-1","reason":"perpetual_chase","ply":8}"#
    );
}

#[test]
fn checkmate_and_start_rulings() {
    let out = chuhe(&[
        "judge",
        "--fen",
        "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "--moves",
        "a0a9",
        "--json",
    ]);
    assert_eq!(
        last_line(&out),
        r#"{"result":"1-0","reason":"checkmate","ply":1}"#
    );
    let out = chuhe(&[
        "judge",
        "--fen",
        "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1",
        "--json",
    ]);
    assert_eq!(
        last_line(&out),
        r#"{"result":"1-0","reason":"stalemate","ply":0}"#
    );
}

#[test]
fn bad_moves_fail_and_are_named() {
    let out = chuhe(&["judge", "--moves", "h2e2 h9h5", "--json"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("h9h5") && err.contains("ply 2"), "{err}");
    let out = chuhe(&["judge", "--moves", "h2e2 zz99"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("zz99") && err.contains("ply 2"), "{err}");
    let out = chuhe(&["judge", "--fen", "not a fen"]);
    assert!(!out.status.success());
    let out = chuhe(&["judge", "--rules", "fide"]);
    assert!(!out.status.success());
}

#[test]
fn explain_names_the_chasers_and_the_chariot() {
    // Red's horse chases the chariot from d4 and, back on e2, mounts the cannon h2 that chases
    // it in turn (issue #21): a perpetual chase, Red loses.
    let fen = "3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1";
    let line = "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2 e9d9";
    let out = chuhe(&["judge", "--fen", fen, "--moves", line, "--explain"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("why (zh): 红方长捉：马在 e2 与 d4 之间往返，每步捉黑车（c2）"),
        "{text}"
    );
    assert!(text.contains("why (en): Red chases perpetually"), "{text}");
    assert!(
        text.contains("ply   5  e2d4  N  chase: N d4->r c2"),
        "{text}"
    );
    assert!(
        text.contains("ply   7  d4e2  N  chase: C h2->r c2"),
        "{text}"
    );
    let json = chuhe(&[
        "judge",
        "--fen",
        fen,
        "--moves",
        line,
        "--json",
        "--explain",
    ]);
    let line = last_line(&json);
    assert!(
        line.starts_with(r#"{"result":"0-1","reason":"perpetual_chase","ply":8,"evidence":{"#),
        "{line}"
    );
    let value: serde_json::Value = serde_json::from_str(&line).expect("JSON");
    let ev = &value["evidence"];
    assert_eq!(ev["loser"], "red");
    assert_eq!(ev["red"]["conduct"], "perpetual_chase");
    assert_eq!(ev["red"]["victims"][0]["piece"], "r");
    assert_eq!(ev["red"]["victims"][0]["square"], "c2");
    assert_eq!(ev["black"]["conduct"], "allowed");
    assert_eq!(ev["cycle"].as_array().map(Vec::len), Some(4));
    assert_eq!(ev["cycle"][2]["chases"][0]["piece"], "C");
    // Without a repetition ruling there is nothing to explain.
    let none = chuhe(&["judge", "--moves", "h2e2", "--json", "--explain"]);
    assert_eq!(
        last_line(&none),
        r#"{"result":"*","reason":null,"ply":1,"evidence":null}"#
    );
}
