//! Commands to a Swiss, the events they produce, and why one may be refused.

use super::model::SwissBoard;
use crate::ids::UserId;
use crate::tournament::{GameResult, Row};
use serde::{Deserialize, Serialize};

/// What the organiser, a player or the director asks of a Swiss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum SwissCommand {
    /// Register `user` (late entry allowed while no more than half the rounds are paired).
    Register {
        /// The player.
        user: UserId,
        /// Their rating, which orders pairing numbers.
        rating: u32,
    },
    /// Withdraw `user`: before round 1 the entry is deleted; later the player is no longer
    /// paired and a game of theirs still without a result is lost by forfeit.
    Withdraw {
        /// The player.
        user: UserId,
    },
    /// Forbid a pairing (e.g. players of one club or family).
    Forbid {
        /// One player.
        a: UserId,
        /// The other.
        b: UserId,
    },
    /// Pair the next round by the Dutch system.
    PairRound,
    /// Pair the next round by hand: `(red, Some(black))` boards and at most one `(user, None)`
    /// bye; the `absent` players sit the round out (0 points). Every active player must be
    /// listed exactly once, and no board may be a forbidden pair.
    PairManually {
        /// The boards.
        boards: Vec<(UserId, Option<UserId>)>,
        /// Active players who do not play this round.
        #[serde(default)]
        absent: Vec<UserId>,
    },
    /// Record the result of the game of `red` in the current round.
    RecordResult {
        /// The Red player of the board.
        red: UserId,
        /// How it ended.
        result: GameResult,
    },
    /// The organiser corrects the result of board `board` (from 0) of round `round`: any round
    /// paired, only a board with a result, until the event finishes (then
    /// [`ResultsFinal`](crate::tournament::TournamentError::ResultsFinal)). Later rounds keep
    /// their pairings; the standings follow.
    Correct {
        /// The round, from 1.
        round: u32,
        /// The board, from 0, in publishing order.
        board: u32,
        /// The right result.
        result: GameResult,
    },
    /// The arbiter records a foul (犯规) against `user`.
    Foul {
        /// The player.
        user: UserId,
    },
    /// End the event now (after the current round is complete).
    Finish,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum SwissEvent {
    /// A player registered; `late` after round 1 was paired.
    Registered {
        /// The player.
        user: UserId,
        /// Whether it was a late entry.
        late: bool,
    },
    /// A player withdrew.
    Withdrew {
        /// The player.
        user: UserId,
    },
    /// A pairing was forbidden.
    Forbidden {
        /// One player.
        a: UserId,
        /// The other.
        b: UserId,
    },
    /// A round was paired.
    RoundPaired {
        /// Round number.
        round: u32,
        /// Boards in publishing order.
        boards: Vec<SwissBoard>,
        /// Whether by hand.
        manual: bool,
    },
    /// A game result was recorded.
    ResultRecorded {
        /// Round number.
        round: u32,
        /// The board.
        board: SwissBoard,
    },
    /// The organiser corrected a result (the standings follow).
    ResultCorrected {
        /// Round number.
        round: u32,
        /// Its index in the round.
        index: u32,
        /// The board with its new result.
        board: SwissBoard,
    },
    /// Every game of the round has a result.
    RoundComplete {
        /// Round number.
        round: u32,
    },
    /// A foul was recorded.
    Fouled {
        /// The player.
        user: UserId,
    },
    /// The event is over.
    Finished {
        /// Final standings.
        standings: Vec<Row>,
    },
}
