//! Game analysis: blunders marked, mates shown as mates, accuracy within 0–100.

use engine::analysis::{analyse_game, Eval, Judgment, Progress};
use engine::Limits;
use xiangqi::{Color, Move, Position};

fn moves(list: &[&str]) -> Vec<Move> {
    list.iter().map(|m| m.parse().expect("move")).collect()
}

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn a_hung_chariot_is_a_blunder() {
    // 1. 车一进一 马8进7 2. 车一平二?? 炮8进6: the cannon jumps Red's cannon on h2 and takes the
    // chariot. (1. 车一进一 already left the horse on h0 to the same cannon, and 马8进7 let it go:
    // the engine rightly marks those too.)
    let game = moves(&["i0i1", "h9g7", "i1h1", "h7h1"]);
    let mut seen = Vec::new();
    let a = analyse_game(&Position::startpos(), &game, &depth(6), &mut |p| {
        seen.push(p)
    })
    .expect("legal");
    assert_eq!(seen.last(), Some(&Progress { done: 5, total: 5 }));
    assert_eq!(a.positions.len(), 5);
    assert_eq!(a.moves.len(), 4);
    let blunder = &a.moves[2];
    assert_eq!((blunder.ply, blunder.side), (3, Color::Red));
    assert_eq!(blunder.judgment, Some(Judgment::Blunder), "{blunder:?}");
    assert!(blunder.loss >= 15.0);
    assert!(blunder.best.is_some() && blunder.best != Some(game[2]));
    assert_eq!(blunder.best_line.first(), blunder.best.as_ref());
    assert!(
        matches!(blunder.after, Eval::Cp(cp) if cp < -300),
        "{:?}",
        blunder.after
    );
    // Taking the chariot is Black's best move, not a mistake.
    assert_eq!(a.moves[3].judgment, None);
    assert!(a.players.red.blunders >= 1);
    for p in [&a.players.red, &a.players.black] {
        let acc = p.accuracy.expect("moved");
        assert!((0.0..=100.0).contains(&acc), "{acc}");
    }
    assert!(a.players.red.accuracy < a.players.black.accuracy);
}

#[test]
fn mates_are_shown_as_mates() {
    // Red mates at once with the chariot on the back rank.
    let start = Position::from_fen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w").expect("fen");
    let a = analyse_game(&start, &moves(&["b7b9"]), &depth(4), &mut |_| {}).expect("legal");
    assert_eq!(a.positions[0].eval, Eval::Mate(1));
    assert_eq!(a.positions[0].eval.to_string(), "#1");
    assert_eq!(a.positions[1].eval, Eval::Mated(Color::Black));
    assert_eq!(a.positions[1].eval.to_string(), "#0");
    assert_eq!(a.moves[0].judgment, None);
    assert_eq!(a.players.black.accuracy, None);

    // Black to move mates: negative for Red.
    let start = Position::from_fen("4k4/9/9/9/9/9/9/1r7/r8/3K5 b").expect("fen");
    let a = analyse_game(&start, &[], &depth(4), &mut |_| {}).expect("legal");
    assert_eq!(a.positions[0].eval, Eval::Mate(-1));
    assert_eq!(a.positions[0].eval.to_string(), "#-1");
}

#[test]
fn illegal_games_are_refused() {
    let r = analyse_game(
        &Position::startpos(),
        &moves(&["h2e2", "h2e2"]),
        &depth(1),
        &mut |_| {},
    );
    assert!(r.is_err());
}
