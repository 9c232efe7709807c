//! Dumps the CCPD games as `folder \t ECCO \t start FEN \t ICCS moves` lines (standard output),
//! for studying the ECCO tags outside Rust. `cargo run -p study --example ccpd_dump -- DIR`.

use std::io::Write;

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/ccpd/Dataset".into());
    let mut files = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(&dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("dir").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    let out = std::io::stdout();
    let mut out = out.lock();
    for p in files {
        let bytes = std::fs::read(&p).expect("read");
        let Ok((text, _)) = study::decode_record(&bytes, None) else {
            continue;
        };
        let Ok(g) = xiangqi::record::parse_pgn(&text) else {
            continue;
        };
        let rel = p.strip_prefix(&dir).unwrap_or(&p).display().to_string();
        let moves: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
        let _ = writeln!(
            out,
            "{rel}\t{}\t{}\t{}",
            g.tags.get("ECCO").unwrap_or(""),
            g.start_fen(),
            moves.join(" ")
        );
    }
}
