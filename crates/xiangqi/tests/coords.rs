//! Typed coordinates and square sets: `File`, `Rank`, `Square::from_coords` and `Bitboard`.

use xiangqi::{Bitboard, Color, File, Position, Rank, Role, Square};

#[test]
fn squares_split_into_file_and_rank_and_back() {
    for sq in Square::all() {
        assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
        assert_eq!(sq.to_string(), format!("{}{}", sq.file(), sq.rank()));
    }
    let h2: Square = "h2".parse().expect("square");
    assert_eq!(h2.file(), File::from_char('h').expect("file"));
    assert_eq!(h2.rank(), Rank::new(2));
    assert_eq!(h2.offset(-3, 5), Some("e7".parse().expect("square")));
    assert_eq!(h2.offset(2, 0), None);
    assert_eq!(h2.offset(0, -3), None);
}

#[test]
fn files_and_ranks_check_their_range() {
    assert_eq!(File::try_new(9), None);
    assert_eq!(Rank::try_new(10), None);
    assert_eq!(File::from_char('j'), None);
    assert_eq!(File::from_char('C'), File::try_new(2));
    assert_eq!(Rank::from_char('9'), Some(Rank::new(9)));
    assert_eq!(File::A.mirror(), File::I);
    assert_eq!(Rank::new(0).flip(), Rank::new(9));
    assert_eq!(File::I.offset(1), None);
    assert_eq!(Rank::new(9).offset(-9), Some(Rank::new(0)));
    assert_eq!(File::ALL.len(), 9);
    assert_eq!(Rank::ALL.len(), 10);
    assert!(File::ALL.iter().enumerate().all(|(i, f)| f.index() == i));
}

#[test]
fn bitboards_hold_the_pieces_of_a_position() {
    let pos = Position::startpos();
    let red = pos.occupied_by(Color::Red);
    assert_eq!(red.count(), 16);
    assert_eq!((red | pos.occupied_by(Color::Black)), pos.occupied());
    assert!((red & pos.occupied_by(Color::Black)).is_empty());
    assert!(red.contains(pos.king(Color::Red)));
    assert_eq!(red.first(), Some(Square::new(0)));
    let listed: Vec<Square> = red.into_iter().collect();
    assert_eq!(listed.len(), 16);
    assert!(listed.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(listed.iter().copied().collect::<Bitboard>(), red);
    assert_eq!((!pos.occupied()).count(), 90 - 32);
    let mut set = Bitboard::EMPTY;
    set.add(Square::new(89));
    assert!(set.contains(Square::new(89)) && set.any());
    set.remove(Square::new(89));
    assert!(set.is_empty());
    assert_eq!(Bitboard(u128::MAX).into_iter().count(), 90);
}

#[test]
fn step_attackers_are_a_bitboard() {
    // Red's advisor squares around the palace centre e1.
    let e1: Square = "e1".parse().expect("square");
    let advisors = xiangqi::step_attackers(Color::Red, Role::Advisor, e1);
    assert_eq!(advisors.count(), 4);
    assert!(xiangqi::step_attackers(Color::Red, Role::Chariot, e1).is_empty());
}
