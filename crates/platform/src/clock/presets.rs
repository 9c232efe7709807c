//! Named time controls: the three portals' systems and the modern ones players expect.

use super::control::{Byoyomi, Stage, TimeControl};
use crate::ids::Millis;

impl TimeControl {
    /// The preset named `name` (`ourgame`, `qq`, `blitz`, `rapid`, `untimed`), as rooms,
    /// events and ladders name their controls.
    #[must_use]
    pub fn preset(name: &str) -> Option<TimeControl> {
        Some(match name {
            "ourgame" => TimeControl::ourgame(),
            "qq" => TimeControl::qq(),
            "blitz" => TimeControl::blitz(),
            "rapid" => TimeControl::rapid(),
            "untimed" => TimeControl::untimed(),
            _ => return None,
        })
    }

    /// An untimed casual game.
    #[must_use]
    pub fn untimed() -> TimeControl {
        TimeControl::default()
    }

    /// 联众 two-stage control: `first` to make `first_moves` moves, then `second` for every
    /// further `second_moves` moves, repeating (`second_moves == 0`: sudden death).
    #[must_use]
    pub fn two_stage(first: Millis, first_moves: u32, second: Millis, second_moves: u32) -> Self {
        TimeControl {
            stages: vec![
                Stage {
                    time: first,
                    moves: first_moves,
                },
                Stage {
                    time: second,
                    moves: second_moves,
                },
            ],
            ..TimeControl::default()
        }
    }

    /// 联众's usual setting: 20 minutes for the first 30 moves, then 5 minutes per 10 moves.
    #[must_use]
    pub fn ourgame() -> TimeControl {
        TimeControl::two_stage(Millis::from_mins(20), 30, Millis::from_mins(5), 10)
    }

    /// QQ 局时 / 步时 / 读秒: game time, a per-move limit while it lasts, then one byoyomi period
    /// per move (exceeding it loses).
    #[must_use]
    pub fn game_move_byoyomi(game: Millis, per_move: Millis, byoyomi: Millis) -> TimeControl {
        TimeControl {
            stages: vec![Stage {
                time: game,
                moves: 0,
            }],
            per_move: Some(per_move),
            byoyomi: Some(Byoyomi {
                periods: 1,
                period: byoyomi,
            }),
            increment: Millis::ZERO,
        }
    }

    /// QQ's example from the requirements: 30 minutes game time, 5 minutes per move, 3 minutes
    /// byoyomi.
    #[must_use]
    pub fn qq() -> TimeControl {
        TimeControl::game_move_byoyomi(
            Millis::from_mins(30),
            Millis::from_mins(5),
            Millis::from_mins(3),
        )
    }

    /// The Guangdong site: a total limit and a per-move limit, both lose when exceeded.
    #[must_use]
    pub fn total_and_per_move(total: Millis, per_move: Millis) -> TimeControl {
        TimeControl {
            stages: vec![Stage {
                time: total,
                moves: 0,
            }],
            per_move: Some(per_move),
            ..TimeControl::default()
        }
    }

    /// Only a per-move limit, no game time.
    #[must_use]
    pub fn per_move_only(per_move: Millis) -> TimeControl {
        TimeControl {
            per_move: Some(per_move),
            ..TimeControl::default()
        }
    }

    /// Japanese byoyomi: `main` game time, then `periods` periods of `period`.
    #[must_use]
    pub fn byoyomi(main: Millis, periods: u32, period: Millis) -> TimeControl {
        TimeControl {
            stages: vec![Stage {
                time: main,
                moves: 0,
            }],
            byoyomi: Some(Byoyomi { periods, period }),
            ..TimeControl::default()
        }
    }

    /// Sudden death with a Fischer increment.
    #[must_use]
    pub fn fischer(base: Millis, increment: Millis) -> TimeControl {
        TimeControl {
            stages: vec![Stage {
                time: base,
                moves: 0,
            }],
            increment,
            ..TimeControl::default()
        }
    }

    /// Blitz: 5 minutes plus 3 seconds a move.
    #[must_use]
    pub fn blitz() -> TimeControl {
        TimeControl::fischer(Millis::from_mins(5), Millis::from_secs(3))
    }

    /// Rapid: 15 minutes plus 10 seconds a move.
    #[must_use]
    pub fn rapid() -> TimeControl {
        TimeControl::fischer(Millis::from_mins(15), Millis::from_secs(10))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid() {
        for tc in [
            TimeControl::untimed(),
            TimeControl::ourgame(),
            TimeControl::qq(),
            TimeControl::total_and_per_move(Millis::from_mins(60), Millis::from_mins(3)),
            TimeControl::per_move_only(Millis::from_secs(60)),
            TimeControl::byoyomi(Millis::ZERO, 3, Millis::from_secs(30)),
            TimeControl::blitz(),
            TimeControl::rapid(),
        ] {
            assert_eq!(tc.validate(), Ok(()), "{tc:?}");
        }
    }
}
