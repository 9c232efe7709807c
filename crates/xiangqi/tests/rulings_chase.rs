//! The chase handed from piece to piece (issue #21 item 3): a side whose moves attack one same
//! enemy piece on every move, by different pieces in turn, chases perpetually even though the
//! victim never escapes — RULES.md §6.3 "two or more pieces chasing one piece in turn is also a
//! chase". Each position was checked against Fairy-Stockfish (pyffish 0.0.90), which agrees on
//! every AXF result here.

use xiangqi::rulings::{Conduct, Judge, RuleSet};
use xiangqi::{Color, EndReason, GameResult, Position, Role};

/// Plays `moves` from `fen` under `rules` and returns the judge after the first ruling.
fn play(fen: &str, moves: &str, rules: RuleSet) -> Judge {
    let mut judge = Judge::new(Position::from_fen(fen).expect("valid FEN"), rules);
    for text in moves.split_whitespace() {
        if judge.ruling().is_some() {
            break;
        }
        judge
            .play(text.parse().expect("ICCS move"))
            .unwrap_or_else(|e| panic!("{fen}: {text}: {e}"));
    }
    judge
}

/// `(name, FEN, moves, AXF result, CXA result)`.
const CASES: &[(&str, &str, &str, &str, &str)] = &[
    // WXF rule-book position (ORANGE "some perpetual chasing"): Red's horse attacks the chariot
    // from d4; back on e2 it mounts the cannon h2, which attacks it. Black's cannon is idle.
    (
        "wxf horse hands over to cannon",
        "2c1kab2/4a4/4b4/9/9/9/P1p5P/2r1N1cC1/4A4/3ACK3 w - - 0 1",
        "e2d4 g2g1 d4e2 g1g2 e2d4 g2g1 d4e2 g1g2",
        "0-1",
        "0-1",
    ),
    // The same mechanism stripped down: horse e2-d4, cannon h2, unprotected chariot c2.
    (
        "horse and cannon chase an unprotected chariot",
        "3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1",
        "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2 e9d9",
        "0-1",
        "0-1",
    ),
    // A chariot may not be chased perpetually by horses and cannons even when protected
    // (AXF rule 15): the black horse on b4 protecting c2 changes nothing.
    (
        "horse and cannon chase a protected chariot",
        "3k5/9/9/9/9/1n7/9/2r1N2C1/9/5K3 w - - 0 1",
        "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2 e9d9",
        "0-1",
        "0-1",
    ),
    // Without the cannon the horse attacks only from d4: one chase, one idle move (一捉一闲) is
    // allowed, a draw.
    (
        "horse attacking from one point only",
        "3k5/9/9/9/9/9/9/2r1N4/9/5K3 w - - 0 1",
        "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2 e9d9",
        "1/2-1/2",
        "1/2-1/2",
    ),
    // Chariot g5 attacks the cannon g7; stepping to f5 it unmasks the chariot g0, which does.
    (
        "two chariots chase an unprotected cannon",
        "3k5/9/6c2/9/6R2/9/9/9/9/4K1R2 w - - 0 1",
        "g5f5 d9d8 f5g5 d8d9 g5f5 d9d8 f5g5 d8d9",
        "0-1",
        "0-1",
    ),
    // The same with the cannon protected by the horse h9: attacking a protected piece is
    // allowed (and under CXA the exchange loses material).
    (
        "two chariots attack a protected cannon",
        "3k3n1/9/6c2/9/6R2/9/9/9/9/4K1R2 w - - 0 1",
        "g5f5 d9d8 f5g5 d8d9 g5f5 d9d8 f5g5 d8d9",
        "1/2-1/2",
        "1/2-1/2",
    ),
    // Both sides hand their chase over in turn (the second side is the first turned round):
    // equal violations, a draw.
    (
        "both sides chase in turn",
        "3k5/9/1c2n1R2/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1",
        "e2d4 e7f5 d4e2 f5e7 e2d4 e7f5 d4e2 f5e7",
        "1/2-1/2",
        "1/2-1/2",
    ),
];

#[test]
fn chases_handed_over_are_ruled_under_both_profiles() {
    let mut failures = Vec::new();
    for &(name, fen, moves, axf, cxa) in CASES {
        for (rules, expected) in [(RuleSet::axf(), axf), (RuleSet::cxa(), cxa)] {
            let judge = play(fen, moves, rules);
            let got = judge.ruling().map(|r| r.outcome);
            let ok = got.is_some_and(|o| {
                o.result.as_str() == expected
                    && (o.result == GameResult::Draw) == (o.reason == EndReason::Repetition)
            });
            if !ok {
                failures.push(format!(
                    "{name} ({}): {got:?}, expected {expected}",
                    rules.profile
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_evidence_names_both_chasers_and_the_chariot() {
    let (_, fen, moves, _, _) = CASES[1];
    let judge = play(fen, moves, RuleSet::axf());
    let evidence = judge.evidence().expect("a repetition ruling");
    assert_eq!(evidence.outcome.reason, EndReason::PerpetualChase);
    assert_eq!(evidence.loser(), Some(Color::Red));
    let Conduct::PerpetualChase(victims) = &evidence.red else {
        panic!("Red should be the perpetual chaser: {:?}", evidence.red);
    };
    assert_eq!(victims.len(), 1);
    assert_eq!(victims[0].0.role, Role::Chariot);
    assert_eq!(victims[0].1.to_string(), "c2");
    assert_eq!(evidence.black, Conduct::Allowed);
    // One cycle: four plies, each Red move chasing the chariot, by the horse from d4 and by the
    // cannon from h2 in turn.
    assert_eq!(evidence.cycle.len(), 4);
    let red: Vec<_> = evidence.moves_of(Color::Red).collect();
    let chasers: Vec<(Role, String)> = red
        .iter()
        .map(|s| {
            assert_eq!(s.chases.len(), 1, "{s:?}");
            (s.chases[0].piece.role, s.chases[0].from.to_string())
        })
        .collect();
    assert_eq!(
        chasers,
        [
            (Role::Horse, "d4".to_string()),
            (Role::Cannon, "h2".to_string())
        ]
    );
    assert!(evidence.moves_of(Color::Black).all(|s| s.chases.is_empty()));
}

#[test]
fn mutual_hand_over_shows_both_chases() {
    let (_, fen, moves, _, _) = CASES[6];
    let evidence = play(fen, moves, RuleSet::axf())
        .evidence()
        .expect("a repetition ruling");
    assert_eq!(evidence.loser(), None);
    for color in Color::ALL {
        let Conduct::PerpetualChase(victims) = evidence.conduct(color) else {
            panic!("{color} should chase perpetually");
        };
        assert_eq!(victims[0].0.role, Role::Chariot);
        assert_eq!(victims[0].0.color, !color);
    }
}
