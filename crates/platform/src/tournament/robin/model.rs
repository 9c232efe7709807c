//! The round robin's state, commands, events and errors.

use crate::ids::{Millis, UserId};
use crate::tournament::{GameResult, Preset, Row};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How a round robin is run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobinConfig {
    /// 1 = single, 2 = double (the second cycle with colours reversed), and so on.
    pub cycles: u32,
    /// Scoring and tie-breaks (CXA: `cxa-rr`).
    pub preset: Preset,
    /// The most players (a Berger table of 16 is 120 games per cycle).
    pub max_players: u32,
}

impl Default for RobinConfig {
    fn default() -> Self {
        RobinConfig {
            cycles: 1,
            preset: Preset::cxa_round_robin(),
            max_players: 24,
        }
    }
}

/// One scheduled game; `black == None` is a rest round for `red` (scores nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobinGame {
    /// Round number from 1.
    pub round: u32,
    /// The Red player.
    pub red: UserId,
    /// The Black player, or `None` for a rest.
    pub black: Option<UserId>,
    /// The result once known.
    pub result: Option<GameResult>,
    /// Annulled by the withdrawal rule: not counted at all.
    pub annulled: bool,
}

/// A round-robin event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRobin {
    /// How it is run.
    pub config: RobinConfig,
    /// Players with ratings, in registration order.
    pub players: Vec<(UserId, u32)>,
    /// Drawn at the start: pairing number `i + 1` is `seeds[i]`.
    pub seeds: Vec<UserId>,
    /// The schedule (empty until started).
    pub games: Vec<RobinGame>,
    /// Withdrawn players.
    pub withdrawn: Vec<UserId>,
    /// Fouls (犯规) per player.
    pub fouls: BTreeMap<UserId, u32>,
    /// When it started.
    pub started_at: Option<Millis>,
    /// Whether it is over.
    pub finished: bool,
}

/// What the organiser, a player or the director asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum RobinCommand {
    /// Register a player.
    Register {
        /// The player.
        user: UserId,
        /// Rating (orders the seeds).
        rating: u32,
    },
    /// Withdraw a player (see the module documentation for what happens to their games).
    Withdraw {
        /// The player.
        user: UserId,
    },
    /// Draw the Berger schedule and start.
    Start,
    /// Record the result of the game of `red` in `round`.
    RecordResult {
        /// Round number.
        round: u32,
        /// The Red player.
        red: UserId,
        /// How it ended.
        result: GameResult,
    },
    /// The arbiter records a foul.
    Foul {
        /// The player.
        user: UserId,
    },
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum RobinEvent {
    /// A player registered.
    Registered {
        /// The player.
        user: UserId,
    },
    /// A player withdrew; `annulled` says whether their games were struck out.
    Withdrew {
        /// The player.
        user: UserId,
        /// Whether all their games were annulled (fewer than half played).
        annulled: bool,
    },
    /// The schedule was drawn.
    Started {
        /// Every game, round by round.
        games: Vec<RobinGame>,
    },
    /// A result was recorded (also a forfeit set by a withdrawal).
    ResultRecorded {
        /// The game.
        game: RobinGame,
    },
    /// A foul was recorded.
    Fouled {
        /// The player.
        user: UserId,
    },
    /// Every game has a result: final standings.
    Finished {
        /// Final standings.
        standings: Vec<Row>,
    },
}
