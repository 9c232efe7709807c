//! Property tests over random legal games: make/unmake, hashing, FEN round trips and legality.

mod common;

use common::random_game;
use proptest::prelude::*;
use xiangqi::{Color, Move, Position, Role, Square};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn make_unmake_restores_position_and_hash(seed in any::<u64>(), len in 0usize..160) {
        for mut pos in random_game(seed, len) {
            let before = pos.clone();
            for &m in before.legal_moves().iter() {
                let undo = pos.do_move(m);
                pos.undo_move(m, undo);
                prop_assert_eq!(&pos, &before);
            }
        }
    }

    #[test]
    fn incremental_hash_matches_a_fresh_position(seed in any::<u64>(), len in 0usize..160) {
        for pos in random_game(seed, len) {
            let fresh = Position::from_fen(&pos.fen()).expect("own FEN parses");
            prop_assert_eq!(fresh.hash(), pos.hash());
            prop_assert_eq!(&fresh, &pos);
            prop_assert_eq!(fresh.fen(), pos.fen());
        }
    }

    #[test]
    fn no_legal_move_leaves_the_king_attacked(seed in any::<u64>(), len in 0usize..160) {
        for mut pos in random_game(seed, len) {
            let mover = pos.turn();
            for &m in pos.clone().legal_moves().iter() {
                let undo = pos.do_move(m);
                prop_assert!(!pos.king_attacked(mover), "{} leaves the king attacked", m);
                let (r, b) = (pos.king(Color::Red), pos.king(Color::Black));
                if r.file() == b.file() {
                    let blocked = (r.rank().index() + 1..b.rank().index()).any(|rank| {
                        let rank = xiangqi::Rank::new(rank as u8);
                        pos.piece_at(Square::from_coords(r.file(), rank)).is_some()
                    });
                    prop_assert!(blocked, "{} lets the kings face each other", m);
                }
                pos.undo_move(m, undo);
            }
        }
    }

    #[test]
    fn generated_moves_are_exactly_the_legal_ones(seed in any::<u64>(), len in 0usize..120) {
        for pos in random_game(seed, len).into_iter().step_by(7) {
            let list = pos.legal_moves();
            for from in Square::all().filter(|&s| pos.is_color_at(s, pos.turn())) {
                for to in Square::all().filter(|&t| t != from) {
                    let m = Move::new(from, to);
                    prop_assert_eq!(pos.is_legal(m), list.contains(m), "{}", m);
                }
            }
            // Kings and advisors never leave the palace, elephants never cross the river.
            for &m in list.iter() {
                let p = pos.piece_at(m.from()).expect("mover");
                prop_assert!(xiangqi::reachable(p.color, p.role, m.to()), "{}", m);
                if p.role == Role::King || p.role == Role::Advisor {
                    prop_assert!(m.to().in_palace(p.color));
                }
            }
        }
    }

    #[test]
    fn fen_parser_never_panics(s in "\\PC{0,80}") {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn fen_parser_never_panics_on_fen_like_text(s in "[1-9kabnrcpKABNRCPhHeE/]{0,70}( [wbr]( -( -( [0-9]{1,6}( [0-9]{1,6})?)?)?)?)?") {
        if let Ok(pos) = Position::from_fen(&s) {
            prop_assert_eq!(Position::from_fen(&pos.fen()).expect("round trip"), pos);
        }
    }

    #[test]
    fn move_parser_never_panics(s in "\\PC{0,12}") {
        if let Ok(m) = s.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>().expect("round trip"), m);
        }
    }
}
