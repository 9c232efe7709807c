//! A challenge's game: an ordinary table with the ladder's rules — its time control, no undo,
//! no abort, and the challenge's play-by time as each side's first-move deadline — where the
//! director seats both players (the challenger has Red, the first move). Table ids say which
//! ladder and challenge a table plays: `9·10¹² + ladder·10⁹ + challenge`. A game's end
//! becomes the challenge's [`Outcome`].

use super::actor::Director;
use crate::lobby::RoomInfo;
use crate::store::{EndedGame, UnfinishedGame};
use crate::table::{spawn_table, DirectorCmd, TableMsg, TableSetup};
use platform::ladder::{Challenge, ChallengeId, Outcome, Side};
use platform::table::{AbortReason, GameEnd};
use platform::{Millis, TableId, UserId};
use std::sync::Arc;
use xiangqi::{Color, EndReason};

/// The first table id of ladder games (far above room and tournament tables).
pub const FIRST_LADDER_TABLE: u64 = 9_000_000_000_000;
/// Table ids per ladder (challenge numbers stay below this).
const PER_LADDER: u64 = 1_000_000_000;

/// The table of challenge `challenge` of ladder `ladder`.
#[must_use]
pub fn table_of(ladder: u32, challenge: ChallengeId) -> TableId {
    TableId(FIRST_LADDER_TABLE + u64::from(ladder) * PER_LADDER + challenge.0 % PER_LADDER)
}

/// The ladder and challenge a ladder table plays.
#[must_use]
pub fn challenge_of_table(table: TableId) -> Option<(u32, ChallengeId)> {
    let rest = table.0.checked_sub(FIRST_LADDER_TABLE)?;
    let ladder = u32::try_from(rest / PER_LADDER).ok()?;
    (1..=super::spec::MAX_LADDER_ID)
        .contains(&ladder)
        .then_some((ladder, ChallengeId(rest % PER_LADDER)))
}

/// Whether `table` plays ladder games (players may not sit, stand or abort there).
#[must_use]
pub fn is_ladder_table(table: TableId) -> bool {
    challenge_of_table(table).is_some()
}

impl Director {
    /// The setup of a challenge's table.
    fn setup(&self, table: TableId) -> TableSetup {
        let mut config = self.state.config.table_config(self.control.clone());
        config.undo_allowed = false;
        config.max_undos = 0;
        config.first_move_deadline = Some(Millis::from_secs(self.spec.play_within_secs));
        TableSetup {
            id: table,
            room: Arc::new(RoomInfo {
                id: self.spec.room.clone(),
                name: self.spec.name.clone(),
                min_coins: 0,
            }),
            config,
            ai: None,
            tournament: None,
        }
    }

    /// Opens the table of challenge `c`: its game brought back from its journal (`restore`), or
    /// a new game with both players seated (the challenger Red).
    pub(super) async fn open_game(&self, c: &Challenge, restore: Option<UnfinishedGame>) {
        let table = table_of(self.spec.id, c.id);
        let fresh = restore.is_none();
        let lease = match self.state.node.claim(&self.state.db, table).await {
            Ok(Some(lease)) => lease,
            Ok(None) => {
                let id = self.spec.id;
                tracing::error!(ladder = id, table = table.0, "another node holds the table");
                return;
            }
            Err(e) => {
                tracing::error!(ladder = self.spec.id, table = table.0, "cannot claim: {e}");
                return;
            }
        };
        match spawn_table(&self.state, self.setup(table), lease, restore) {
            Ok(h) => {
                let seat = TableMsg::Director(DirectorCmd::Seat {
                    red: c.challenger,
                    black: c.defender,
                });
                if fresh && !h.send(seat).await {
                    tracing::error!(ladder = self.spec.id, table = table.0, "table gone");
                }
            }
            Err(e) => tracing::error!(ladder = self.spec.id, table = table.0, "cannot open: {e}"),
        }
    }

    /// The game of a challenge that ended without it (a player left the ladder) is resigned
    /// for them at its table, so the opponent does not play on for nothing.
    pub(super) async fn resign_for(&self, c: &Challenge, user: UserId) {
        let table = table_of(self.spec.id, c.id);
        if let Some(h) = self.state.tables.get(table) {
            let _ = h
                .send(TableMsg::Director(DirectorCmd::Resign { user }))
                .await;
        }
    }
}

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
    fn table_ids_name_their_ladder_and_challenge() {
        let t = table_of(7, ChallengeId(12));
        assert_eq!(challenge_of_table(t), Some((7, ChallengeId(12))));
        assert!(is_ladder_table(t));
        assert!(!is_ladder_table(TableId(2_000_001_001)));
        assert!(!is_ladder_table(TableId(FIRST_LADDER_TABLE + 5)));
    }

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
