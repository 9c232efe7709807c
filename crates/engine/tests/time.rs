//! Time management never flags: whole games simulated against each clock kind, spending the full
//! hard limit plus a lag just below the overhead on every move.

use engine::time::{budget, ClockState, DEFAULT_OVERHEAD_MS};

/// Lag (I/O, scheduling) added to every move; the overhead is meant to cover it.
const LAG: u64 = DEFAULT_OVERHEAD_MS / 2;
/// Own moves of a long game (300 plies).
const MOVES: u32 = 150;

/// What a move costs in the worst realistic case: the search stops iterating after about
/// `optimum` and an iteration never runs past `maximum`, so at most `min(maximum, 2·optimum)`.
/// Also checks that even the hard limit plus the overhead fits in the time left.
fn spend(b: engine::Budget, left: u64) -> u64 {
    assert!(b.maximum_ms >= 1);
    assert!(b.optimum_ms >= 1);
    if left > 2 * DEFAULT_OVERHEAD_MS {
        assert!(
            b.maximum_ms + DEFAULT_OVERHEAD_MS <= left,
            "hard limit {b:?} does not fit in {left}"
        );
    }
    b.maximum_ms.min(b.optimum_ms.saturating_mul(2)) + LAG
}

#[test]
fn fischer_never_flags() {
    for (base, inc) in [
        (60_000, 0),
        (10_000, 100),
        (300_000, 2_000),
        (1_000, 50),
        (180_000, 0),
    ] {
        let mut left: u64 = base;
        for mv in 0..MOVES {
            let b = budget(
                ClockState::Fischer {
                    remaining_ms: left,
                    increment_ms: inc,
                },
                DEFAULT_OVERHEAD_MS,
            );
            let used = spend(b, left);
            assert!(
                used <= left,
                "flagged at move {mv} (base {base}, inc {inc}): used {used} of {left}"
            );
            left = left - used + inc;
        }
    }
}

#[test]
fn fischer_uses_a_sensible_share() {
    let b = budget(
        ClockState::Fischer {
            remaining_ms: 60_000,
            increment_ms: 0,
        },
        DEFAULT_OVERHEAD_MS,
    );
    assert!(b.optimum_ms >= 1_000 && b.optimum_ms <= 4_000, "{b:?}");
    assert!(b.maximum_ms <= 24_000, "{b:?}");
}

#[test]
fn two_stage_never_flags() {
    // 联众 two-stage: 10 min for 40 moves, then 5 min for every 20 moves.
    for (t1, m1, t2, m2) in [
        (600_000u64, 40u32, 300_000u64, 20u32),
        (60_000, 10, 30_000, 5),
        (5_000, 30, 3_000, 10),
    ] {
        let mut left = t1;
        let mut to_go = m1;
        for mv in 0..MOVES {
            let b = budget(
                ClockState::Staged {
                    remaining_ms: left,
                    moves_to_go: to_go,
                },
                DEFAULT_OVERHEAD_MS,
            );
            let used = spend(b, left);
            assert!(
                used <= left,
                "flagged at move {mv}: used {used} of {left} with {to_go} to go"
            );
            left -= used;
            to_go -= 1;
            if to_go == 0 {
                left += t2;
                to_go = m2;
            }
        }
    }
}

#[test]
fn byoyomi_never_flags() {
    // QQ 局时/步时/读秒 (30 min / 5 min / 3 min, and tight variants) and Guangdong (no byoyomi).
    for (main, per_move, byo) in [
        (1_800_000u64, 300_000u64, 180_000u64),
        (60_000, 20_000, 10_000),
        (10_000, 0, 5_000),
        (120_000, 30_000, 0),
    ] {
        let mut left = main;
        for mv in 0..MOVES {
            let clock = ClockState::Byoyomi {
                main_ms: left,
                per_move_ms: per_move,
                byoyomi_ms: byo,
            };
            let b = budget(clock, DEFAULT_OVERHEAD_MS);
            let used = spend(b, left + byo);
            if per_move > 0 && left > 0 {
                assert!(
                    used <= per_move,
                    "per-move limit exceeded at move {mv}: {used} > {per_move}"
                );
            }
            if left > 0 {
                // Main time first, then this move's byoyomi.
                assert!(
                    used <= left + byo,
                    "flagged at move {mv}: {used} > {left} + {byo}"
                );
                left = left.saturating_sub(used);
            } else {
                if byo == 0 {
                    // Guangdong: the total is used up only if the engine overspent; it must not.
                    panic!("total time used up at move {mv}");
                }
                assert!(used <= byo, "byoyomi exceeded at move {mv}: {used} > {byo}");
            }
            if byo == 0 && mv > 200 {
                break;
            }
        }
    }
}

#[test]
fn movetime_is_used_but_not_exceeded() {
    let b = budget(ClockState::MoveTime { ms: 100 }, DEFAULT_OVERHEAD_MS);
    assert!(b.maximum_ms < 100 && b.maximum_ms >= 75, "{b:?}");
    assert!(
        b.optimum_ms > b.maximum_ms,
        "movetime searches until the hard limit"
    );
    let tiny = budget(ClockState::MoveTime { ms: 4 }, DEFAULT_OVERHEAD_MS);
    assert!(tiny.maximum_ms >= 1 && tiny.maximum_ms <= 4);
}
