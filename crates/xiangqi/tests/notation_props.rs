//! Property tests for move notations: along random legal games (from the start and from
//! crowded-pawn positions for either side), every legal move written in every notation is
//! unique in its position and reads back as the same move; no input text makes a parser panic.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::HashSet;
use xiangqi::notation::{
    parse_any, parse_move, write_chinese, write_move, ChineseDigits, Notation,
};
use xiangqi::{Position, START_FEN};

/// Starting points with Red to move; each is also played mirrored with Black to move.
const FENS: &[&str] = &[
    START_FEN,
    // Doubled horses, advisors, elephants and pawns.
    "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w",
    // Three pawns on one file.
    "rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w",
    // Two crowded files for both sides.
    "3k5/4a4/3P5/3P1P1P1/5P3/9/3p5/3p1p3/2r2p3/4K4 w",
    // Four and five pawns on one file.
    "3k1r3/4P4/4P4/4P4/4P4/9/9/2n6/9/4K4 w",
    "3k1r3/4P4/4P4/4P4/4P4/4P4/9/1c7/9/4K4 w",
    // Three pawns on one file and two on another.
    "3ak4/4a4/9/2P1P4/2P1P4/4P4/9/2n6/r8/4K4 w",
    // Two chariots and two cannons on one file each.
    "3ak4/4a4/4c4/9/4c4/4R4/9/9/4R4/3K5 w",
];

fn start(index: usize) -> Position {
    let pos = Position::from_fen(FENS[index % FENS.len()]).expect("valid FEN");
    if index >= FENS.len() {
        pos.flipped()
    } else {
        pos
    }
}

/// Every legal move of `pos` in every notation: unique text that reads back as the move.
fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let moves = pos.legal_moves();
    for n in Notation::ALL {
        let mut seen = HashSet::new();
        for &m in moves.iter() {
            let text = write_move(pos, m, n);
            prop_assert!(
                seen.insert(text.clone()),
                "{} {n}: '{text}' written twice",
                pos.fen()
            );
            prop_assert_eq!(
                parse_move(pos, &text, n),
                Ok(m),
                "{} {}: '{}'",
                pos.fen(),
                n,
                text
            );
            if n != Notation::Uci {
                prop_assert_eq!(
                    parse_any(pos, &text),
                    Ok((m, n)),
                    "{} '{}'",
                    pos.fen(),
                    text
                );
            }
            // `=` is read as traverse too, except in the one form where it decides between two
            // readings: `33=4` is Fairy-Stockfish's "third pawn of file 3", `33.4` the official
            // "middle pawn of file 3" (docs/notation.md).
            let digits: Vec<char> = text.chars().take(2).collect();
            let fsf_shaped =
                digits.len() == 2 && digits[0] == digits[1] && digits[0].is_ascii_digit();
            if n == Notation::Wxf && !fsf_shaped {
                let variant = text.to_lowercase().replace('.', "=");
                prop_assert_eq!(parse_move(pos, &variant, n), Ok(m), "{}", variant);
            }
        }
    }
    for &m in moves.iter() {
        let text = write_chinese(pos, m, ChineseDigits::FullWidth);
        prop_assert_eq!(parse_move(pos, &text, Notation::Chinese), Ok(m), "{}", text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn written_moves_are_unique_and_read_back(
        index in 0..2 * FENS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        let mut pos = start(index);
        check_position(&pos)?;
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(c) % moves.len()];
            pos.play_mut(m).expect("legal move");
            check_position(&pos)?;
        }
    }

    #[test]
    fn parsers_never_panic_on_any_text(
        index in 0..2 * FENS.len(),
        text in prop_oneof![
            any::<String>(),
            "[KAEHRCPGNBkaehrcp0-9+.=a-e -]{0,6}",
            "[帅帥将將仕士相象马馬傌车車俥炮砲包兵卒前中后後进進退平一二三四五六七八九１２３５９1-9]{0,6}",
        ],
    ) {
        let pos = start(index);
        for n in Notation::ALL {
            if let Ok(m) = parse_move(&pos, &text, n) {
                prop_assert!(pos.is_legal(m));
            }
        }
        if let Ok((m, _)) = parse_any(&pos, &text) {
            prop_assert!(pos.is_legal(m));
        }
    }
}

#[test]
fn all_start_points_are_valid() {
    for i in 0..2 * FENS.len() {
        let pos = start(i);
        assert!(!pos.legal_moves().is_empty(), "{}", pos.fen());
    }
}
