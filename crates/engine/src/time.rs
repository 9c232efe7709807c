//! Time management: from the state of the engine's clock to a per-move budget.
//!
//! Key decision: [`budget`] is a pure function of the clock state (no I/O, no `Instant`), so it
//! can be tested by simulating whole games. Every hard limit keeps a safety overhead below the
//! time that would lose, and never spends more than a fixed share of what is left, so the engine
//! cannot flag as long as the real overhead (I/O, lag) stays below `overhead_ms`.

/// Time to aim for and the hard limit of one move, in milliseconds. When `optimum_ms` exceeds
/// `maximum_ms` the search uses all of `maximum_ms` (fixed time per move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Stop starting new iterations after about this long.
    pub optimum_ms: u64,
    /// Never search longer than this.
    pub maximum_ms: u64,
}

/// The engine's clock when it has to move (PLATFORM.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockState {
    /// A fixed time per move (`movetime`).
    MoveTime {
        /// Milliseconds for this move.
        ms: u64,
    },
    /// Sudden death with an optional Fischer increment added after each move.
    Fischer {
        /// Time left.
        remaining_ms: u64,
        /// Added after each move.
        increment_ms: u64,
    },
    /// A stage of a staged control (联众 two-stage: T1 for M1 moves, then T2 for every M2 moves):
    /// `remaining_ms` must cover `moves_to_go` more moves including this one; the next stage's
    /// time is added afterwards.
    Staged {
        /// Time left in this stage.
        remaining_ms: u64,
        /// Moves left in this stage, this one included (at least 1).
        moves_to_go: u32,
    },
    /// QQ 局时/步时/读秒 and Guangdong: game time; while it lasts each move must also fit in the
    /// per-move time; once it is used up each move must fit in the byoyomi. Guangdong is
    /// `byoyomi_ms = 0` (both limits lose).
    Byoyomi {
        /// Game time left (局时).
        main_ms: u64,
        /// Per-move limit while game time lasts (步时); 0 = none.
        per_move_ms: u64,
        /// Time per move after game time is used up (读秒).
        byoyomi_ms: u64,
    },
}

/// Default safety margin for I/O and scheduling, in milliseconds.
pub const DEFAULT_OVERHEAD_MS: u64 = 20;

/// The budget of one move.
#[must_use]
pub fn budget(clock: ClockState, overhead_ms: u64) -> Budget {
    let b = match clock {
        ClockState::MoveTime { ms } => {
            let max = ms.saturating_sub(fixed_reserve(ms, overhead_ms)).max(1);
            Budget {
                optimum_ms: u64::MAX,
                maximum_ms: max,
            }
        }
        ClockState::Fischer {
            remaining_ms,
            increment_ms,
        } => {
            // Keep a reserve for the lag of the moves to come.
            let reserve = (remaining_ms * 9 / 10).min(overhead_ms * 50);
            let safe = remaining_ms.saturating_sub(overhead_ms);
            let avail = remaining_ms.saturating_sub(reserve);
            let opt = avail / 40 + increment_ms * 3 / 4;
            let max = (opt * 3).min(avail / 6 + increment_ms / 2);
            finish(opt, max, safe)
        }
        ClockState::Staged {
            remaining_ms,
            moves_to_go,
        } => {
            let mtg = u64::from(moves_to_go.clamp(1, 60));
            let safe = remaining_ms.saturating_sub(overhead_ms * mtg.min(10));
            if mtg == 1 {
                // The last move of the stage (or UCCI's way to say "this long for this move"):
                // the next stage's time comes afterwards, so use what is safe. The full overhead
                // stays: a real clock's last move of a stage cannot be told from a fixed budget.
                Budget {
                    optimum_ms: u64::MAX,
                    maximum_ms: safe.max(1),
                }
            } else {
                let opt = safe / (mtg + 1);
                let max = (opt * 3).min(safe * 6 / 10);
                finish(opt, max, safe)
            }
        }
        ClockState::Byoyomi {
            main_ms,
            per_move_ms,
            byoyomi_ms,
        } => {
            let (opt, max) = if byoyomi_ms == 0 {
                // Guangdong: the game time is all there is.
                let b = budget(
                    ClockState::Fischer {
                        remaining_ms: main_ms,
                        increment_ms: 0,
                    },
                    overhead_ms,
                );
                (b.optimum_ms, b.maximum_ms)
            } else if main_ms > 0 {
                let opt = main_ms / 25 + byoyomi_ms * 6 / 10;
                let total_safe = (main_ms + byoyomi_ms).saturating_sub(overhead_ms);
                let max = (main_ms * 3 / 10)
                    .max(byoyomi_ms * 8 / 10)
                    .min(total_safe)
                    .min(opt * 4);
                (opt, max)
            } else {
                let safe = byoyomi_ms.saturating_sub(overhead_ms);
                (safe * 7 / 10, safe)
            };
            let (opt, max) = if per_move_ms > 0 {
                let cap = per_move_ms.saturating_sub(overhead_ms);
                (opt.min(cap * 7 / 10), max.min(cap))
            } else {
                (opt, max)
            };
            finish(opt, max, u64::MAX)
        }
    };
    Budget {
        optimum_ms: b.optimum_ms,
        maximum_ms: b.maximum_ms.max(1),
    }
}

/// Lag reserve of a move with a fixed budget of `ms` (`movetime`): no later move
/// needs saving for, so only this move's own lag (limit polling, unwinding, output, scheduling on
/// a loaded machine) is kept: a tenth of `ms` (10 ms of 100 ms), at least 1 ms, at most the
/// overhead. At 100 ms the full 20 ms overhead left a fifth of the move unused; a sixteenth
/// (6 ms) let 8 % of the moves of a match on a loaded two-core machine arrive after 100 ms.
fn fixed_reserve(ms: u64, overhead_ms: u64) -> u64 {
    (ms / 10).max(1).min(overhead_ms)
}

fn finish(opt: u64, max: u64, safe: u64) -> Budget {
    let max = max.min(safe).max(1);
    Budget {
        optimum_ms: opt.min(max).max(1),
        maximum_ms: max,
    }
}
