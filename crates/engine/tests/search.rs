//! Search behaviour checked against the rules: forced mates, legal moves everywhere, repetition
//! rulings (perpetual check and chase), banned moves.

mod common;

use common::{mate_after, Rng};
use engine::{Control, Engine, Limits, Score, SearchResult};
use xiangqi::{Move, Position};

fn search(pos: &Position, moves: &[Move], limits: &Limits) -> SearchResult {
    let mut e = Engine::new(8);
    e.set_position(pos, moves).expect("legal moves");
    e.go(limits, &Control::new(), &mut |_| {})
}

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

const MATES: [(&str, u32); 7] = [
    ("3k5/7R1/9/9/9/9/9/9/9/R4K3 w - - 0 1", 1),
    ("4k4/9/4N4/9/C8/9/9/9/9/3K5 w - - 0 1", 1),
    ("3ak4/4a4/9/9/9/9/9/9/9/R4K3 w - - 0 1", 1),
    ("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 2),
    ("3k5/9/9/9/9/9/9/9/1R7/R4K3 w - - 0 1", 2),
    ("4k4/9/9/3N5/C8/9/9/9/9/3K5 w - - 0 1", 2),
    ("3k5/4a4/9/9/9/9/9/9/9/R4K3 w - - 0 1", 3),
];

#[test]
fn finds_forced_mates_for_both_sides() {
    for (fen, n) in MATES {
        for fen in [
            fen.to_string(),
            Position::from_fen(fen).expect("valid FEN").flipped().fen(),
        ] {
            let mut pos = Position::from_fen(&fen).expect("valid FEN");
            assert!(
                !common::forced_mate(&mut pos, n - 1),
                "{fen}: mate is faster than {n}"
            );
            let r = search(&pos, &[], &depth(2 * n as i32 + 3));
            let m = r.best.expect("a move");
            assert!(
                mate_after(&mut pos, m, n),
                "{fen}: {m} does not mate in {n}"
            );
            assert_eq!(
                Score::from_internal(r.score),
                Score::Mate(n as i32),
                "{fen}"
            );
        }
    }
}

#[test]
fn always_a_legal_move_in_random_positions() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let limits = Limits {
        nodes: Some(3_000),
        ..Limits::default()
    };
    let mut searched = 0;
    for game in 0..40 {
        let mut pos = Position::startpos();
        let plies = 10 + (rng.next() % 140) as usize;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            pos.play_mut(m).expect("legal");
        }
        let r = search(&pos, &[], &limits);
        if pos.legal_moves().is_empty() {
            assert_eq!(r.best, None, "game {game}: {}", pos.fen());
        } else {
            let m = r.best.unwrap_or_else(|| panic!("no move in {}", pos.fen()));
            assert!(pos.is_legal(m), "illegal {m} in {}", pos.fen());
            searched += 1;
        }
    }
    assert!(searched > 20);
}

#[test]
fn a_legal_move_even_when_every_move_loses() {
    // Black to move is mated next move whatever it does.
    let pos = Position::from_fen("3k5/7R1/9/9/9/9/9/9/9/R4K3 b - - 0 1").expect("fen");
    let r = search(&pos, &[], &depth(5));
    let m = r.best.expect("a move");
    assert!(pos.is_legal(m));
    assert!(
        matches!(Score::from_internal(r.score), Score::Mate(n) if n < 0),
        "{:?}",
        r.score
    );
}

#[test]
fn banned_moves_are_avoided_unless_all_are_banned() {
    let pos = Position::startpos();
    let all: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let mut e = Engine::new(8);
    e.set_position(&pos, &[]).expect("ok");
    e.set_banned(&all[1..]);
    let r = e.go(&depth(3), &Control::new(), &mut |_| {});
    assert_eq!(r.best, Some(all[0]));
    e.set_banned(&all);
    let r = e.go(&depth(3), &Control::new(), &mut |_| {});
    assert!(
        r.best.is_some_and(|m| pos.is_legal(m)),
        "still a legal move"
    );
}

/// Red checks along ranks 9 and 8 while the black king steps d9–d8; Black is far ahead in
/// material, so without the perpetual-check rule repeating would be Red's best.
const PERPETUAL_FEN: &str = "3k3R1/9/9/9/9/9/2r1r4/9/9/5K3 b - - 0 1";

