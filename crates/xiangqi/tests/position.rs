//! Position, FEN and move-generation tests: the unit positions of RULES.md §2 and the FEN rules
//! of §1.3.

use xiangqi::{Color, FenError, Move, Piece, Position, Role, Square, START_FEN};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = pos(fen).legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

#[test]
fn start_position_has_44_moves() {
    assert_eq!(Position::startpos().legal_moves().len(), 44);
    assert_eq!(Position::startpos().fen(), START_FEN);
}

#[test]
fn flying_general_restricts_the_king() {
    assert_eq!(moves("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"), vec!["d0d1"]);
}

#[test]
fn a_lone_screen_between_kings_is_pinned() {
    assert_eq!(
        moves("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1"),
        vec!["e0d0", "e0e1", "e0f0"]
    );
}

#[test]
fn stalemate_is_no_legal_move_without_check() {
    let mut p = pos("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(!p.is_check());
    assert!(!p.has_legal_move());
}

#[test]
fn checkmate_is_no_legal_move_in_check() {
    // Chariots on a8 and b7: Ra8-a9 checks along rank 9, rank 8 is covered by the chariot now on
    // b7? No: play Rb7-b8 first, then Ra8-a9 is mate (rank 8 covered, rank 9 attacked).
    let mut p = pos("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1");
    p.play_mut("b7b8".parse().expect("move")).expect("legal");
    assert!(!p.is_check());
    p.play_mut("e9f9".parse().expect("move")).expect("legal");
    p.play_mut("a8a9".parse().expect("move")).expect("legal");
    assert!(p.is_check());
    assert!(!p.has_legal_move());
}

/// The square at file and rank numbers.
fn square(file: u8, rank: u8) -> Square {
    Square::from_coords(xiangqi::File::new(file), xiangqi::Rank::new(rank))
}

fn targets(p: &Position, file: u8, rank: u8) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves_from(square(file, rank))
        .iter()
        .map(|m| m.to().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn horse_leg_blocks_and_elephant_eye_blocks() {
    // Horse on b0 with its leg b1 blocked by a cannon: a2 and c2 are out of reach, d1 is not.
    let p = pos("4k4/9/9/9/9/9/9/9/1C7/1N1K5 w - - 0 1");
    assert_eq!(targets(&p, 1, 0), vec!["d1"]);
    // Elephant on c0 with the eye d1 occupied cannot reach e2.
    let p = pos("4k4/9/9/9/9/9/9/9/3N5/2BK5 w - - 0 1");
    assert_eq!(targets(&p, 2, 0), vec!["a2"]);
}

#[test]
fn cannon_needs_exactly_one_screen() {
    let p = pos("4k4/9/9/9/9/9/9/9/9/C1p1pK3 w - - 0 1");
    let from = square(0, 0);
    let caps: Vec<String> = p
        .legal_moves_from(from)
        .iter()
        .filter(|m| p.is_capture(**m))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(caps, vec!["a0e0".to_string()]);
}

#[test]
fn pawn_moves_sideways_only_after_the_river() {
    let p = pos("4k4/9/9/9/4P4/9/2P6/9/9/3K5 w - - 0 1");
    let own_side = p.legal_moves_from(square(2, 3));
    assert_eq!(own_side.len(), 1);
    let across = p.legal_moves_from(square(4, 5));
    assert_eq!(across.len(), 3);
}

#[test]
fn fen_accepts_synonyms_and_truncation() {
    let a = pos("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
    assert_eq!(a, Position::startpos());
    let b = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR");
    assert_eq!(b.turn(), Color::Red);
    let c = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b 7 12");
    assert_eq!(
        (c.turn(), c.halfmoves(), c.fullmoves()),
        (Color::Black, 7, 12)
    );
}

#[test]
fn fen_errors_name_the_problem() {
    let err = |fen: &str| Position::from_fen(fen).expect_err(fen);
    assert_eq!(err(""), FenError::Empty);
    assert!(matches!(err("9/9/9 w"), FenError::WrongRankCount(3)));
    assert!(matches!(
        err("4k5/9/9/9/9/9/9/9/9/4K4 w"),
        FenError::WrongRankLength { rank: 9 }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/4X4 w"),
        FenError::InvalidPieceChar('X')
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 x"),
        FenError::InvalidTurn(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 w - - x 1"),
        FenError::InvalidCounter(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/9 w"),
        FenError::KingCount {
            color: Color::Red,
            count: 0
        }
    ));
    assert!(matches!(
        err("3kk4/9/9/9/9/9/9/9/9/4K4 w"),
        FenError::KingCount {
            color: Color::Black,
            count: 2
        }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/RRR1K4 w"),
        FenError::TooMany {
            role: Role::Chariot,
            ..
        }
    ));
    // King outside its palace.
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/K8 w"),
        FenError::PieceOnImpossibleSquare { .. }
    ));
    // Advisor off its five points, elephant across the river, pawn behind its start rank.
    for fen in [
        "4k4/9/9/9/9/9/9/9/3A5/4K4 w",
        "4k4/9/9/9/9/9/9/9/9/3KB4 w",
        "4k4/9/9/9/2B6/9/9/9/9/4K4 w",
        "4k4/9/9/9/9/9/9/9/9/4K2B1 w",
        "4k4/9/9/9/9/9/9/9/4P4/3K5 w",
        "4k4/9/9/9/9/9/1P7/9/9/3K5 w",
    ] {
        let e = err(fen);
        assert!(
            matches!(e, FenError::PieceOnImpossibleSquare { .. }),
            "{fen}: {e}"
        );
    }
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::KingsFacing);
    // Black to move is fine, but with Red to move Black's king is attacked by the chariot.
    assert_eq!(
        err("4k4/4R4/9/9/9/9/9/9/9/3K5 w"),
        FenError::OpponentInCheck(Color::Black)
    );
    assert!(Position::from_fen("4k4/4R4/9/9/9/9/9/9/9/3K5 b").is_ok());
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 extra"),
        FenError::TrailingFields(_)
    ));
}

