//! The judge keeps only the states since the last capture: taking back moves (across captures
//! too) must leave it exactly as if the remaining moves had been played from the start.

use xiangqi::rulings::{Judge, RuleSet};
use xiangqi::{Move, Position};

/// Small deterministic generator (no dependency).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The judge given `moves` from `start` afresh.
fn replayed(start: &Position, moves: &[Move], rules: RuleSet) -> Judge {
    let mut judge = Judge::new(start.clone(), rules);
    for &m in moves {
        judge.play(m).expect("replayed move is legal");
    }
    judge
}

fn assert_same(judge: &Judge, rules: RuleSet, what: &str) {
    let fresh = replayed(judge.start(), judge.played(), rules);
    assert_eq!(judge.position(), fresh.position(), "{what}: position");
    assert_eq!(judge.ruling(), fresh.ruling(), "{what}: ruling");
    assert_eq!(
        judge.repetition_count(),
        fresh.repetition_count(),
        "{what}: count"
    );
    assert_eq!(judge.evidence(), fresh.evidence(), "{what}: evidence");
    assert_eq!(
        judge.repetition_warnings(),
        fresh.repetition_warnings(),
        "{what}: warnings"
    );
    if let Some(e) = judge.evidence() {
        for step in &e.cycle {
            assert_eq!(
                judge.played()[step.ply - 1],
                step.mv,
                "{what}: evidence ply"
            );
        }
    }
}

/// Random games that often move a piece back (to make repetitions), with captures, and
/// undos of one or two plies now and then.
#[test]
fn undo_across_captures_matches_a_replay() {
    let fens = [
        "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
        "2bak4/4a4/4b1n2/p3c3p/2r6/6R2/P3P3P/2N1B4/4A4/2BAK4 w - - 0 1",
        xiangqi::START_FEN,
    ];
    let mut rng = Lcg(7);
    let mut rulings = 0;
    for fen in fens {
        for rules in [RuleSet::default(), RuleSet::cxa()] {
            let start = Position::from_fen(fen).expect("FEN");
            for game in 0..20 {
                let mut judge = Judge::new(start.clone(), rules);
                let mut back: Vec<Move> = Vec::new();
                for step in 0..120 {
                    let what = format!("{fen} game {game} step {step}");
                    if judge.ply() > 0 && rng.next(8) == 0 {
                        for _ in 0..=rng.next(2) {
                            judge.undo();
                        }
                        assert_same(&judge, rules, &what);
                        continue;
                    }
                    if judge.ruling().is_some() {
                        rulings += 1;
                        judge.undo();
                        continue;
                    }
                    let legal: Vec<Move> = judge.position().legal_moves().iter().copied().collect();
                    let undo_last = back.last().and_then(|m| {
                        legal
                            .iter()
                            .find(|l| l.from() == m.to() && l.to() == m.from())
                    });
                    let m = match undo_last {
                        Some(&m) if rng.next(3) > 0 => m,
                        _ => legal[rng.next(legal.len())],
                    };
                    judge.play(m).expect("legal");
                    back.push(m);
                    if back.len() > 2 {
                        back.remove(0);
                    }
                    assert_same(&judge, rules, &what);
                }
            }
        }
    }
    assert!(rulings > 0, "some games reached a ruling");
}
