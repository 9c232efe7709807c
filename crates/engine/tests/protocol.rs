//! UCCI and UCI conversations, driven through the protocol loop with in-memory input and output.

use engine::protocol::{run, Output, SharedBuffer};
use std::io::Cursor;
use std::sync::{Arc, Mutex};
use xiangqi::notation::{parse_move, Notation};
use xiangqi::{Move, Position};

fn converse(input: &str) -> String {
    let buf = SharedBuffer::new();
    let out: Output = Arc::new(Mutex::new(buf.clone()));
    run(Cursor::new(input.to_string()), out).expect("protocol loop");
    buf.contents()
}

fn bestmoves(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.starts_with("bestmove") || l.starts_with("nobestmove"))
        .map(String::from)
        .collect()
}

#[test]
fn ucci_handshake_search_and_quit() {
    let out = converse(
        "ucci\nsetoption usemillisec true\nsetoption hashsize 8\nsetoption bogus 3\nisready\n\
         position startpos moves h2e2 h9g7\ngo depth 4\nisready\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"ucciok"), "{out}");
    assert!(lines.contains(&"readyok"), "{out}");
    assert!(out.contains("option usemillisec type check"), "{out}");
    assert_eq!(lines.last(), Some(&"bye"), "{out}");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    let mv: Move = best[0].split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut pos = Position::startpos();
    pos.play_mut("h2e2".parse().unwrap()).unwrap();
    pos.play_mut("h9g7".parse().unwrap()).unwrap();
    assert!(pos.is_legal(mv), "{mv} illegal");
    // UCCI scores carry no `cp`.
    for l in out.lines().filter(|l| l.starts_with("info depth")) {
        assert!(l.contains(" score ") && !l.contains(" cp "), "{l}");
    }
}

#[test]
fn ucci_stop_interrupts_infinite_search() {
    let out = converse("ucci\nposition startpos\ngo infinite\nstop\nquit\n");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    assert!(best[0].starts_with("bestmove "), "{out}");
    assert!(out.trim_end().ends_with("bye"));
}

#[test]
fn ucci_stop_when_idle_answers_nobestmove() {
    let out = converse("ucci\nstop\nquit\n");
    assert!(out.lines().any(|l| l == "nobestmove"), "{out}");
}

#[test]
fn ucci_mated_position_answers_nobestmove() {
    // Red is checkmated (two chariots on ranks 0 and 1).
    let out =
        converse("ucci\nposition fen 3k5/9/9/9/9/9/9/9/r8/r3K4 w - - 0 1\ngo depth 3\nquit\n");
    assert_eq!(bestmoves(&out), vec!["nobestmove".to_string()], "{out}");
}

#[test]
fn ucci_banmoves_are_respected() {
    // Start position: ban every legal move but one.
    let pos = Position::startpos();
    let keep: Move = "b0c2".parse().unwrap();
    let banned: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|&&m| m != keep)
        .map(ToString::to_string)
        .collect();
    let out = converse(&format!(
        "ucci\nposition startpos\nbanmoves {}\ngo depth 3\nquit\n",
        banned.join(" ")
    ));
    assert_eq!(
        bestmoves(&out)[0].split_whitespace().nth(1),
        Some("b0c2"),
        "{out}"
    );
}

#[test]
fn ucci_time_in_seconds_and_millis() {
    let out = converse(
        "ucci\nsetoption usemillisec true\nposition startpos\ngo time 200 movestogo 1\nisready\n",
    );
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    let out = converse("ucci\nposition startpos\ngo time 1 increment 0\nisready\n");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
}

#[test]
fn ucci_probe_reports_hash_entry() {
    let out = converse("ucci\nposition startpos\ngo depth 5\nprobe startpos\nquit\n");
    let pop: Vec<&str> = out.lines().filter(|l| l.starts_with("pophash")).collect();
    assert_eq!(pop.len(), 1, "{out}");
    assert!(pop[0].contains("bestmove"), "{out}");
}

#[test]
fn ucci_bad_input_is_reported_and_ignored() {
    let out = converse("ucci\nposition fen xyz\nposition startpos moves a0a5\ngo depth 2\nquit\n");
    assert!(
        out.lines()
            .filter(|l| l.starts_with("info message error"))
            .count()
            == 2,
        "{out}"
    );
    assert_eq!(bestmoves(&out).len(), 1);
}

#[test]
fn uci_default_ranks_zero_to_nine() {
    let out = converse("uci\nisready\nposition startpos moves h2e2\ngo depth 4\nquit\n");
    assert!(out.lines().any(|l| l == "uciok"), "{out}");
    let best = bestmoves(&out);
    let mv: Move = best[0].split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut pos = Position::startpos();
    pos.play_mut("h2e2".parse().unwrap()).unwrap();
    assert!(pos.is_legal(mv));
    assert!(
        out.lines()
            .filter(|l| l.starts_with("info depth"))
            .all(|l| l.contains(" score cp ") || l.contains(" score mate ")),
        "{out}"
    );
}

#[test]
fn uci_variant_switches_to_ranks_one_to_ten() {
    // h3e3 is Fairy-Stockfish's central cannon (h2e2 internally).
    let out = converse(
        "uci\nsetoption name UCI_Variant value xiangqi\nposition startpos moves h3e3\ngo depth 4\nquit\n",
    );
    let best = bestmoves(&out);
    let text = best[0].split_whitespace().nth(1).unwrap().to_string();
    let mut pos = Position::startpos();
    pos.play_mut("h2e2".parse().unwrap()).unwrap();
    let mv = parse_move(&pos, &text, Notation::Uci).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(pos.is_legal(mv));
}

#[test]
fn uci_no_move_answers_none_and_stop_works() {
    let out = converse("uci\nposition fen 3k5/9/9/9/9/9/9/9/r8/r3K4 w - - 0 1\ngo depth 3\nquit\n");
    assert_eq!(
        bestmoves(&out),
        vec!["bestmove (none)".to_string()],
        "{out}"
    );
    let out = converse("uci\nposition startpos\ngo infinite\nstop\nquit\n");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
}

#[test]
fn uci_ponder_waits_for_ponderhit() {
    let out = converse("uci\nposition startpos\ngo ponder depth 2\nponderhit\nisready\nquit\n");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
}

#[test]
fn eval_file_option_loads_a_network_or_says_why_not() {
    let path = std::env::temp_dir().join(format!("chuhe-evalfile-{}.nnue", std::process::id()));
    let net = engine::nnue::Network::random(2);
    net.save(&path).expect("save");
    let out = converse(&format!(
        "uci\nsetoption name EvalFile value /nonexistent/x.nnue\nsetoption name EvalFile value {}\n\
         position startpos\ngo depth 4\nsetoption name EvalFile value <classical>\nquit\n",
        path.display()
    ));
    std::fs::remove_file(&path).ok();
    assert!(out.contains("option name EvalFile type string"), "{out}");
    assert!(
        out.contains("info string error: cannot read network file /nonexistent/x.nnue"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "info string evaluation: network {}",
            path.display()
        )),
        "{out}"
    );
    assert!(out.contains("info string evaluation: classical"), "{out}");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
}