#[test]
fn fen_error_messages_are_readable() {
    let e = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").expect_err("facing");
    assert_eq!(e.to_string(), "the kings face each other on an open file");
    let e = Position::from_fen("4k4/9/9/9/9/9/9/9/9/K8 w").expect_err("king");
    assert!(e.to_string().contains("a0"), "{e}");
}

#[test]
fn pieces_and_counts() {
    let p = Position::startpos();
    assert_eq!(p.count(Color::Red, Role::Pawn), 5);
    assert_eq!(p.count(Color::Black, Role::Cannon), 2);
    assert_eq!(p.pieces().count(), 32);
    assert_eq!(
        p.piece_at(square(4, 9)),
        Some(Piece::new(Color::Black, Role::King))
    );
}

#[test]
fn play_rejects_illegal_moves_without_change() {
    let mut p = Position::startpos();
    let before = p.clone();
    for text in ["e0e2", "h2h8", "a0a4", "e3e5", "h9g7"] {
        let m: Move = text.parse().expect("syntax");
        assert!(p.play_mut(m).is_err(), "{text} must be illegal");
        assert_eq!(p, before);
    }
}

#[test]
fn flipped_turns_the_board_and_swaps_sides() {
    let start = Position::startpos();
    let flipped = start.flipped();
    assert_eq!(flipped.turn(), Color::Black);
    assert_eq!(flipped.board_fen(), start.board_fen());
    assert_eq!(flipped.flipped().fen(), start.fen());
    // A red rook on a0 becomes a black rook on i9, and its moves keep their meaning.
    let p = pos("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    let f = p.flipped();
    assert_eq!(f.fen(), "4k3r/9/9/9/9/9/9/9/9/5K3 b - - 0 1");
    assert_eq!(
        f.hash(),
        Position::from_fen(&f.fen()).expect("valid").hash()
    );
    let flip_move = |m: &String| {
        let m: Move = m.parse().expect("move");
        m.flip().to_string()
    };
    let mut expected: Vec<String> = moves(&p.fen()).iter().map(flip_move).collect();
    let mut got = moves(&f.fen());
    expected.sort();
    got.sort();
    assert_eq!(got, expected);
}
