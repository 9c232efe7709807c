//! The Swiss event's state: configuration, entrants, rounds.

use crate::ids::{Millis, UserId};
use crate::tournament::{GameResult, Preset};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// How a Swiss is run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissConfig {
    /// The planned number of rounds.
    pub rounds: u32,
    /// Scoring scale and tie-breaks (CXA: `cxa-swiss-opp` or `cxa-swiss-prog`).
    pub preset: Preset,
    /// Whether the top seed has Red in round 1 (the TRF's `white1`).
    pub top_seed_red: bool,
    /// The most players that may register.
    pub max_players: u32,
}

impl Default for SwissConfig {
    fn default() -> Self {
        SwissConfig {
            rounds: 7,
            preset: Preset::cxa_swiss_opponent(),
            top_seed_red: true,
            max_players: 4_000,
        }
    }
}

/// Where the event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Taking registrations; no round paired yet.
    Registration,
    /// Round 1 has been paired.
    Running,
    /// Over; standings are final.
    Finished,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The player.
    pub user: UserId,
    /// Rating at registration (orders the pairing numbers).
    pub rating: u32,
    /// The first round the player can be paired in (1 unless a late entry).
    pub first_round: u32,
    /// Withdrawn: no longer paired.
    pub withdrawn: bool,
}

/// One board of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissBoard {
    /// The Red player.
    pub red: UserId,
    /// The Black player; `None` is the pairing-allocated bye.
    pub black: Option<UserId>,
    /// The result once known (a bye has none).
    pub result: Option<GameResult>,
    /// When the result was recorded (a correction keeps it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<Millis>,
}

impl SwissBoard {
    /// Whether the board still waits for a result.
    #[must_use]
    pub fn is_pending(&self) -> bool {
        self.black.is_some() && self.result.is_none()
    }
}

/// A paired round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissRound {
    /// Round number, from 1.
    pub number: u32,
    /// Boards in publishing order (the bye last).
    pub boards: Vec<SwissBoard>,
    /// When it was paired.
    pub paired_at: Millis,
    /// Whether the organiser paired it by hand.
    pub manual: bool,
}

impl SwissRound {
    /// Whether every game has a result.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        !self.boards.iter().any(SwissBoard::is_pending)
    }

    /// The board `user` plays on, if any.
    #[must_use]
    pub fn board_of(&self, user: UserId) -> Option<&SwissBoard> {
        self.boards
            .iter()
            .find(|b| b.red == user || b.black == Some(user))
    }
}

/// A Swiss event. Change it only through [`Swiss::apply`](Swiss::apply).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swiss {
    /// How it is run.
    pub config: SwissConfig,
    /// Where it stands.
    pub phase: Phase,
    /// Registered players in registration order.
    pub entrants: Vec<Entrant>,
    /// Paired rounds.
    pub rounds: Vec<SwissRound>,
    /// Pairs that must not meet (smaller id first).
    pub forbidden: BTreeSet<(UserId, UserId)>,
    /// Fouls (犯规) per player.
    pub fouls: BTreeMap<UserId, u32>,
}
