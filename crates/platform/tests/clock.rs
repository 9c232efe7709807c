//! Scenario tests of the clock for each time system.

use platform::clock::{Clock, ClockError, FlagKind, RunState, TimeControl};
use platform::Millis;
use xiangqi::Color;

fn secs(n: u64) -> Millis {
    Millis::from_secs(n)
}

fn started(tc: TimeControl) -> Clock {
    let mut c = Clock::new(tc).unwrap();
    c.start(Millis::ZERO).unwrap();
    c
}

#[test]
fn two_stage_adds_second_stage_and_repeats_it() {
    // 20 min for 30 moves, then 5 min per 10 moves.
    let mut c = started(TimeControl::ourgame());
    let mut now = Millis::ZERO;
    for _ in 0..30 {
        now += secs(10);
        c.press(now).unwrap(); // red
        now += secs(1);
        c.press(now).unwrap(); // black
    }
    let red = c.player(Color::Red);
    assert_eq!(red.stage, 1);
    assert_eq!(red.remaining, secs(20 * 60 - 300 + 300));
    let view = c.snapshot(now);
    assert_eq!(view.red.moves_to_stage_end, Some(10));
    assert_eq!(c.player(Color::Black).remaining, secs(20 * 60 - 30 + 300));
    for _ in 0..10 {
        now += secs(20);
        c.press(now).unwrap();
        now += secs(1);
        c.press(now).unwrap();
    }
    // The second stage repeats: 1200 - 200 + 300.
    assert_eq!(c.player(Color::Red).stage, 1);
    assert_eq!(c.player(Color::Red).remaining, secs(1300));
}

#[test]
fn two_stage_flags_when_the_stage_time_is_passed() {
    let tc = TimeControl::two_stage(Millis::from_mins(1), 2, Millis::from_mins(1), 2);
    let c = started(tc);
    assert_eq!(c.flagged(secs(60)), None);
    assert_eq!(
        c.flag(Millis(60_001)),
        Some((Color::Red, FlagKind::GameTime))
    );
    assert_eq!(c.flag_at(), Some(Millis(60_001)));
    let mut late = c.clone();
    assert_eq!(
        late.press(Millis(60_001)),
        Err(ClockError::Flagged {
            color: Color::Red,
            kind: FlagKind::GameTime
        })
    );
    assert_eq!(late, c, "a refused press changes nothing");
}

#[test]
fn qq_per_move_limit_then_byoyomi() {
    // 30 min game, 5 min per move, 3 min byoyomi.
    let mut c = started(TimeControl::qq());
    assert_eq!(c.flag(Millis::from_mins(5)), None);
    assert_eq!(
        c.flag(Millis::from_mins(5) + Millis(1)),
        Some((Color::Red, FlagKind::MoveTime))
    );
    let view = c.snapshot(Millis::from_mins(2));
    assert_eq!(view.red.move_time, Some(Millis::from_mins(3)));
    assert_eq!(view.red.game_time, Some(Millis::from_mins(28)));
    // Use up game time: 4 min 59 s moves, alternating.
    let mut now = Millis::ZERO;
    let step = secs(299);
    while c.player(Color::Red).remaining > Millis::from_mins(5) {
        now += step;
        c.press(now).unwrap();
        now += Millis(10);
        c.press(now).unwrap();
    }
    // Red now has less than the per-move limit left: the per-move limit no longer applies,
    // game time then byoyomi does.
    let left = c.player(Color::Red).remaining;
    assert!(left <= Millis::from_mins(5) && !left.is_zero());
    let limit = left + Millis::from_mins(3);
    assert_eq!(c.flag(now + limit), None);
    assert_eq!(
        c.flag(now + limit + Millis(1)),
        Some((Color::Red, FlagKind::Byoyomi))
    );
    let view = c.snapshot(now + left + secs(60));
    assert!(view.red.in_byoyomi);
    assert_eq!(view.red.game_time, Some(Millis::ZERO));
    assert_eq!(view.red.period_time, Some(secs(120)));
    // A move in byoyomi resets the period and gets no increment.
    now = now + left + secs(100);
    c.press(now).unwrap();
    assert_eq!(c.player(Color::Red).remaining, Millis::ZERO);
    assert_eq!(c.player(Color::Red).periods_left, 1);
    now += secs(1);
    c.press(now).unwrap();
    assert_eq!(c.flag(now + Millis::from_mins(3)), None);
    assert_eq!(
        c.flag(now + Millis::from_mins(3) + Millis(1)),
        Some((Color::Red, FlagKind::Byoyomi))
    );
}

