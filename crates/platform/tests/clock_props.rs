//! Property tests of the clock: random controls, random move lengths, lag claims and pauses.

use platform::clock::{Byoyomi, Clock, ClockError, FlagKind, Stage, TimeControl};
use platform::Millis;
use proptest::prelude::*;
use xiangqi::Color;

fn control() -> impl Strategy<Value = TimeControl> {
    let stage = (0u64..=300, 0u32..=5).prop_map(|(s, m)| Stage {
        time: Millis::from_secs(s),
        moves: m,
    });
    (
        prop::collection::vec(stage, 0..=3),
        prop::option::of(1u64..=120),
        prop::option::of((1u32..=3, 1u64..=60)),
        0u64..=10,
    )
        .prop_map(|(mut stages, per_move, byo, inc)| {
            // Only the last stage may be sudden death.
            let n = stages.len();
            for s in stages.iter_mut().take(n.saturating_sub(1)) {
                s.moves = s.moves.max(1);
            }
            let has_game = !stages.is_empty();
            let byoyomi = byo.filter(|_| has_game).map(|(periods, p)| Byoyomi {
                periods,
                period: Millis::from_secs(p),
            });
            if let Some(first) = stages.first_mut() {
                if byoyomi.is_none() && first.time.is_zero() {
                    first.time = Millis::from_secs(30);
                }
            }
            TimeControl {
                stages,
                per_move: per_move.map(Millis::from_secs),
                byoyomi,
                increment: if has_game {
                    Millis::from_secs(inc)
                } else {
                    Millis::ZERO
                },
            }
        })
}

#[derive(Clone, Debug)]
enum Step {
    /// Wait this long, then press, claiming this much lag.
    Press(u64, u64),
    /// Wait, pause, wait (downtime), resume.
    Pause(u64, u64),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0u64..200_000, 0u64..3_000).prop_map(|(d, l)| Step::Press(d, l)),
        1 => (0u64..20_000, 0u64..10_000_000).prop_map(|(d, down)| Step::Pause(d, down)),
    ]
}

/// The time left in the limit that is about to flag, as the snapshot shows it.
fn governing_left(clock: &Clock, now: Millis, kind: FlagKind) -> Option<Millis> {
    let v = *clock.snapshot(now).player(clock.turn());
    match kind {
        FlagKind::GameTime => v.game_time,
        FlagKind::MoveTime => v.move_time,
        FlagKind::Byoyomi => v.period_time,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn clock_accounting_and_flags_are_consistent(
        tc in control(),
        steps in prop::collection::vec(step(), 1..60),
    ) {
        prop_assert_eq!(tc.validate(), Ok(()));
        let mut clock = Clock::new(tc.clone()).unwrap();
        let mut now = Millis(1_000);
        clock.start(now).unwrap();
        // Time actually spent on each side's completed moves (wall time while running).
        let mut wall = [Millis::ZERO; 2];
        let mut move_wall = Millis::ZERO;
        for s in steps {
            match s {
                Step::Pause(d, down) => {
                    now += Millis(d);
                    move_wall += Millis(d);
                    if clock.flagged(now).is_some() { break; }
                    clock.pause(now).unwrap();
                    let frozen = clock.snapshot(now);
                    now += Millis(down);
                    prop_assert_eq!(clock.snapshot(now), frozen, "paused clock changed");
                    prop_assert_eq!(clock.flagged(now), None);
                    clock.resume(now).unwrap();
                }
                Step::Press(d, lag) => {
                    // Flag exactly at flag_at, and the displayed governing time is zero then.
                    if let Some(at) = clock.flag_at() {
                        let before = Millis(at.0 - 1);
                        prop_assert_eq!(clock.flagged(before), None);
                        let (color, kind) = clock.flag(at).unwrap();
                        prop_assert_eq!(color, clock.turn());
                        prop_assert_eq!(governing_left(&clock, at, kind), Some(Millis::ZERO));
                        // No flag while the governing limit still shows time.
                        prop_assert!(governing_left(&clock, before, kind).is_some());
                    } else {
                        prop_assert!(tc.is_untimed());
                    }
                    now += Millis(d);
                    move_wall += Millis(d);
                    let color = clock.turn();
                    let before = clock.clone();
                    match clock.press_with_lag(now, Millis(lag)) {
                        Ok(press) => {
                            prop_assert_eq!(press.color, color);
                            prop_assert_eq!(press.charge.spent + press.charge.lag_credit, move_wall);
                            // Accepted past the flag only thanks to lag credit.
                            prop_assert!(before.flag(now).is_none() || !press.charge.lag_credit.is_zero());
                            wall[color.index()] += move_wall;
                            move_wall = Millis::ZERO;
                        }
                        Err(ClockError::Flagged { color: c, .. }) => {
                            prop_assert_eq!(c, color);
                            prop_assert_eq!(&clock, &before, "refused press changed the clock");
                            prop_assert!(clock.flagged(now).is_some());
                            break;
                        }
                        Err(e) => prop_assert!(false, "unexpected {e:?}"),
                    }
                }
            }
            for c in Color::ALL {
                let p = clock.player(c);
                // Every millisecond of a completed move is either charged or credited as lag.
                prop_assert_eq!(p.used + p.lag_credited, wall[c.index()]);
                // Game time: what was given minus what was taken from it is what is left.
                if tc.has_game_time() {
                    prop_assert_eq!(
                        p.allotted.saturating_sub(p.used.saturating_sub(p.byoyomi_used)),
                        p.remaining
                    );
                    prop_assert_eq!(p.allotted.0, p.remaining.0 + p.used.0 - p.byoyomi_used.0);
                }
                if let Some(b) = tc.byoyomi {
                    prop_assert!(p.periods_left <= b.periods);
                    prop_assert!(p.periods_left >= 1, "a live player has a period left");
                }
                prop_assert!(p.stage < tc.stages.len().max(1));
            }
        }
    }

    #[test]
    fn untimed_and_per_move_clocks_flag_only_on_the_move_limit(
        limit in prop::option::of(1u64..100),
        waits in prop::collection::vec(0u64..150_000, 1..30),
    ) {
        let tc = match limit {
            Some(s) => TimeControl::per_move_only(Millis::from_secs(s)),
            None => TimeControl::untimed(),
        };
        let mut clock = Clock::new(tc).unwrap();
        clock.start(Millis::ZERO).unwrap();
        let mut now = Millis::ZERO;
        for w in waits {
            now += Millis(w);
            let late = limit.is_some_and(|s| w > s * 1_000);
            prop_assert_eq!(clock.flagged(now).is_some(), late);
            if late {
                prop_assert!(clock.press(now).is_err());
                break;
            }
            clock.press(now).unwrap();
        }
    }
}
