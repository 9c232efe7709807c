//! One player's side of the clock: what is left, which stage, byoyomi periods, and the accounts.
//!
//! All the arithmetic of a single move lives here: how long the current move may take
//! ([`PlayerClock::allowance`]) and what a move of a given length costs ([`PlayerClock::charge`]).

use super::control::TimeControl;
use super::flag::FlagKind;
use super::lag::LagBudget;
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

/// One player's clock state between moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerClock {
    /// Game time left (zero once used up, or when game time is unlimited).
    pub remaining: Millis,
    /// Index of the current stage in [`TimeControl::stages`].
    pub stage: usize,
    /// Moves made in the current stage.
    pub moves_in_stage: u32,
    /// Moves made in the game.
    pub moves: u32,
    /// Byoyomi periods left.
    pub periods_left: u32,
    /// All game time ever given: the stages begun plus increments.
    pub allotted: Millis,
    /// All time charged for moves (game time and byoyomi), after lag credit.
    pub used: Millis,
    /// The part of `used` taken from byoyomi.
    pub byoyomi_used: Millis,
    /// All lag credited back.
    pub lag_credited: Millis,
    /// The lag-compensation budget.
    pub lag: LagBudget,
}

/// What one move cost a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Charge {
    /// Time charged (the move's length less lag credit).
    pub spent: Millis,
    /// Lag credited back.
    pub lag_credit: Millis,
    /// Byoyomi periods used up by this move.
    pub periods_lost: u32,
    /// Increment added.
    pub increment: Millis,
    /// The stage entered after this move, if it completed one.
    pub new_stage: Option<usize>,
}

/// How long the current move may last, and which limit ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Allowance {
    pub(crate) limit: Millis,
    pub(crate) kind: FlagKind,
}

impl PlayerClock {
    /// A fresh player clock for `control`.
    #[must_use]
    pub fn new(control: &TimeControl) -> PlayerClock {
        let first = control.stages.first().map_or(Millis::ZERO, |s| s.time);
        PlayerClock {
            remaining: first,
            stage: 0,
            moves_in_stage: 0,
            moves: 0,
            periods_left: control.byoyomi.map_or(0, |b| b.periods),
            allotted: first,
            used: Millis::ZERO,
            byoyomi_used: Millis::ZERO,
            lag_credited: Millis::ZERO,
            lag: LagBudget::for_control(control),
        }
    }

    /// How long the move now starting may take; `None` when unlimited.
    ///
    /// The per-move limit applies while game time lasts (always, when game time is unlimited);
    /// once game time runs out, byoyomi governs; without byoyomi, game time is the limit.
    pub(crate) fn allowance(&self, control: &TimeControl) -> Option<Allowance> {
        if !control.has_game_time() {
            return control.per_move.map(|limit| Allowance {
                limit,
                kind: FlagKind::MoveTime,
            });
        }
        if let Some(pm) = control.per_move {
            if pm < self.remaining {
                return Some(Allowance {
                    limit: pm,
                    kind: FlagKind::MoveTime,
                });
            }
        }
        let kind = if control.byoyomi.is_some() {
            FlagKind::Byoyomi
        } else {
            FlagKind::GameTime
        };
        Some(Allowance {
            limit: self.remaining + control.byoyomi_time(self.periods_left),
            kind,
        })
    }

    /// Byoyomi time into the current move after `elapsed` (zero while game time lasts).
    pub(crate) fn byoyomi_elapsed(&self, control: &TimeControl, elapsed: Millis) -> Millis {
        if control.byoyomi.is_some() && control.has_game_time() {
            elapsed.saturating_sub(self.remaining)
        } else {
            Millis::ZERO
        }
    }

    /// Periods used up by `byo` of byoyomi time in one move: a period is lost only when passed.
    pub(crate) fn periods_lost(control: &TimeControl, byo: Millis) -> u32 {
        match control.byoyomi {
            Some(b) if !byo.is_zero() && !b.period.is_zero() => {
                u32::try_from((byo.0 - 1) / b.period.0).unwrap_or(u32::MAX)
            }
            _ => 0,
        }
    }

    /// Charges a completed move of length `spent` (lag credit already deducted), which the
    /// caller has checked is within the allowance.
    pub(crate) fn charge(
        &mut self,
        control: &TimeControl,
        spent: Millis,
        lag_credit: Millis,
    ) -> Charge {
        let mut charge = Charge {
            spent,
            lag_credit,
            periods_lost: 0,
            increment: Millis::ZERO,
            new_stage: None,
        };
        self.used += spent;
        self.lag_credited += lag_credit;
        self.lag.spend(lag_credit);
        self.moves += 1;
        if !control.has_game_time() {
            return charge;
        }
        let in_byoyomi_already = control.byoyomi.is_some() && self.remaining.is_zero();
        let byo = self.byoyomi_elapsed(control, spent);
        self.remaining = self.remaining.saturating_sub(spent.saturating_sub(byo));
        self.byoyomi_used += byo;
        let lost = Self::periods_lost(control, byo).min(self.periods_left);
        self.periods_left -= lost;
        charge.periods_lost = lost;
        // The increment rewards a move made within game time, never one made in byoyomi.
        if byo.is_zero() && !in_byoyomi_already && !control.increment.is_zero() {
            self.remaining += control.increment;
            self.allotted += control.increment;
            charge.increment = control.increment;
        }
        self.moves_in_stage += 1;
        let stage_moves = control.stages.get(self.stage).map_or(0, |s| s.moves);
        if stage_moves > 0 && self.moves_in_stage >= stage_moves {
            self.stage = control.next_stage(self.stage);
            self.moves_in_stage = 0;
            let add = control
                .stages
                .get(self.stage)
                .map_or(Millis::ZERO, |s| s.time);
            self.remaining += add;
            self.allotted += add;
            charge.new_stage = Some(self.stage);
        }
        charge
    }
}
