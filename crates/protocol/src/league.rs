//! [`LeagueNotice`]: what a league tells one captain or player privately (`league_notice`,
//! docs/leagues.md): a proposal, an agreed time, a reminder, a lineup set, a match begun (with
//! one's board), a match's result.

use platform::league::TeamId;
use platform::league::{BoardResult, MatchScore};
use platform::TableId;
use serde::Serialize;

/// A private notice from a league (tagged by `kind`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LeagueNotice {
    /// The other captain proposed a time for match `m` (to the captains).
    Proposed {
        /// The match.
        m: u32,
        /// The proposing team.
        team: TeamId,
        /// The time (ms since the epoch).
        at: u64,
    },
    /// The captains agreed: match `m` is played at `at` (to the captains).
    Agreed {
        /// The match.
        m: u32,
        /// The time (ms since the epoch).
        at: u64,
    },
    /// Match `m` began: one's game is at `table` on `board` (from 1) (to its players).
    Began {
        /// The match.
        m: u32,
        /// The board (from 1).
        board: u8,
        /// Its table.
        table: TableId,
    },
    /// A board of match `m` was forfeited (to its players).
    Forfeited {
        /// The match.
        m: u32,
        /// The board (from 1).
        board: u8,
        /// How.
        result: BoardResult,
    },
    /// Match `m` is played at `at`, soon (`remind_before`; to the captains and both lineups'
    /// players).
    Reminder {
        /// The match.
        m: u32,
        /// The time (ms since the epoch).
        at: u64,
    },
    /// Team `team`'s captain set its board order for match `m` (to the team's players).
    LineupSet {
        /// The match.
        m: u32,
        /// The team.
        team: TeamId,
        /// Its players, board 1 first.
        order: Vec<platform::UserId>,
    },
    /// Team `team` withdrew: its results voided (`voided`) or its remaining matches forfeited
    /// (to every captain).
    Withdrew {
        /// The team.
        team: TeamId,
        /// Whether its matches were struck out.
        voided: bool,
    },
    /// Match `m` ended (to the captains).
    Ended {
        /// The match.
        m: u32,
        /// Its score.
        score: MatchScore,
    },
}
