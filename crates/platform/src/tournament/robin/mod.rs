//! Round robin (循环赛), single or multi-cycle, scheduled by the FIDE Berger tables; an odd field
//! gets one rest round per player and cycle (scoring nothing, so it is neutral).
//!
//! Seeds (pairing numbers) go by rating, then registration. Colours: the Berger table balances
//! them (±1 in a cycle); every later cycle reverses the colours of the one before.
//!
//! **Withdrawal rule** (after the start): a player who has played fewer than half of their
//! scheduled games has all their games annulled and leaves the standings; otherwise their
//! results stand and each of their unplayed games is a forfeit win for the opponent.

mod apply;
pub mod berger;
mod model;

pub use model::{RobinCommand, RobinConfig, RobinEvent, RobinGame, RoundRobin};
