//! The knockout's state, commands, events and errors.

use super::format::MatchFormat;
use super::matches::{Match, NextGame};
use crate::ids::UserId;
use crate::tournament::GameResult;
use serde::{Deserialize, Serialize};

/// How a knockout is run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutConfig {
    /// Each match's stages (must be decisive: see [`MatchFormat::is_decisive`]).
    pub format: MatchFormat,
    /// Whether the semi-final losers play for third place.
    pub third_place: bool,
    /// The most players.
    pub max_players: u32,
}

impl Default for KnockoutConfig {
    fn default() -> Self {
        KnockoutConfig {
            format: MatchFormat::default(),
            third_place: false,
            max_players: 1024,
        }
    }
}

/// Where a match sits: `round` from 1 (the last is the final), `board` from 0. The third-place
/// match is round 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MatchId {
    /// Round, from 1; 0 for the third-place match.
    pub round: u32,
    /// Position in the round, from 0 (top of the bracket).
    pub board: u32,
}

/// A knockout event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knockout {
    /// How it is run.
    pub config: KnockoutConfig,
    /// Players and ratings in registration order.
    pub players: Vec<(UserId, u32)>,
    /// Seeds in order (set at the start).
    pub seeds: Vec<UserId>,
    /// Players who withdrew after the start.
    pub withdrawn: Vec<UserId>,
    /// Rounds of matches (empty until started).
    pub rounds: Vec<Vec<Match>>,
    /// The third-place match, once the semi-finals are decided (if configured).
    pub third_place: Option<Match>,
    /// The champion.
    pub winner: Option<UserId>,
}

/// What the organiser, a player or the director asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum KnockoutCommand {
    /// Register a player (before the start).
    Register {
        /// The player.
        user: UserId,
        /// Rating (orders the seeds).
        rating: u32,
    },
    /// Withdraw: before the start the entry is deleted; after, the player's match is lost.
    Withdraw {
        /// The player.
        user: UserId,
    },
    /// Seed the bracket and start.
    Start,
    /// Record the result of the game in progress of match `id`.
    RecordGame {
        /// The match.
        id: MatchId,
        /// How the game ended.
        result: GameResult,
    },
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum KnockoutEvent {
    /// A player registered.
    Registered {
        /// The player.
        user: UserId,
    },
    /// A player withdrew.
    Withdrew {
        /// The player.
        user: UserId,
    },
    /// A round's matches were set.
    RoundStarted {
        /// Round (0 = third-place match).
        round: u32,
        /// The matches, top of the bracket first.
        matches: Vec<Match>,
    },
    /// A match needs this game played next.
    GameScheduled {
        /// The match.
        id: MatchId,
        /// Colours, stage, clocks per colour.
        game: NextGame,
    },
    /// A game result was recorded.
    GameRecorded {
        /// The match.
        id: MatchId,
        /// How it ended.
        result: GameResult,
    },
    /// A match has its winner.
    MatchDecided {
        /// The match.
        id: MatchId,
        /// Who goes through.
        winner: UserId,
    },
    /// The final (and the third-place match, if any) is decided.
    Finished {
        /// The champion.
        winner: UserId,
    },
}
