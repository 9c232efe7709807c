//! The miner's rules on small positions with a known answer.

use super::*;
use crate::control::Control;
use crate::engine::Engine;
use xiangqi::{Move, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("fen")
}

fn mv(s: &str) -> Move {
    s.parse().expect("move")
}

fn small() -> MinerConfig {
    MinerConfig {
        nodes: 5_000,
        scan_nodes: 2_000,
        ..MinerConfig::default()
    }
}

#[test]
fn a_mate_in_one_is_a_puzzle_and_a_stalemating_move_wins_too() {
    let p = pos("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
    let s = solve(&mut Engine::new(4), &p, &small(), &Control::new()).expect("puzzle");
    assert_eq!(s.line, vec![mv("b0b9")]);
    assert!(s.mate);
    // a8f8 leaves Black without a legal move: in Xiangqi that loses as a mate does.
    assert_eq!(s.alternatives, vec![mv("a8f8")]);
    assert!(confirm(&p, &s, &small(), &Control::new()));
}

#[test]
fn every_mate_in_one_is_accepted() {
    let p = pos("4k4/9/4P4/9/9/9/9/9/9/1R1K4R w - - 0 1");
    let s = solve(&mut Engine::new(4), &p, &small(), &Control::new()).expect("puzzle");
    let mut all: Vec<Move> = s.line.iter().chain(&s.alternatives).copied().collect();
    all.sort();
    // i0f0 stalemates (the pawn holds e8, the red king the d-file, the chariot f9).
    let mut want = vec![mv("b0b9"), mv("i0f0"), mv("i0i9")];
    want.sort();
    assert_eq!(all, want);
}

#[test]
fn a_second_mate_in_two_rejects_the_puzzle() {
    // a1a8 and b0b8 both mate in two.
    let p = pos("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1");
    assert_eq!(
        solve(&mut Engine::new(4), &p, &small(), &Control::new()),
        None
    );
}

#[test]
fn two_equal_captures_are_not_a_puzzle() {
    // The black chariot e5 can be taken by either red chariot.
    let p = pos("5k3/9/9/9/R3r4/9/9/9/9/3KR4 w - - 0 1");
    assert_eq!(
        solve(&mut Engine::new(4), &p, &small(), &Control::new()),
        None
    );
}

#[test]
fn no_win_no_puzzle_and_a_stopped_miner_stops() {
    let p = Position::startpos();
    assert_eq!(
        solve(&mut Engine::new(4), &p, &small(), &Control::new()),
        None
    );
    let c = Control::new();
    c.stop();
    let moves = [mv("h2e2"), mv("h9g7")];
    assert!(mine_game(&mut Engine::new(4), &p, &moves, &small(), &c)
        .puzzles
        .is_empty());
}

#[test]
fn a_book_move_the_engine_agrees_with_is_confirmed() {
    let p = pos("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
    let v = check_exercise(
        &mut Engine::new(4),
        &p,
        &[mv("b0b9")],
        &small(),
        &Control::new(),
    );
    assert!(matches!(v, Verdict::Confirmed(_)), "{v:?}");
    let v = check_exercise(
        &mut Engine::new(4),
        &p,
        &[mv("a8a9")],
        &small(),
        &Control::new(),
    );
    assert_eq!(v, Verdict::Review(ReviewReason::EnginePrefers(mv("b0b9"))));
    let v = check_exercise(&mut Engine::new(4), &p, &[], &small(), &Control::new());
    assert_eq!(v, Verdict::Review(ReviewReason::NoBookMove));
    let v = check_exercise(
        &mut Engine::new(4),
        &p,
        &[mv("a0a9")],
        &small(),
        &Control::new(),
    );
    assert_eq!(v, Verdict::Review(ReviewReason::NoBookMove));
}

#[test]
fn a_single_winning_move_is_a_puzzle_only_with_one_move_on() {
    // Ra5xe5 wins a chariot; any other move lets it go and Black is ahead.
    let p = pos("4k4/9/4b1n2/9/R3r4/9/9/9/9/3K5 w - - 0 1");
    let off = solve(&mut Engine::new(4), &p, &small(), &Control::new());
    assert_eq!(off, None);
    let cfg = MinerConfig {
        one_move: true,
        ..small()
    };
    let s = solve(&mut Engine::new(4), &p, &cfg, &Control::new()).expect("puzzle");
    assert_eq!(s.line, vec![mv("a5e5")]);
    assert!(!s.mate);
    assert!(confirm(&p, &s, &cfg, &Control::new()));
}

#[test]
fn two_winning_moves_are_no_one_move_puzzle() {
    // Both chariots can take the black chariot: no unique move.
    let p = pos("4k4/9/4b1n2/9/R3r3R/9/9/9/9/3K5 w - - 0 1");
    let cfg = MinerConfig {
        one_move: true,
        ..small()
    };
    assert_eq!(solve(&mut Engine::new(4), &p, &cfg, &Control::new()), None);
}
