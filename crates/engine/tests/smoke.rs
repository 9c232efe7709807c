//! Basic sanity: the benchmark positions are valid and a search from the start returns a move
//! with a principal variation of legal moves.

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
fn principal_variation_is_legal() {
    let mut e = Engine::new(16);
    let mut last = None;
    let r = e.go(
        &Limits {
            depth: Some(7),
            ..Limits::default()
        },
        &Control::new(),
        &mut |i| last = Some(i.clone()),
    );
    let info = last.expect("progress reported");
    assert_eq!(info.depth, 7);
    assert_eq!(r.best, info.pv.first().copied());
    let mut pos = Position::startpos();
    for &m in &info.pv {
        pos.play_mut(m)
            .unwrap_or_else(|_| panic!("illegal {m} in the PV"));
    }
}
