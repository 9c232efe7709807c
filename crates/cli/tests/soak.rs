//! `chuhe loadtest --soak` briefly (the benchmark itself runs for minutes): the binary starts its
//! own server, kills or stops it at random while games are played, and finds every record and
//! the ledger as promised.

use std::process::Command;

#[test]
fn a_short_soak_restarts_the_server_and_finds_every_record_intact() {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args([
            "loadtest",
            "--soak",
            "14s",
            "--restart-every",
            "4s",
            "--games",
            "3",
            "--plies",
            "16",
            "--think-ms",
            "20",
            "--seed",
            "11",
        ])
        .output()
        .expect("run chuhe loadtest --soak");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("every record holds exactly the acknowledged moves"),
        "{text}"
    );
    let outages = text
        .lines()
        .find_map(|l| l.strip_prefix("outages"))
        .expect("outages line");
    let kills: u32 = outages
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let stops: u32 = outages
        .split(',')
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(kills + stops >= 1, "{text}");
    assert!(
        text.contains("run   1"),
        "memory of every run reported: {text}"
    );
}
