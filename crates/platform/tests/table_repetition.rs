//! A table's repetition policy (issue 21): in `warn` mode a move that loses by repetition is
//! played and loses, and the game lists it beforehand; in `refuse` mode it is refused and
//! nothing changes. The table's rule set reaches the judge.

use platform::clock::TimeControl;
use platform::table::{Action, Command, Event, GameEnd, RepetitionPolicy, Table, TableConfig};
use platform::table::{TableError, TableError::LosingRepetition};
use platform::{Millis, TableId, UserId};
use xiangqi::rulings::{Profile, RuleSet, WarningKind};
use xiangqi::{Color, EndReason, GameResult, Position};

const RED: UserId = UserId(1);
const BLACK: UserId = UserId(2);

/// Red's horse shuttles e2–d4, attacking Black's chariot on c2 each time it arrives on d4.
const CHASE_FEN: &str = "3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1";
/// An idle king move, then two turns of the cycle: Red's next `d4e2` brings the position
/// after `f0f1` back for the third time and completes Red's perpetual chase.
const CYCLE: [&str; 8] = [
    "f0f1", "d9e9", "e2d4", "e9d9", "d4e2", "d9e9", "e2d4", "e9d9",
];
/// The move that loses by perpetual chase.
const LOSING: &str = "d4e2";

fn apply(t: &mut Table, user: UserId, mv: &str, now: u64) -> Result<Vec<Event>, TableError> {
    let mv = mv.parse().expect("move");
    let action = Action::Move {
        mv,
        lag: Millis::ZERO,
    };
    t.apply(Command::new(user, action), Millis(now))
}

/// A game from the chase position under `policy` and `rules`, with [`CYCLE`] played.
fn chase_table(policy: RepetitionPolicy, rules: RuleSet) -> Table {
    let config = TableConfig {
        start: Position::from_fen(CHASE_FEN).expect("fen"),
        rules,
        repetition: policy,
        time_control: TimeControl::untimed(),
        ..TableConfig::default()
    };
    let mut t = Table::new(TableId(1), config).expect("table");
    for (user, color) in [(RED, Color::Red), (BLACK, Color::Black)] {
        t.apply(Command::new(user, Action::Sit(color)), Millis(0))
            .expect("sit");
        t.apply(Command::new(user, Action::Ready(true)), Millis(0))
            .expect("ready");
    }
    for (i, mv) in CYCLE.iter().enumerate() {
        let user = if i % 2 == 0 { RED } else { BLACK };
        apply(&mut t, user, mv, 1_000 * (i as u64 + 1)).expect("cycle move");
    }
    t
}

#[test]
fn the_losing_move_is_listed_before_it_is_played() {
    let mut t = chase_table(RepetitionPolicy::Warn, RuleSet::default());
    // Red's d4e2 repeats a position for the third time: it loses now.
    let g = t.game().expect("game");
    let warnings = g.repetition_warnings();
    let losing: Vec<String> = warnings
        .iter()
        .filter(|w| w.kind == WarningKind::Loses(EndReason::PerpetualChase))
        .map(|w| w.mv.to_string())
        .collect();
    assert_eq!(losing, [LOSING], "{warnings:?}");
    // In warn mode it is played and loses.
    let events = apply(&mut t, RED, LOSING, 10_000).expect("played");
    let end = events.iter().find_map(|e| match e {
        Event::GameEnded(GameEnd::Finished { outcome, .. }) => Some(*outcome),
        _ => None,
    });
    let end = end.expect("the chase is ruled");
    assert_eq!(end.reason, EndReason::PerpetualChase);
    assert_eq!(end.result, GameResult::BlackWins);
    assert!(t.game().expect("game").repetition_warnings().is_empty());
}

#[test]
fn a_refusing_table_refuses_the_losing_move_and_nothing_changes() {
    let mut t = chase_table(RepetitionPolicy::Refuse, RuleSet::default());
    let before = format!("{t:?}");
    let refused = apply(&mut t, RED, LOSING, 10_000);
    assert_eq!(
        refused.err(),
        Some(LosingRepetition(LOSING.parse().expect("mv")))
    );
    assert_eq!(before, format!("{t:?}"), "a refused move changed the table");
    // Another move is played, and the game goes on.
    apply(&mut t, RED, "f1f0", 11_000).expect("another move");
    assert!(t.game().expect("game").is_playing());
    assert_eq!(t.game().expect("game").ply(), 9);
}

#[test]
fn the_tables_rule_set_reaches_the_judge() {
    // A two-move limit ends the game after four plies without a capture.
    let rules = RuleSet::for_profile(Profile::Cxa).with_move_limit(Some(4));
    let config = TableConfig {
        start: Position::from_fen(CHASE_FEN).expect("fen"),
        rules,
        time_control: TimeControl::untimed(),
        ..TableConfig::default()
    };
    let mut t = Table::new(TableId(1), config).expect("table");
    for (user, color) in [(RED, Color::Red), (BLACK, Color::Black)] {
        t.apply(Command::new(user, Action::Sit(color)), Millis(0))
            .expect("sit");
        t.apply(Command::new(user, Action::Ready(true)), Millis(0))
            .expect("ready");
    }
    assert_eq!(t.game().expect("game").rules().profile, Profile::Cxa);
    let mut last = Vec::new();
    for (i, mv) in CYCLE[..4].iter().enumerate() {
        let user = if i % 2 == 0 { RED } else { BLACK };
        last = apply(&mut t, user, mv, 1_000 * (i as u64 + 1)).expect("move");
    }
    let end = last.iter().find_map(|e| match e {
        Event::GameEnded(GameEnd::Finished { outcome, .. }) => Some(*outcome),
        _ => None,
    });
    assert_eq!(
        end.map(|o| o.reason),
        Some(EndReason::MoveLimit),
        "{last:?}"
    );
}
