//! Game-end rulings (RULES.md §6): checkmate and stalemate, repetition (perpetual check and chase
//! under the AXF/WXF or the Chinese CXA profile), the move limit and insufficient material.
//!
//! [`Judge`] follows a game and rules after every move; [`RuleSet`] chooses the rules;
//! [`Judge::evidence`] tells why a repetition was ruled as it was ([`RepetitionEvidence`],
//! in words with [`RepetitionEvidence::explain`]). See
//! `docs/rules.md` for how the rulings work and the decisions taken.

mod attack;
mod chase;
mod cxa;
mod evidence;
mod explain;
mod history;
mod ids;
mod judge;
mod limit;
mod material;
mod repetition;
mod ruleset;
mod warnings;

pub use evidence::{Conduct, CycleStep, RepetitionEvidence, Target};
pub use explain::Lang;
pub use judge::Judge;
pub use material::{has_mating_material, insufficient_material};
pub use ruleset::{Profile, RuleSet};
pub use warnings::{repetition_warnings, MoveWarning, WarningKind};

use crate::Outcome;

/// A game-end ruling: the outcome and the ply (number of moves played) at which it was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruling {
    /// Result and reason.
    pub outcome: Outcome,
    /// Moves played when the ruling was made (0: the starting position already ended the game).
    pub ply: usize,
}
