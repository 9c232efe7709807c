use xiangqi::rulings::{Judge, RuleSet};
use xiangqi::Position;
#[test]
fn dbg() {
    let fen = std::env::var("FEN").unwrap();
    let moves = std::env::var("MOVES").unwrap();
    let mut j = Judge::new(Position::from_fen(&fen).unwrap(), RuleSet::default());
    for m in moves.split_whitespace() {
        let r = j.play(m.parse().unwrap()).unwrap();
        if let Some(r) = r { eprintln!("{r:?}"); break; }
    }
}