#[test]
fn byoyomi_periods_are_used_up_one_by_one() {
    let mut c = started(TimeControl::byoyomi(Millis::ZERO, 3, secs(30)));
    // 45 s: one period used up.
    let p = c.press(secs(45)).unwrap();
    assert_eq!(p.charge.periods_lost, 1);
    assert_eq!(c.player(Color::Red).periods_left, 2);
    // Exactly 30 s keeps the period.
    let now = secs(46);
    c.press(now).unwrap();
    let p = c.press(now + secs(30)).unwrap();
    assert_eq!(p.charge.periods_lost, 0);
    let now = now + secs(31);
    c.press(now).unwrap();
    // Two periods left: 60 s allowed, not 60.001.
    assert_eq!(c.flagged(now + secs(60)), None);
    assert_eq!(c.flagged(now + secs(60) + Millis(1)), Some(Color::Red));
    let view = c.snapshot(now + secs(40));
    assert_eq!(view.red.periods_left, 1);
    assert_eq!(view.red.period_time, Some(secs(20)));
}

#[test]
fn guangdong_total_and_per_move() {
    let c = started(TimeControl::total_and_per_move(
        Millis::from_mins(10),
        Millis::from_mins(1),
    ));
    assert_eq!(
        c.flag(Millis(60_001)),
        Some((Color::Red, FlagKind::MoveTime))
    );
    let per_move = started(TimeControl::per_move_only(secs(20)));
    assert_eq!(per_move.flag_at(), Some(Millis(20_001)));
    assert_eq!(per_move.snapshot(secs(5)).red.game_time, None);
    assert_eq!(per_move.snapshot(secs(5)).red.move_time, Some(secs(15)));
}

#[test]
fn fischer_increment_is_added_after_each_move() {
    let mut c = started(TimeControl::fischer(secs(60), secs(2)));
    c.press(secs(10)).unwrap();
    assert_eq!(c.player(Color::Red).remaining, secs(52));
    // A move at exactly zero left is in time and gets the increment.
    let now = secs(10);
    c.press(now).unwrap();
    c.press(now + secs(52)).unwrap();
    assert_eq!(c.player(Color::Red).remaining, secs(2));
}

#[test]
fn untimed_never_flags() {
    let mut c = started(TimeControl::untimed());
    assert_eq!(c.flagged(Millis::MAX), None);
    assert_eq!(c.flag_at(), None);
    c.press(Millis::from_mins(600)).unwrap();
    let v = c.snapshot(Millis::from_mins(700));
    assert_eq!(v.red.game_time, None);
    assert_eq!(v.black.move_time, None);
    assert!(!v.black.flagged);
}

#[test]
fn pause_does_not_charge_downtime() {
    let mut c = started(TimeControl::fischer(secs(60), Millis::ZERO));
    c.pause(secs(10)).unwrap();
    assert_eq!(c.flagged(Millis::from_mins(100)), None);
    assert_eq!(c.press(secs(11)), Err(ClockError::NotRunning));
    c.resume(Millis::from_mins(100)).unwrap();
    let now = Millis::from_mins(100) + secs(5);
    c.press(now).unwrap();
    assert_eq!(c.player(Color::Red).remaining, secs(45));
    assert_eq!(c.resume(now), Err(ClockError::NotPaused));
}

#[test]
fn restore_puts_back_an_earlier_state() {
    let mut c = started(TimeControl::fischer(secs(60), Millis::ZERO));
    let before = [*c.player(Color::Red), *c.player(Color::Black)];
    c.press(secs(20)).unwrap();
    c.press(secs(30)).unwrap();
    c.restore(before, Color::Red, secs(40)).unwrap();
    assert_eq!(c.turn(), Color::Red);
    assert_eq!(c.player(Color::Red).remaining, secs(60));
    assert_eq!(c.player(Color::Black).remaining, secs(60));
    assert_eq!(c.move_elapsed(secs(45)), secs(5));
}

#[test]
fn lag_is_credited_up_to_the_quota() {
    let mut c = started(TimeControl::blitz());
    // Quota starts at 3 s: 5 s claimed, 3 s credited.
    let p = c.press_with_lag(secs(10), secs(5)).unwrap();
    assert_eq!(p.charge.lag_credit, secs(3));
    assert_eq!(p.charge.spent, secs(7));
    assert_eq!(c.player(Color::Red).lag.quota, secs(1));
    // A move just past the flag is accepted when its lag is credited.
    let mut c = started(TimeControl::fischer(Millis::from_mins(5), Millis::ZERO));
    assert!(c.flag(secs(301)).is_some());
    assert_eq!(c.flag_with_grace(secs(301)), None);
    assert!(
        c.flag_with_grace(secs(303)).is_some(),
        "grace is capped at 2 s"
    );
    assert_eq!(
        c.clone().press(secs(301)),
        Err(ClockError::Flagged {
            color: Color::Red,
            kind: FlagKind::GameTime
        })
    );
    assert!(c.press_with_lag(secs(301), Millis(1_500)).is_ok());
}

