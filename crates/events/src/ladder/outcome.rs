//! A challenge's [`Outcome`] from its game's end, live or as stored (the challenger plays Red).

use platform::ladder::{Outcome, Side};
use platform::table::{AbortReason, GameEnd};
use store::EndedGame;
use xiangqi::{Color, EndReason};

/// The challenge's outcome from its game's end (the challenger plays Red).
#[must_use]
pub fn outcome_of(end: &GameEnd) -> Outcome {
    match end {
        GameEnd::Finished { outcome, .. } => {
            let loser = match outcome.result {
                xiangqi::GameResult::RedWins => Some(Side::Defender),
                xiangqi::GameResult::BlackWins => Some(Side::Challenger),
                _ => None,
            };
            match (loser, outcome.reason) {
                (Some(side), EndReason::Timeout) => Outcome::TimedOut { side },
                (Some(Side::Defender), _) => Outcome::ChallengerWon,
                (Some(Side::Challenger), _) => Outcome::DefenderWon,
                (None, _) => Outcome::Draw,
            }
        }
        GameEnd::Aborted {
            reason: AbortReason::NoFirstMove(c) | AbortReason::Requested(c),
            ..
        } => no_show(*c),
    }
}

/// The same for a game whose end was stored but not yet reported (the server stopped in
/// between).
#[must_use]
pub fn stored_outcome_of(g: &EndedGame) -> Outcome {
    let timeout = g.reason.as_deref() == Some(EndReason::Timeout.as_str());
    match (g.result.as_str(), timeout) {
        ("1-0", true) => Outcome::TimedOut {
            side: Side::Defender,
        },
        ("0-1", true) => Outcome::TimedOut {
            side: Side::Challenger,
        },
        ("1-0", false) => Outcome::ChallengerWon,
        ("0-1", false) => Outcome::DefenderWon,
        ("1/2-1/2", _) => Outcome::Draw,
        // Aborted: the side to make its first move did not.
        _ => no_show(if g.plies == 0 {
            Color::Red
        } else {
            Color::Black
        }),
    }
}

fn no_show(absent: Color) -> Outcome {
    Outcome::NoShow {
        challenger: absent == Color::Red,
        defender: absent == Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_ends_give_outcomes() {
        let ended = |result: &str, reason: Option<&str>, plies| EndedGame {
            id: 1,
            result: result.into(),
            reason: reason.map(Into::into),
            plies,
        };
        assert_eq!(
            stored_outcome_of(&ended("1-0", Some("checkmate"), 30)),
            Outcome::ChallengerWon
        );
        assert_eq!(
            stored_outcome_of(&ended("1-0", Some("timeout"), 30)),
            Outcome::TimedOut {
                side: Side::Defender
            }
        );
        assert_eq!(
            stored_outcome_of(&ended("1/2-1/2", None, 30)),
            Outcome::Draw
        );
        assert_eq!(
            stored_outcome_of(&ended("*", None, 1)),
            Outcome::NoShow {
                challenger: false,
                defender: true
            }
        );
    }
}
