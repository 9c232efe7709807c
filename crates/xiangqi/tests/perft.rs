//! Perft counts of RULES.md §7 up to depth 4 (deeper counts run in `cargo bench` / `chuhe perft`).

use xiangqi::perft::perft;
use xiangqi::Position;

/// Parses `tests/data/perft.txt`: `FEN ; depth nodes ; depth nodes …`.
fn cases() -> Vec<(String, Vec<(u32, u64)>)> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().expect("fen").trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it.next().expect("depth").parse().expect("depth");
                    let n = it.next().expect("nodes").parse().expect("nodes");
                    (d, n)
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

#[test]
fn perft_table_to_depth_4() {
    for (fen, counts) in cases() {
        let mut pos = Position::from_fen(&fen).expect("valid FEN");
        for (depth, nodes) in counts.into_iter().filter(|(d, _)| *d <= 4) {
            assert_eq!(perft(&mut pos, depth), nodes, "perft({depth}) of {fen}");
        }
        assert_eq!(
            pos,
            Position::from_fen(&fen).expect("valid FEN"),
            "restored"
        );
    }
}
