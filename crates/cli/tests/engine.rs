//! The real `chuhe` binary: an engine conversation over pipes, and a deterministic bench.

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
