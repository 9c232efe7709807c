//! Levels are ordered: a short match of level N against level N−3 favours level N.

use engine::eval::evaluate;
use engine::{Control, Engine, Limits};
use xiangqi::{Color, Position};

/// Plays one game; returns Red's score (1, 0.5, 0).
fn play(red: u8, black: u8, seed: u64) -> f64 {
    let mut engines = [Engine::new(4), Engine::new(4)];
    engines[0].set_level(red);
    engines[1].set_level(black);
    engines[0].set_seed(seed);
    engines[1].set_seed(seed ^ 0xABCD);
    let base = Position::startpos();
    let mut moves = Vec::new();
    let mut pos = base.clone();
    let limits = Limits::default();
    for _ in 0..80 {
        let side = pos.turn().index();
        let e = &mut engines[side];
        e.set_position(&base, &moves).expect("legal game");
        let Some(m) = e.go(&limits, &Control::new(), &mut |_| {}).best else {
            // No legal move: the side to move loses.
            return if pos.turn() == Color::Red { 0.0 } else { 1.0 };
        };
        pos.play_mut(m).expect("engine plays legal moves");
        moves.push(m);
    }
    // Adjudicate by the static evaluation from Red's point of view.
    let v = evaluate(&pos) * if pos.turn() == Color::Red { 1 } else { -1 };
    if v > 150 {
        1.0
    } else if v < -150 {
        0.0
    } else {
        0.5
    }
}

#[test]
fn level_five_beats_level_two() {
    let mut score = 0.0;
    for seed in [1u64, 2] {
        score += play(5, 2, seed);
        score += 1.0 - play(2, 5, seed);
    }
    assert!(score > 2.0, "level 5 scored {score}/4 against level 2");
}

#[test]
fn levels_weaken_monotonically_in_budget() {
    let mut prev = engine::level::settings(1);
    for l in 2..=10u8 {
        let s = engine::level::settings(l);
        assert!(
            s.max_nodes.unwrap_or(u64::MAX) > prev.max_nodes.unwrap_or(u64::MAX)
                || s.max_nodes.is_none()
        );
        assert!(s.margin < prev.margin);
        prev = s;
    }
}
