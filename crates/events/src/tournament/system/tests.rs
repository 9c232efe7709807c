//! The director's choices per system, without a server: which command starts each system,
//! which games are due at which tables, which command records a table's result, and when a
//! round rests before the next.

use super::{Command, Core};
use crate::tournament::spec::Spec;
use crate::tournament::view::table_of;
use platform::tournament::knockout::KnockoutCommand;
use platform::tournament::robin::RobinCommand;
use platform::tournament::swiss::{Phase, SwissCommand};
use platform::tournament::GameResult;
use platform::{Millis, UserId};

const EVENT: u64 = 7;

/// A core of `system` with players 1..=n (rating 2000 − id, so seeds follow ids), started.
fn started(system: &str, n: u64) -> Core {
    let spec = Spec {
        system: system.into(),
        rounds: 3,
        ..Spec::default()
    };
    let mut core = Core::new(&spec, Millis::ZERO).expect("core");
    for u in 1..=n {
        let cmd = core.rules().register(UserId(u), 2000 - u as u32);
        core.rules_mut().apply(cmd, Millis(0)).expect("register");
    }
    let start = core.rules().start();
    core.rules_mut().apply(start, Millis(1)).expect("start");
    assert_eq!(core.rules().phase(), Phase::Running);
    core
}

fn pairs(core: &Core) -> Vec<(u64, u64)> {
    core.rules()
        .due(EVENT)
        .iter()
        .map(|d| (d.red.0, d.black.0))
        .collect()
}

/// Records `result` for every game due.
fn record_all(core: &mut Core, result: GameResult) -> bool {
    let mut rests = false;
    for d in core.rules().due(EVENT) {
        let cmd = core.rules().result_at(EVENT, d.table, result).expect("due");
        let events = core.rules_mut().apply(cmd, Millis(2)).expect("recorded");
        rests |= core.rules().rests_after(&events);
    }
    rests
}

#[test]
fn each_system_starts_with_its_own_command() {
    let spec = |s: &str| Spec {
        system: s.into(),
        ..Spec::default()
    };
    let start = |s: &str| {
        Core::new(&spec(s), Millis::ZERO)
            .expect("core")
            .rules()
            .start()
    };
    assert_eq!(start("swiss"), Command::Swiss(SwissCommand::PairRound));
    assert_eq!(start("robin"), Command::Robin(RobinCommand::Start));
    assert_eq!(start("knockout"), Command::Knockout(KnockoutCommand::Start));
    assert!(Core::new(&spec("ladder"), Millis::ZERO).is_err());
}

#[test]
fn a_round_robin_plays_its_berger_rounds_one_at_a_time() {
    let mut core = started("robin", 4);
    // Berger round 1 for 4: 1–4, 2–3.
    assert_eq!(pairs(&core), [(1, 4), (2, 3)]);
    assert_eq!(core.rules().due(EVENT)[0].table, table_of(EVENT, 1, 0));
    assert!(core.rules().next_round().is_none());
    // A table of another round or event records nothing.
    let wrong = table_of(EVENT, 2, 0);
    assert!(core
        .rules()
        .result_at(EVENT, wrong, GameResult::Draw)
        .is_none());
    assert!(core
        .rules()
        .result_at(EVENT, table_of(EVENT + 1, 1, 0), GameResult::Draw)
        .is_none());
    assert!(
        record_all(&mut core, GameResult::RedWins),
        "round 1 done: rest"
    );
    // Round 2: 4–3, 1–2.
    assert_eq!(pairs(&core), [(4, 3), (1, 2)]);
    assert!(record_all(&mut core, GameResult::Draw));
    assert_eq!(pairs(&core).len(), 2);
    assert!(
        !record_all(&mut core, GameResult::Draw),
        "the last round ends the event"
    );
    assert_eq!(core.rules().phase(), Phase::Finished);
    assert!(core.rules().due(EVENT).is_empty());
}

#[test]
fn a_double_round_robin_swaps_colours_on_the_return_leg() {
    let spec = Spec {
        system: "robin".into(),
        cycles: 2,
        ..Spec::default()
    };
    let mut core = Core::new(&spec, Millis::ZERO).expect("core");
    for u in 1..=2 {
        let cmd = core.rules().register(UserId(u), 1500);
        core.rules_mut().apply(cmd, Millis(0)).expect("register");
    }
    let start = core.rules().start();
    core.rules_mut().apply(start, Millis(1)).expect("start");
    assert_eq!(pairs(&core), [(1, 2)]);
    record_all(&mut core, GameResult::Draw);
    assert_eq!(pairs(&core), [(2, 1)]);
}

#[test]
fn a_knockout_seeds_its_bracket_and_goes_to_tie_breaks() {
    let mut core = started("knockout", 4);
    // Seeds 1–4 and 2–3, the higher seed Red; each game on its own table.
    assert_eq!(pairs(&core), [(1, 4), (2, 3)]);
    let due = core.rules().due(EVENT);
    assert_ne!(due[0].table, due[1].table);
    // A drawn regular game: the next game is the rapid one, colours swapped, 10′ + 10″.
    let cmd = core
        .rules()
        .result_at(EVENT, due[1].table, GameResult::Draw)
        .expect("due");
    core.rules_mut().apply(cmd, Millis(2)).expect("draw");
    let next = core.rules().due(EVENT);
    assert_eq!(pairs(&core), [(1, 4), (3, 2)]);
    let rapid = next[1].control.clone().expect("the stage's control");
    assert_eq!(
        rapid,
        platform::clock::TimeControl::fischer(Millis::from_mins(10), Millis::from_secs(10))
    );
    // The old table records nothing now.
    assert!(core
        .rules()
        .result_at(EVENT, due[1].table, GameResult::Draw)
        .is_none());
    // Round 1 decided: the final rests first.
    let cmd = core
        .rules()
        .result_at(EVENT, next[0].table, GameResult::RedWins)
        .expect("due");
    core.rules_mut().apply(cmd, Millis(3)).expect("win");
    for _ in 0..2 {
        let d = core.rules().due(EVENT)[0].clone();
        let win = if d.red == UserId(3) {
            GameResult::RedWins
        } else {
            GameResult::BlackWins
        };
        let cmd = core.rules().result_at(EVENT, d.table, win).expect("due");
        let events = core.rules_mut().apply(cmd, Millis(4)).expect("win");
        if core.rules().due(EVENT).iter().any(|d| d.red == UserId(1)) {
            assert!(core.rules().rests_after(&events), "a new round rests");
        }
    }
    assert_eq!(pairs(&core), [(1, 3)]);
    let rows = core.rules().standings();
    assert_eq!(rows[0].user, UserId(1));
    assert_eq!(rows[0].rank, 1);
    assert!(core.rules().bracket(EVENT).is_some());
}

#[test]
fn a_swiss_pairs_on_the_timer_only_between_rounds() {
    let mut core = started("swiss", 4);
    assert_eq!(pairs(&core).len(), 2);
    assert!(
        core.rules().next_round().is_none(),
        "a round is in progress"
    );
    assert!(record_all(&mut core, GameResult::RedWins));
    assert_eq!(
        core.rules().next_round(),
        Some(Command::Swiss(SwissCommand::PairRound))
    );
}