#[test]
fn stopped_clock_refuses_presses_and_never_flags() {
    let mut c = started(TimeControl::blitz());
    c.stop(secs(3));
    assert_eq!(c.run_state(), RunState::Stopped { banked: secs(3) });
    assert_eq!(c.press(secs(4)), Err(ClockError::Stopped));
    assert_eq!(c.flagged(Millis::MAX), None);
    assert_eq!(c.snapshot(secs(4)).red.game_time, Some(secs(297)));
}

#[test]
fn clock_and_snapshot_round_trip_through_json() {
    let mut c = started(TimeControl::qq());
    c.press(secs(7)).unwrap();
    let json = serde_json::to_string(&c.snapshot(secs(9))).unwrap();
    assert!(json.contains(r#""running":"black""#), "{json}");
    let back: platform::clock::ClockSnapshot = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c.snapshot(secs(9)));
    let saved: Clock = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
    assert_eq!(saved, c);
}

#[test]
fn each_colour_runs_on_its_own_control() {
    // The knockout's sudden-death game: Red 6′ + 3″, Black 4′ + 3″.
    let red = TimeControl::fischer(Millis::from_mins(6), secs(3));
    let black = TimeControl::fischer(Millis::from_mins(4), secs(3));
    let mut c = Clock::per_colour(red.clone(), Some(black.clone())).unwrap();
    assert_eq!(c.control(), &red);
    assert_eq!(c.black_control(), Some(&black));
    assert_eq!(c.control_of(Color::Black), &black);
    c.start(Millis::ZERO).unwrap();
    let view = c.snapshot(Millis::ZERO);
    assert_eq!(view.red.game_time, Some(secs(360)));
    assert_eq!(view.black.game_time, Some(secs(240)));
    c.press(secs(10)).unwrap();
    c.press(secs(30)).unwrap();
    let view = c.snapshot(secs(30));
    assert_eq!(view.red.game_time, Some(secs(360 - 10 + 3)));
    assert_eq!(view.black.game_time, Some(secs(240 - 20 + 3)));
    // Black flags on its own, shorter, control.
    c.press(secs(31)).unwrap();
    assert_eq!(
        c.flagged(secs(31) + secs(223) + Millis(1)),
        Some(Color::Black)
    );
    // The same control twice is one control.
    let same = Clock::per_colour(red.clone(), Some(red.clone())).unwrap();
    assert_eq!(same.black_control(), None);
    assert_eq!(same, Clock::new(red).unwrap());
    // A bad control for either colour is refused.
    let bad = TimeControl {
        stages: Vec::new(),
        per_move: None,
        byoyomi: None,
        increment: secs(10_000),
    };
    assert!(Clock::per_colour(black, Some(bad)).is_err());
}

#[test]
fn one_side_changes_control_before_its_first_move_only() {
    let tc = TimeControl::fischer(secs(300), secs(3));
    let half = TimeControl::fischer(secs(150), Millis::ZERO);
    let mut c = started(tc.clone());
    // Black berserks while Red thinks; Red keeps the full control.
    c.set_control(Color::Black, half.clone()).unwrap();
    assert_eq!(c.control_of(Color::Red), &tc);
    assert_eq!(c.control_of(Color::Black), &half);
    assert_eq!(c.player(Color::Black).remaining, secs(150));
    c.press(secs(10)).unwrap();
    assert_eq!(c.player(Color::Red).remaining, secs(300 - 10 + 3));
    // Red has moved: too late for Red.
    assert_eq!(
        c.set_control(Color::Red, half.clone()),
        Err(ClockError::AlreadyMoved)
    );
    c.press(secs(15)).unwrap();
    assert_eq!(
        c.player(Color::Black).remaining,
        secs(150 - 5),
        "no increment"
    );
    assert_eq!(
        c.set_control(Color::Black, tc.clone()),
        Err(ClockError::AlreadyMoved)
    );
    // Red berserks on a fresh clock: Black keeps the full control.
    let mut c = started(tc.clone());
    c.set_control(Color::Red, half.clone()).unwrap();
    assert_eq!(c.control_of(Color::Red), &half);
    assert_eq!(c.control_of(Color::Black), &tc);
    assert_eq!(c.black_control(), Some(&tc));
    c.press(secs(20)).unwrap();
    assert_eq!(c.player(Color::Red).remaining, secs(130));
}
