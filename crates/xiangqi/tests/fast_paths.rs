//! The allocation-free fast paths used by engines agree with the straightforward definitions on
//! random legal games: `gives_check` with make/`is_check`/unmake, `hash_after` with the hash
//! after make, and the known-check generators
//! (all moves, captures, quiet moves) with the plain ones, and staged pseudo-legal generation
//! (captures, then quiet moves appended) with the all-moves one.

mod common;

use common::random_game;
use proptest::prelude::*;
use xiangqi::{Move, MoveList, Position};

/// The reference definition: play the move and look at the opponent's king.
fn gives_check_slow(pos: &mut Position, m: Move) -> bool {
    let undo = pos.do_move(m);
    let check = pos.is_check();
    pos.undo_move(m, undo);
    check
}

fn check_position(pos: &mut Position) -> Result<(), TestCaseError> {
    let before = pos.clone();
    let legal = pos.legal_moves();
    for &m in legal.iter() {
        prop_assert_eq!(
            pos.gives_check(m),
            gives_check_slow(pos, m),
            "{} in {}",
            m,
            pos.fen()
        );
        let predicted = pos.hash_after(m);
        let undo = pos.do_move(m);
        prop_assert_eq!(
            predicted,
            pos.hash(),
            "hash after {} in {}",
            m,
            before.fen()
        );
        pos.undo_move(m, undo);
        prop_assert_eq!(&*pos, &before);
    }
    let in_check = pos.is_check();
    let mut fast = MoveList::new();
    pos.legal_moves_known_check_into(&mut fast, in_check);
    prop_assert_eq!(fast.as_slice(), legal.as_slice());
    let mut captures = MoveList::new();
    pos.legal_captures_into(&mut captures);
    pos.legal_captures_known_check_into(&mut fast, in_check);
    prop_assert_eq!(fast.as_slice(), captures.as_slice());
    let expected: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(m))
        .collect();
    prop_assert_eq!(captures.as_slice(), expected.as_slice());
    // Staged pseudo-legal generation: captures, then the quiet moves appended, hold exactly the
    // pseudo-legal moves (each once).
    let mut all = MoveList::new();
    pos.pseudo_moves_into(&mut all);
    let mut staged = MoveList::new();
    pos.pseudo_captures_into(&mut staged);
    let capture_count = staged.len();
    pos.pseudo_quiets_append(&mut staged);
    prop_assert!(staged.as_slice()[..capture_count]
        .iter()
        .all(|&m| pos.is_capture(m)));
    prop_assert!(staged.as_slice()[capture_count..]
        .iter()
        .all(|&m| !pos.is_capture(m)));
    let mut sorted_all = all.as_slice().to_vec();
    let mut sorted_staged = staged.as_slice().to_vec();
    sorted_all.sort_unstable();
    sorted_staged.sort_unstable();
    prop_assert_eq!(sorted_staged, sorted_all);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fast_gives_check_and_known_check_generation_agree(seed in any::<u64>(), len in 0usize..200) {
        for mut pos in random_game(seed, len) {
            check_position(&mut pos)?;
        }
    }
}

#[test]
fn gives_check_covers_every_kind_of_check() {
    // (FEN, move, gives check)
    let cases = [
        // Chariot checks along the rank, and a chariot move that does not check.
        ("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a9", true),
        ("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a8", false),
        // Horse checks, and a horse whose attacking leg is blocked.
        ("4k4/9/9/3N5/9/9/9/9/9/3K5 w - - 0 1", "d6c8", true),
        ("4k4/5n3/9/3N5/9/9/9/9/9/3K5 w - - 0 1", "d6f7", false),
        // Cannon check by landing behind a screen; a piece becoming the screen; a quiet move.
        ("4k4/9/4n4/9/9/9/9/9/9/C4K3 w - - 0 1", "a0e0", true),
        ("4k4/9/9/9/9/9/9/2N6/9/3KC4 w - - 0 1", "c2e3", true),
        ("4k4/9/9/9/9/9/9/2N6/9/3KC4 w - - 0 1", "c2d4", false),
        // Discovered chariot check (the horse leaves the file) and discovered horse check (the
        // pawn frees the leg).
        ("4k4/9/9/9/4N4/9/9/9/9/3KR4 w - - 0 1", "e5c6", true),
        ("4k4/3P5/3N5/9/9/9/9/9/9/3K5 w - - 0 1", "d8c8", true),
        // Pawn checks and a pawn move that does not check.
        ("4k4/9/4P4/9/9/9/9/9/9/3K5 w - - 0 1", "e7e8", true),
        ("3k5/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1", "e7e8", false),
    ];
    for (fen, mv, expected) in cases {
        let mut pos = Position::from_fen(fen).expect("valid FEN");
        let m: Move = mv.parse().expect("valid move");
        assert!(pos.is_legal(m), "{mv} must be legal in {fen}");
        assert_eq!(
            gives_check_slow(&mut pos, m),
            expected,
            "reference: {mv} in {fen}"
        );
        assert_eq!(pos.gives_check(m), expected, "{mv} in {fen}");
    }
}
