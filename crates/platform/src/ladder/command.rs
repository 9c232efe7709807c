//! What a ladder is asked ([`LadderCommand`]), what it answers ([`LadderEvent`]) and why it
//! refuses ([`LadderError`]; a refused command changes nothing).

use super::challenge::Challenge;
use crate::{Millis, UserId};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use super::challenge::ChallengeId;

impl fmt::Display for ChallengeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The two sides of a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The player who challenged (from below).
    Challenger,
    /// The player challenged.
    Defender,
}

/// How a challenge ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum Outcome {
    /// The challenger won the game: they take the defender's place.
    ChallengerWon,
    /// The defender won: places unchanged.
    DefenderWon,
    /// A draw: places unchanged (the challenger must win to climb).
    Draw,
    /// `side` lost on time (flag fall): a loss for them, and a time-out.
    TimedOut {
        /// Who lost on time.
        side: Side,
    },
    /// The game was not played by the deadline: each side that did not show forfeits and is
    /// charged a time-out. Challenger absent: places unchanged; defender absent: the challenger
    /// takes the place; both absent: places unchanged.
    NoShow {
        /// The challenger did not show.
        challenger: bool,
        /// The defender did not show.
        defender: bool,
    },
    /// A player left (or was removed from) the ladder while it was open: nothing moves.
    Withdrawn,
}

impl Outcome {
    /// Whether the challenger climbs.
    #[must_use]
    pub fn challenger_climbs(self) -> bool {
        matches!(
            self,
            Outcome::ChallengerWon
                | Outcome::TimedOut {
                    side: Side::Defender
                }
                | Outcome::NoShow {
                    challenger: false,
                    defender: true
                }
        )
    }

    /// The sides charged a time-out.
    #[must_use]
    pub fn timed_out(self) -> Vec<Side> {
        match self {
            Outcome::TimedOut { side } => vec![side],
            Outcome::NoShow {
                challenger,
                defender,
            } => [(challenger, Side::Challenger), (defender, Side::Defender)]
                .into_iter()
                .filter_map(|(absent, s)| absent.then_some(s))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Why a player left the ladder without asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RemoveReason {
    /// Too many time-outs within the window.
    Timeouts,
    /// Inactive for too long (with `Inactivity::Remove`).
    Inactive,
}

/// What a player or the ladder's director asks of a ladder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum LadderCommand {
    /// `user` joins (at the bottom, or by `rating`).
    Join {
        /// The player.
        user: UserId,
        /// Their rating now.
        rating: u32,
    },
    /// `user` leaves; their open challenges are withdrawn and the players below move up.
    Leave {
        /// The player.
        user: UserId,
    },
    /// `challenger` challenges `defender`; accepted at once, to be played by the deadline.
    Challenge {
        /// Who challenges.
        challenger: UserId,
        /// Who is challenged (above the challenger, within reach).
        defender: UserId,
        /// The challenger's rating now (kept; it sets their reach by rating).
        rating: u32,
    },
    /// Challenge `challenge` ended with `outcome`.
    Report {
        /// The challenge.
        challenge: ChallengeId,
        /// How.
        outcome: Outcome,
    },
    /// Time passed: inactive players drop or leave.
    Tick,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum LadderEvent {
    /// `user` joined at `place`.
    Joined {
        /// The player.
        user: UserId,
        /// Their place (1-based).
        place: u32,
    },
    /// `user` left from `place`.
    Left {
        /// The player.
        user: UserId,
        /// The place they held.
        place: u32,
    },
    /// `user` was removed from `place`.
    Removed {
        /// The player.
        user: UserId,
        /// The place they held.
        place: u32,
        /// Why.
        reason: RemoveReason,
    },
    /// A challenge was issued (and accepted).
    Challenged {
        /// It.
        challenge: Challenge,
    },
    /// A challenge ended.
    Ended {
        /// Which.
        challenge: ChallengeId,
        /// How.
        outcome: Outcome,
    },
    /// `user` was charged a time-out (`count` within the window now).
    TimedOut {
        /// The player.
        user: UserId,
        /// Their time-outs within the window.
        count: u32,
    },
    /// `user` moved from place `from` to place `to` (a climb, a shift, a drop).
    Moved {
        /// The player.
        user: UserId,
        /// The place before.
        from: u32,
        /// The place after.
        to: u32,
    },
    /// `user` dropped for inactivity (their `Moved` events follow).
    Inactive {
        /// The player.
        user: UserId,
    },
}

/// Why a ladder refused a command. A refused command changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LadderError {
    /// Already on the ladder.
    #[error("already on the ladder")]
    AlreadyOnLadder,
    /// Not on the ladder.
    #[error("not on the ladder")]
    NotOnLadder,
    /// The defender is not on the ladder.
    #[error("the defender is not on the ladder")]
    DefenderNotOnLadder,
    /// The ladder is full.
    #[error("the ladder is full")]
    Full,
    /// One cannot challenge oneself.
    #[error("one cannot challenge oneself")]
    SelfChallenge,
    /// The defender is not above the challenger.
    #[error("the defender is not above you")]
    NotAbove,
    /// The defender is above the reach, whose top is `top`.
    #[error("out of reach: you may challenge up to place {top}")]
    OutOfReach {
        /// The highest place within reach.
        top: u32,
    },
    /// The defender already has the most open challenges.
    #[error("the defender has {max} open challenges already")]
    DefenderBusy {
        /// The limit.
        max: u32,
    },
    /// The challenger already has the most open challenges.
    #[error("you have {max} open challenges already")]
    TooManyOpen {
        /// The limit.
        max: u32,
    },
    /// The two already have a challenge open.
    #[error("a challenge between you is open already")]
    AlreadyOpen,
    /// The two met too recently.
    #[error("you met too recently: again after {}", crate::utc::utc_minute(*until))]
    Cooldown {
        /// When they may meet again (ms since the epoch).
        until: Millis,
    },
    /// No such open challenge.
    #[error("no such open challenge")]
    NoSuchChallenge,
}
