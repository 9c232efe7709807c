//! `chuhe analyse` through the real binary: the table, the JSON and the errors.

mod common;

use std::process::Output;

/// 1. 车一进一 马8进7 2. 车一平二?? 炮8进6: Red hangs a chariot.
const BLUNDER: &str = "[Red \"alice\"]\n[Black \"bob\"]\n[Format \"ICCS\"]\n\
                       1. I0-I1 H9-G7 2. I1-H1 H7-H1 *\n====\nsite notice\n";

fn chuhe(args: &[&str], stdin: &[u8]) -> Output {
    common::chuhe(args, Some(stdin))
}

#[test]
fn table_marks_the_blunder() {
    let out = chuhe(&["analyse", "-", "--depth", "5"], BLUNDER.as_bytes());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("warning: -: line 5: skipped 2 lines"), "{err}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("Red: alice  Black: bob"), "{text}");
    let row = text
        .lines()
        .find(|l| l.contains("车一平二"))
        .expect("the blunder's row");
    assert!(row.contains("?? blunder  better: "), "{row}");
    assert!(text.contains("Red   accuracy "), "{text}");
    assert!(text.contains("Black accuracy "), "{text}");
}

#[test]
fn json_for_programs() {
    let out = chuhe(
        &["analyse", "-", "--movetime", "50", "--json"],
        BLUNDER.as_bytes(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(4));
    assert_eq!(v["positions"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["moves"][2]["move"], "i1h1");
    assert_eq!(v["moves"][2]["chinese"], "车一平二");
    assert!(v["moves"][2]["judgment"].is_string());
    for side in ["red", "black"] {
        let acc = v["players"][side]["accuracy"].as_f64().expect("accuracy");
        assert!((0.0..=100.0).contains(&acc), "{acc}");
    }
}

#[test]
fn mates_and_errors() {
    let mate = "[FEN \"3k5/R8/1R7/9/9/9/9/9/9/4K4 w\"]\n1. b7b9 1-0\n";
    let out = chuhe(&["analyse", "-", "--depth", "3", "--json"], mate.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["positions"][0]["eval"]["text"], "#1");
    assert_eq!(v["positions"][1]["eval"]["text"], "#0");

    let out = chuhe(&["analyse", "-"], b"1. h2e2 h2e9 *");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("ply 2"));
    let out = chuhe(&["analyse", "-", "--game", "3"], b"1. h2e2 *");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game 3"));
}
