use engine::{bench, Control, Engine, Limits};
use xiangqi::Position;

#[test]
fn bench_positions_are_valid() {
    for fen in bench::POSITIONS {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(!pos.legal_moves().is_empty(), "{fen}");
    }
}

#[test]
fn startpos_depth_8() {
    let mut e = Engine::new(16);
    let t = std::time::Instant::now();
    let r = e.go(
        &Limits {
            depth: Some(8),
            ..Limits::default()
        },
        &Control::new(),
        &mut |i| {
            eprintln!(
                "depth {} score {} nodes {} pv {:?}",
                i.depth,
                i.score,
                i.nodes,
                i.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>()
            );
        },
    );
    eprintln!("{:?} in {:?}", r.best.map(|m| m.to_string()), t.elapsed());
    assert!(r.best.is_some());
}
