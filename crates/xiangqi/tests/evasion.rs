//! `Position::check_answers` is a sound pre-filter: in positions in check, every pseudo-legal
//! move it lets through is judged by the full test as before, and no move it refuses is legal.

mod common;

use common::random_game;
use proptest::prelude::*;
use xiangqi::{Move, MoveList, Position};

/// Checks one position in check; returns how many pseudo-legal moves the filter refused.
fn check_in_check(pos: &mut Position) -> Result<usize, TestCaseError> {
    prop_assert!(pos.is_check());
    let answers = pos.check_answers();
    let mut pseudo = MoveList::new();
    pos.pseudo_moves_into(&mut pseudo);
    let before = pos.clone();
    let mut refused = 0;
    for &m in pseudo.iter() {
        let full = pos.pseudo_is_legal(m, true);
        let filtered = pos.pseudo_is_legal_in_check(m, &answers);
        prop_assert_eq!(filtered, full, "{} in {}", m, pos.fen());
        refused += usize::from(!answers.may_answer(m));
        prop_assert_eq!(&*pos, &before);
    }
    Ok(refused)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_filter_never_refuses_a_legal_evasion(seed in any::<u64>(), len in 0usize..200) {
        let mut positions = 0;
        let mut refused = 0;
        for mut pos in random_game(seed, len) {
            // Every checking move of the game's positions leads to a position in check.
            let checks: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| pos.clone().gives_check(m))
                .collect();
            for m in checks {
                let undo = pos.do_move(m);
                refused += check_in_check(&mut pos)?;
                positions += 1;
                pos.undo_move(m, undo);
            }
        }
        // Not vacuous: where there are checks, the filter does refuse moves.
        prop_assert!(positions == 0 || refused > 0);
    }
}

#[test]
fn every_kind_of_check_keeps_exactly_its_legal_answers() {
    let cases = [
        // Chariot checks along the file and the rank: capture, block or king move.
        "4k4/9/9/9/9/9/9/9/4r1R2/4K4 w - - 0 1",
        "3k5/9/9/9/9/2B6/9/9/9/R2rK4 w - - 0 1",
        // Cannon check: capture the cannon, add a second screen, or move the screen away.
        "4k4/9/9/P3c4/9/9/4N4/9/9/3AKA3 w - - 0 1",
        // Horse check: capture the horse or block its leg.
        "3k5/9/9/9/9/9/9/3n5/9/3AK4 w - - 0 1",
        // Pawn check.
        "4k4/9/9/P8/9/9/9/9/4p4/4K4 w - - 0 1",
        // Double check by a chariot and a horse.
        "3k5/9/9/9/9/9/9/5n3/9/R2rK4 w - - 0 1",
        // Double check by a cannon (screened by the advisor) and a chariot.
        "4k4/9/9/P8/9/9/4c4/9/4A4/r3K4 w - - 0 1",
    ];
    for fen in cases {
        let mut pos = Position::from_fen(fen).expect("valid FEN");
        assert!(pos.is_check(), "{fen} must be check");
        let answers = pos.check_answers();
        let legal = pos.legal_moves();
        let mut pseudo = MoveList::new();
        pos.pseudo_moves_into(&mut pseudo);
        let kept: Vec<Move> = pseudo
            .iter()
            .copied()
            .filter(|&m| pos.pseudo_is_legal_in_check(m, &answers))
            .collect();
        let mut expected = legal.as_slice().to_vec();
        let mut got = kept.clone();
        expected.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, expected, "{fen}");
        assert!(
            pseudo.iter().any(|&m| !answers.may_answer(m)),
            "{fen}: the filter refuses nothing"
        );
    }
}

#[test]
fn moving_the_cannon_screen_away_is_an_answer() {
    // The red horse on e3 screens the black cannon on e6 from the red king on e0.
    let mut pos = Position::from_fen("4k4/9/9/4c4/9/9/4N4/9/9/3AKA3 w - - 0 1").expect("fen");
    let answers = pos.check_answers();
    let m: Move = "e3c4".parse().expect("move");
    assert!(answers.may_answer(m));
    assert!(pos.pseudo_is_legal_in_check(m, &answers));
    // An advisor move answers nothing.
    let a: Move = "d0e1".parse().expect("move");
    assert!(pos.is_legal(a) == pos.pseudo_is_legal_in_check(a, &answers));
}
