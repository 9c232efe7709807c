//! Game-end rulings (RULES.md §2, §6): the repetition suites of §6.8 as data files, the
//! insufficient-material cases of §6.6, the move limit, checkmate and stalemate, CXA specifics.

use xiangqi::rulings::{
    has_mating_material, insufficient_material, Judge, Profile, RuleSet, Ruling,
};
use xiangqi::{Color, EndReason, GameResult, Move, Position};

/// One line of a repetition data file: `name | FEN | moves | result`.
struct Case {
    name: String,
    fen: String,
    moves: Vec<Move>,
    expected: Option<GameResult>,
}

fn cases(data: &str) -> Vec<Case> {
    data.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            assert_eq!(f.len(), 4, "malformed line: {l}");
            Case {
                name: f[0].to_string(),
                fen: f[1].to_string(),
                moves: f[2]
                    .split_whitespace()
                    .map(|m| m.parse().expect("ICCS move"))
                    .collect(),
                expected: match f[3].trim() {
                    "none" => None,
                    r => Some(r.parse().expect("result")),
                },
            }
        })
        .collect()
}

/// Plays the moves until the first ruling; returns it.
fn judge(fen: &str, moves: &[Move], rules: RuleSet) -> Option<Ruling> {
    let mut judge = Judge::new(Position::from_fen(fen).expect("valid FEN"), rules);
    for (i, &m) in moves.iter().enumerate() {
        let ruling = judge
            .play(m)
            .unwrap_or_else(|e| panic!("{fen}: move {} ({m}): {e}", i + 1));
        if ruling.is_some() {
            return ruling;
        }
    }
    None
}

/// Runs a repetition suite and reports every failing case at once.
fn run_suite(data: &str) {
    let mut failures = Vec::new();
    for case in cases(data) {
        let ruling = judge(&case.fen, &case.moves, RuleSet::default());
        let Some(expected) = case.expected else {
            continue; // only checks that judging does not panic
        };
        let Some(ruling) = ruling else {
            failures.push(format!("{}: no ruling, expected {expected}", case.name));
            continue;
        };
        let reason_ok = match expected {
            GameResult::Draw => ruling.outcome.reason == EndReason::Repetition,
            _ => matches!(
                ruling.outcome.reason,
                EndReason::PerpetualCheck | EndReason::PerpetualChase
            ),
        };
        if ruling.outcome.result != expected || !reason_ok {
            failures.push(format!(
                "{}: got {} ({}) at ply {}, expected {expected}",
                case.name, ruling.outcome.result, ruling.outcome.reason, ruling.ply
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fsf_chasing_suite() {
    run_suite(include_str!("data/repetition_fsf.txt"));
}

#[test]
fn wxf_diagram_suite() {
    run_suite(include_str!("data/repetition_wxf.txt"));
}
