//! Game results and the reasons games end, shared by rulings, records and the platform.

use crate::Color;
use std::fmt;
use std::str::FromStr;

/// The result of a game, as written in PGN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: not finished or unknown.
    Unfinished,
}

impl GameResult {
    /// The result in which `color` wins.
    #[must_use]
    pub const fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }

    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ();
    /// Parses `1-0`, `0-1`, `1/2-1/2` (also `½-½`), `*`.
    fn from_str(s: &str) -> Result<Self, ()> {
        match s.trim() {
            "1-0" => Ok(GameResult::RedWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" | "½-½" | "1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unfinished),
            _ => Err(()),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check (困毙) — it loses.
    Stalemate,
    /// A side checked on every move of a repetition cycle (长将) — it loses.
    PerpetualCheck,
    /// A side chased on every move of a repetition cycle (长捉) — it loses.
    PerpetualChase,
    /// A repetition with no violation, or equal ones: a draw.
    Repetition,
    /// The move limit without capture was reached: a draw.
    MoveLimit,
    /// Neither side can mate: a draw.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    Timeout,
    /// Both players agreed to a draw.
    Agreement,
    /// A player left the game (逃跑).
    Abandoned,
    /// Ended by an arbiter or administrator.
    Adjudication,
}

impl EndReason {
    /// The snake_case name used in JSON and the protocol (`checkmate`, `perpetual_check`, …).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::PerpetualCheck => "perpetual_check",
            EndReason::PerpetualChase => "perpetual_chase",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move_limit",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::Agreement => "agreement",
            EndReason::Abandoned => "abandoned",
            EndReason::Adjudication => "adjudication",
        }
    }

    /// All reasons.
    pub const ALL: [EndReason; 12] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::PerpetualCheck,
        EndReason::PerpetualChase,
        EndReason::Repetition,
        EndReason::MoveLimit,
        EndReason::InsufficientMaterial,
        EndReason::Resignation,
        EndReason::Timeout,
        EndReason::Agreement,
        EndReason::Abandoned,
        EndReason::Adjudication,
    ];
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EndReason {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        EndReason::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or(())
    }
}

/// A finished game's result with its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why.
    pub reason: EndReason,
}
