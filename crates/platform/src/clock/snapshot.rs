//! What clients display: the state of both clocks at one instant.

use super::control::TimeControl;
use super::flag::FlagKind;
use super::player::PlayerClock;
use crate::ids::{color_serde, Millis};
use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// Both clocks at one instant. Clients count down locally from the running side's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockSnapshot {
    /// The side whose time is counting down now (`None` before the start, while paused, after
    /// the end).
    #[serde(with = "color_serde::option")]
    pub running: Option<Color>,
    /// The side whose turn it is (whose clock runs or would run).
    #[serde(with = "color_serde")]
    pub turn: Color,
    /// Whether the clock is paused (server restart).
    pub paused: bool,
    /// Red's clock.
    pub red: PlayerView,
    /// Black's clock.
    pub black: PlayerView,
}

impl ClockSnapshot {
    /// The view of `color`'s clock.
    #[must_use]
    pub fn player(&self, color: Color) -> &PlayerView {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

/// One player's clock as displayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerView {
    /// Game time left (局时); `None` when game time is unlimited.
    pub game_time: Option<Millis>,
    /// Time left for the current move under the per-move limit (步时), when that limit applies.
    pub move_time: Option<Millis>,
    /// Whether game time is used up and byoyomi counts.
    pub in_byoyomi: bool,
    /// Time left in the current byoyomi period (读秒), while in byoyomi.
    pub period_time: Option<Millis>,
    /// Byoyomi periods left, counting the current one.
    pub periods_left: u32,
    /// The current stage (0-based).
    pub stage: usize,
    /// Moves still to make in this stage, when the stage has a move count.
    pub moves_to_stage_end: Option<u32>,
    /// Moves made so far.
    pub moves: u32,
    /// Whether a limit has been passed.
    pub flagged: bool,
}

impl PlayerView {
    /// The view of `p` after `elapsed` of its current move (zero when it is not on move).
    pub(crate) fn new(control: &TimeControl, p: &PlayerClock, elapsed: Millis) -> PlayerView {
        let allowance = p.allowance(control);
        let move_time = allowance
            .filter(|a| a.kind == FlagKind::MoveTime)
            .map(|a| a.limit.saturating_sub(elapsed));
        let in_byoyomi =
            control.byoyomi.is_some() && control.has_game_time() && elapsed >= p.remaining;
        let byo = p.byoyomi_elapsed(control, elapsed);
        let lost = PlayerClock::periods_lost(control, byo);
        let periods_left = p.periods_left.saturating_sub(lost);
        let period_time = match control.byoyomi {
            Some(b) if in_byoyomi => Some(if periods_left == 0 {
                Millis::ZERO
            } else {
                b.period
                    .saturating_mul(u64::from(lost) + 1)
                    .saturating_sub(byo)
            }),
            _ => None,
        };
        let stage_moves = control.stages.get(p.stage).map_or(0, |s| s.moves);
        PlayerView {
            game_time: control
                .has_game_time()
                .then(|| p.remaining.saturating_sub(elapsed)),
            move_time,
            in_byoyomi,
            period_time,
            periods_left,
            stage: p.stage,
            moves_to_stage_end: (stage_moves > 0)
                .then(|| stage_moves.saturating_sub(p.moves_in_stage)),
            moves: p.moves,
            flagged: allowance.is_some_and(|a| elapsed > a.limit),
        }
    }
}
