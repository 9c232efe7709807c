//! Warned before losing (issue #21 item 2): the moves of the side to move that would lose by the
//! repetition rules now, or would repeat a position for the last allowed time.

use xiangqi::rulings::{repetition_warnings, MoveWarning, RuleSet, WarningKind};
use xiangqi::{EndReason, Move, Position};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().expect("ICCS move"))
        .collect()
}

fn warnings(fen: &str, line: &str, rules: RuleSet) -> Vec<MoveWarning> {
    let start = Position::from_fen(fen).expect("valid FEN");
    repetition_warnings(start, &moves(line), rules).expect("a game in progress")
}

fn kind_of(list: &[MoveWarning], m: &str) -> Option<WarningKind> {
    let m: Move = m.parse().expect("ICCS move");
    list.iter().find(|w| w.mv == m).map(|w| w.kind)
}

/// FSF line 1174: Black's pawn checks on every move.
const CHECKING: &str = "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1";
/// Red's horse chases the chariot in turn with the cannon; Black's king only steps.
const HANDOVER: &str = "3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1";
/// The same without the cannon: one chase, one idle move.
const ONE_POINT: &str = "3k5/9/9/9/9/9/9/2r1N4/9/5K3 w - - 0 1";

#[test]
fn the_perpetual_checker_is_warned_twice() {
    let rules = RuleSet::default();
    // Back to the start for the 2nd time: the next repetition is ruled, and Black would lose.
    let list = warnings(CHECKING, "f1e1 f2e2 e1f1", rules);
    assert_eq!(
        kind_of(&list, "e2f2"),
        Some(WarningKind::LastRepetition { loses_next: true })
    );
    // The 3rd time: the move loses now.
    let list = warnings(CHECKING, "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1", rules);
    assert_eq!(
        kind_of(&list, "e2f2"),
        Some(WarningKind::Loses(EndReason::PerpetualCheck))
    );
    // Every flagged move leads back to a position seen before: at most the pawn's two moves.
    assert!(list.len() <= 2, "{list:?}");
}

#[test]
fn the_chaser_is_warned_and_the_victim_is_not() {
    let rules = RuleSet::default();
    let list = warnings(HANDOVER, "e2d4 d9e9 d4e2 e9d9", rules);
    assert_eq!(
        kind_of(&list, "e2d4"),
        Some(WarningKind::LastRepetition { loses_next: true })
    );
    let list = warnings(HANDOVER, "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9", rules);
    assert_eq!(
        kind_of(&list, "d4e2"),
        Some(WarningKind::LastRepetition { loses_next: true })
    );
    // Black's king step completes the repetition and wins for Black: no warning.
    let list = warnings(HANDOVER, "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2", rules);
    assert_eq!(kind_of(&list, "e9d9"), None);
}

#[test]
fn a_drawn_repetition_only_warns_of_the_last_repetition() {
    let rules = RuleSet::default();
    let list = warnings(ONE_POINT, "e2d4 d9e9 d4e2 e9d9", rules);
    assert_eq!(
        kind_of(&list, "e2d4"),
        Some(WarningKind::LastRepetition { loses_next: false })
    );
    let list = warnings(ONE_POINT, "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2", rules);
    assert!(
        list.iter()
            .all(|w| !matches!(w.kind, WarningKind::Loses(_))),
        "{list:?}"
    );
}

#[test]
fn nothing_to_warn_of_without_repetition_or_after_the_end() {
    let rules = RuleSet::default();
    let start = Position::startpos();
    assert_eq!(
        repetition_warnings(start.clone(), &[], rules),
        Some(Vec::new())
    );
    // An illegal move, or a game already ruled: no list.
    assert_eq!(repetition_warnings(start, &moves("a0a5"), rules), None);
    let ruled = Position::from_fen(CHECKING).expect("valid FEN");
    let line = moves("f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2");
    assert_eq!(repetition_warnings(ruled, &line, rules), None);
}

#[test]
fn cxa_warns_of_one_check_one_chase() {
    // Allowed under AXF, forbidden under CXA (一将一捉): Red's next return to d5 repeats for the
    // last time before the ruling, which only CXA rules against Red.
    let fen = "3nk4/9/9/9/3R5/9/9/9/9/3K5 w - - 0 1";
    let line = "d5e5 e9f9 e5d5 f9e9 d5e5 e9f9";
    let axf = warnings(fen, line, RuleSet::axf());
    assert_eq!(
        kind_of(&axf, "e5d5"),
        Some(WarningKind::LastRepetition { loses_next: false })
    );
    let cxa = warnings(fen, line, RuleSet::cxa());
    assert_eq!(
        kind_of(&cxa, "e5d5"),
        Some(WarningKind::LastRepetition { loses_next: true })
    );
}
