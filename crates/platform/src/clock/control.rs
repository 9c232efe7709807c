//! [`TimeControl`]: one model for every time system the portals use.
//!
//! A control is a combination of four independent parts, each optional:
//!
//! - **game time (局时) in stages**: `stages[0].time` to make `stages[0].moves` moves, then
//!   `stages[1]`, …; the last stage repeats (联众's two-stage control). A stage with `moves == 0`
//!   lasts for the rest of the game (sudden death). Time left over carries into the next stage.
//!   No stages at all means unlimited game time.
//! - **per-move time (步时)**: while a player still has game time (or when there is no game time),
//!   every move must be made within this limit; the per-move timer restarts each move.
//! - **byoyomi (读秒)**: once game time is used up, every move must be made within one period;
//!   overrunning a period uses it up and starts the next; overrunning the last one loses.
//! - **Fischer increment**: added to game time after every move made before game time ran out.
//!
//! Nothing configured at all is an untimed game. Moves are counted per player.

use super::ClockError;
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

/// Longest stage the portals allow (联众: 0–180 minutes).
pub const MAX_STAGE_TIME: Millis = Millis::from_mins(180);
/// Most moves a stage may require (联众: 0–999).
pub const MAX_STAGE_MOVES: u32 = 999;
/// Most stages in one control.
pub const MAX_STAGES: usize = 8;
/// Longest per-move limit.
pub const MAX_PER_MOVE: Millis = Millis::from_mins(180);
/// Most byoyomi periods.
pub const MAX_BYOYOMI_PERIODS: u32 = 10;
/// Longest byoyomi period.
pub const MAX_BYOYOMI_PERIOD: Millis = Millis::from_mins(10);
/// Largest Fischer increment.
pub const MAX_INCREMENT: Millis = Millis::from_mins(3);

/// One stage of game time: `time` to make `moves` moves (`moves == 0`: for the rest of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stage {
    /// Time given when the stage begins (added to what is left).
    pub time: Millis,
    /// Moves to make within the stage; 0 means all remaining moves.
    pub moves: u32,
}

/// Byoyomi (读秒): `periods` periods of `period` each, used after game time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Byoyomi {
    /// How many periods a player has.
    pub periods: u32,
    /// The length of one period.
    pub period: Millis,
}

/// A complete time control; see the module documentation for the meaning of each part.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Game time stages; empty means unlimited game time.
    pub stages: Vec<Stage>,
    /// Per-move limit while game time lasts (步时).
    pub per_move: Option<Millis>,
    /// Byoyomi after game time is used up (读秒).
    pub byoyomi: Option<Byoyomi>,
    /// Fischer increment added after each move made within game time.
    pub increment: Millis,
}

impl TimeControl {
    /// Whether no limit at all applies.
    #[must_use]
    pub fn is_untimed(&self) -> bool {
        self.stages.is_empty() && self.per_move.is_none()
    }

    /// Whether game time is limited (there is at least one stage).
    #[must_use]
    pub fn has_game_time(&self) -> bool {
        !self.stages.is_empty()
    }

    /// The stage that follows `stage`: the next one, or the last one again.
    #[must_use]
    pub fn next_stage(&self, stage: usize) -> usize {
        (stage + 1).min(self.stages.len().saturating_sub(1))
    }

    /// Total byoyomi time of `periods` periods (zero without byoyomi).
    #[must_use]
    pub fn byoyomi_time(&self, periods: u32) -> Millis {
        self.byoyomi.map_or(Millis::ZERO, |b| {
            b.period.saturating_mul(u64::from(periods))
        })
    }

    /// A rough length of one player's time for a 40-move game, used to size lag compensation.
    #[must_use]
    pub fn estimated_total(&self) -> Option<Millis> {
        if self.is_untimed() {
            return None;
        }
        let base = self.stages.first().map_or(Millis::ZERO, |s| s.time);
        let per_move = self.per_move.map_or(Millis::ZERO, |p| p.saturating_mul(40));
        let extra = self.increment.saturating_mul(40) + self.byoyomi_time(1).saturating_mul(10);
        Some(if self.has_game_time() {
            base + extra
        } else {
            per_move
        })
    }

    /// Checks the control against the portals' ranges and for parts that could never apply.
    ///
    /// # Errors
    /// [`ClockError::InvalidControl`] naming the first problem found.
    pub fn validate(&self) -> Result<(), ClockError> {
        let bad = |why: &'static str| Err(ClockError::InvalidControl(why));
        if self.stages.len() > MAX_STAGES {
            return bad("too many stages");
        }
        for (i, s) in self.stages.iter().enumerate() {
            if s.time > MAX_STAGE_TIME {
                return bad("stage time over 180 minutes");
            }
            if s.moves > MAX_STAGE_MOVES {
                return bad("stage over 999 moves");
            }
            if s.moves == 0 && i + 1 < self.stages.len() {
                return bad("a sudden-death stage must be the last");
            }
        }
        if let Some(first) = self.stages.first() {
            if first.time.is_zero() && self.byoyomi.is_none() {
                return bad("no game time and no byoyomi");
            }
        }
        if let Some(p) = self.per_move {
            if p.is_zero() || p > MAX_PER_MOVE {
                return bad("per-move time out of range");
            }
        }
        if let Some(b) = self.byoyomi {
            if !self.has_game_time() {
                return bad("byoyomi needs game time (use 0 minutes for byoyomi only)");
            }
            if b.periods == 0 || b.periods > MAX_BYOYOMI_PERIODS {
                return bad("byoyomi periods out of range");
            }
            if b.period.is_zero() || b.period > MAX_BYOYOMI_PERIOD {
                return bad("byoyomi period out of range");
            }
        }
        if !self.increment.is_zero() && !self.has_game_time() {
            return bad("an increment needs game time");
        }
        if self.increment > MAX_INCREMENT {
            return bad("increment over 3 minutes");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_rejects_parts_that_never_apply() {
        let byo_only = TimeControl {
            byoyomi: Some(Byoyomi {
                periods: 1,
                period: Millis::from_secs(30),
            }),
            ..TimeControl::default()
        };
        assert!(byo_only.validate().is_err());
        let zero_game = TimeControl {
            stages: vec![Stage {
                time: Millis::ZERO,
                moves: 0,
            }],
            ..TimeControl::default()
        };
        assert!(zero_game.validate().is_err());
        let sudden_then_more = TimeControl {
            stages: vec![
                Stage {
                    time: Millis::from_mins(5),
                    moves: 0,
                },
                Stage {
                    time: Millis::from_mins(5),
                    moves: 10,
                },
            ],
            ..TimeControl::default()
        };
        assert!(sudden_then_more.validate().is_err());
        let too_long = TimeControl {
            stages: vec![Stage {
                time: Millis::from_mins(181),
                moves: 0,
            }],
            ..TimeControl::default()
        };
        assert!(too_long.validate().is_err());
        assert!(TimeControl::default().validate().is_ok());
        assert!(TimeControl::default().is_untimed());
    }

    #[test]
    fn last_stage_repeats() {
        let tc = TimeControl {
            stages: vec![
                Stage {
                    time: Millis::from_mins(20),
                    moves: 30,
                },
                Stage {
                    time: Millis::from_mins(5),
                    moves: 10,
                },
            ],
            ..TimeControl::default()
        };
        assert_eq!(tc.next_stage(0), 1);
        assert_eq!(tc.next_stage(1), 1);
    }
}
