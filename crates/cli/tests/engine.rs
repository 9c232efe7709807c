//! The real `chuhe` binary: an engine conversation over pipes, a deterministic bench, and
//! commands whose reader closes the pipe early.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

#[test]
fn ucci_conversation_with_the_binary() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start chuhe engine");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut read_until = |prefix: &str| -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let n = stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "engine closed its output before '{prefix}'");
            if line.starts_with(prefix) {
                return line.trim().to_string();
            }
        }
    };
    writeln!(stdin, "ucci").expect("write");
    read_until("ucciok");
    writeln!(
        stdin,
        "setoption usemillisec true\nposition startpos moves h2e2\ngo depth 4"
    )
    .expect("write");
    let best = read_until("bestmove");
    let mv: xiangqi::Move = best
        .split_whitespace()
        .nth(1)
        .expect("move")
        .parse()
        .expect("ICCS move");
    let mut pos = xiangqi::Position::startpos();
    pos.play_mut("h2e2".parse().expect("move")).expect("legal");
    assert!(pos.is_legal(mv), "{best}");
    // Stop while searching.
    writeln!(stdin, "go infinite").expect("write");
    std::thread::sleep(std::time::Duration::from_millis(50));
    writeln!(stdin, "stop").expect("write");
    read_until("bestmove");
    writeln!(stdin, "quit").expect("write");
    assert_eq!(read_until("bye"), "bye");
    assert!(child.wait().expect("exit").success());
}

#[test]
fn bench_prints_a_deterministic_signature() {
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .args(["bench", "--depth", "4"])
            .output()
            .expect("run bench");
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let nodes = text
            .lines()
            .find_map(|l| l.strip_prefix("nodes "))
            .expect("nodes line")
            .to_string();
        nodes.parse::<u64>().expect("number")
    };
    let a = run();
    assert!(a > 1000);
    assert_eq!(a, run());
}

/// Runs `chuhe args` with its stdout pipe closed before it writes: it must neither panic nor fail.
fn run_with_closed_stdout(args: &[&str], input: Option<&str>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn chuhe");
    drop(child.stdout.take());
    if let Some(mut stdin) = child.stdin.take() {
        if let Some(text) = input {
            // The command may stop reading once its output is gone.
            let _ = stdin.write_all(text.as_bytes());
        }
    }
    let out = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
}

#[test]
fn printing_commands_survive_a_closed_pipe() {
    run_with_closed_stdout(&["bench", "--depth", "3"], None);
    run_with_closed_stdout(&["perft", "--depth", "3", "--divide"], None);
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n";
    run_with_closed_stdout(&["moves", "--batch"], Some(&fen.repeat(2000)));
    run_with_closed_stdout(&["engine"], Some("ucci\nisready\ngo depth 3\nquit\n"));
}