#[test]
fn never_repeats_a_perpetual_check_that_loses() {
    let base = Position::from_fen(PERPETUAL_FEN).expect("fen");
    // The cycle has been played once; h8h9 would bring the start position a third time.
    let line: Vec<Move> = ["d9d8", "h9h8", "d8d9", "h8h9", "d9d8", "h9h8", "d8d9"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let r = search(&base, &line, &depth(6));
    let m = r.best.expect("move");
    assert_ne!(
        m,
        "h8h9".parse::<Move>().unwrap(),
        "repeating the perpetual check loses"
    );
}

#[test]
fn claims_the_win_when_the_opponent_perpetually_checks() {
    // Black has a bare king against a chariot, but Red has checked on every move of the cycle:
    // stepping onto the cycle a third time makes Red the perpetual checker, which loses.
    let base = Position::from_fen("3k3R1/9/9/9/9/9/9/9/9/5K3 b - - 0 1").expect("fen");
    let line: Vec<Move> = [
        "d9d8", "h9h8", "d8d9", "h8h9", "d9d8", "h9h8", "d8d9", "h8h9",
    ]
    .iter()
    .map(|m| m.parse().unwrap())
    .collect();
    let r = search(&base, &line, &depth(4));
    assert_eq!(r.best, Some("d9d8".parse().unwrap()));
    assert!(
        r.score >= engine::search::MATE_BOUND,
        "scored as a win: {}",
        r.score
    );
}

#[test]
fn a_second_occurrence_before_the_root_is_no_ruling_yet() {
    // The same cycle played only once: d9d8 brings a position back a second time, which ends
    // nothing (rulings come at the third occurrence), so the bare king is not "winning".
    let base = Position::from_fen("3k3R1/9/9/9/9/9/9/9/9/5K3 b - - 0 1").expect("fen");
    let line: Vec<Move> = ["d9d8", "h9h8", "d8d9", "h8h9"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let r = search(&base, &line, &depth(4));
    assert!(
        r.score < engine::search::MATE_BOUND,
        "a second occurrence is scored as a win: {}",
        r.score
    );
}

/// Red's chariot attacks Black's unprotected horse on b4 and on a2 by turns (a perpetual chase);
/// Black is far ahead in material, so without the perpetual-chase rule repeating would be Red's
/// best.
const CHASE_FEN: &str = "2bakab1r/9/9/2p1p1p2/9/1n5R1/9/9/9/3K5 b - - 0 1";

#[test]
fn never_repeats_a_perpetual_chase_that_loses() {
    let base = Position::from_fen(CHASE_FEN).expect("fen");
    // The cycle has been played once; h2h4 would bring the start position a third time.
    let line: Vec<Move> = ["b4a2", "h4h2", "a2b4", "h2h4", "b4a2", "h4h2", "a2b4"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let r = search(&base, &line, &depth(6));
    let m = r.best.expect("move");
    assert_ne!(
        m,
        "h2h4".parse::<Move>().unwrap(),
        "chasing the horse back onto the cycle loses"
    );
    assert!(r.score > -engine::search::MATE_BOUND, "{}", r.score);
}

#[test]
fn parallel_search_finds_mates_and_stops_on_time() {
    let mut e = Engine::new(8);
    e.set_threads(3);
    assert_eq!(e.threads(), 3);
    for (fen, n) in MATES {
        let mut pos = Position::from_fen(fen).expect("valid FEN");
        e.set_position(&pos, &[]).expect("position");
        let r = e.go(&depth(2 * n as i32 + 3), &Control::new(), &mut |_| {});
        let m = r.best.expect("a move");
        assert!(
            mate_after(&mut pos, m, n),
            "{fen}: {m} does not mate in {n}"
        );
        assert_eq!(
            Score::from_internal(r.score),
            Score::Mate(n as i32),
            "{fen}"
        );
    }
    // A timed search with helpers returns within its hard limit, with a legal move.
    e.set_book(false);
    e.set_position(&Position::startpos(), &[])
        .expect("position");
    let limits = Limits {
        time: Some(engine::time::Budget {
            optimum_ms: 100,
            maximum_ms: 200,
        }),
        ..Limits::default()
    };
    let started = std::time::Instant::now();
    let r = e.go(&limits, &Control::new(), &mut |_| {});
    assert!(
        started.elapsed().as_millis() < 1500,
        "{:?}",
        started.elapsed()
    );
    assert!(Position::startpos().is_legal(r.best.expect("a move")));
}
