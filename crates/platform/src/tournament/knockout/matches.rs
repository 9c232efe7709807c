//! One knockout match: its games, stage by stage, until a winner is known.

use super::format::{GameSpec, MatchFormat, StageKind};
use crate::ids::UserId;
use crate::tournament::{GameResult, PlayerResult};
use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// A game of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchGame {
    /// Index of the stage in the format.
    pub stage: usize,
    /// The Red player.
    pub red: UserId,
    /// The Black player.
    pub black: UserId,
    /// The result once known.
    pub result: Option<GameResult>,
}

/// A match between the higher seed `high` and `low`; a missing side is a bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    /// The higher-seeded player (Red in game 1).
    pub high: Option<UserId>,
    /// The lower-seeded player.
    pub low: Option<UserId>,
    /// Games so far.
    pub games: Vec<MatchGame>,
    /// The winner once decided.
    pub winner: Option<UserId>,
}

/// The next game a match needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NextGame {
    /// The Red player.
    pub red: UserId,
    /// The Black player.
    pub black: UserId,
    /// Index of its stage in the format.
    pub stage: usize,
    /// Which stage it belongs to.
    pub kind: StageKind,
    /// Clocks per colour and draw odds.
    pub spec: GameSpec,
}

impl Match {
    /// A match; with one side missing it is decided at once (a bye).
    #[must_use]
    pub fn new(high: Option<UserId>, low: Option<UserId>) -> Match {
        let winner = match (high, low) {
            (Some(h), None) => Some(h),
            (None, Some(l)) => Some(l),
            _ => None,
        };
        Match {
            high,
            low,
            games: Vec::new(),
            winner,
        }
    }

    /// The loser, once decided (none for a bye).
    #[must_use]
    pub fn loser(&self) -> Option<UserId> {
        let w = self.winner?;
        [self.high, self.low]
            .into_iter()
            .flatten()
            .find(|&u| u != w)
    }

    /// Points of `(high, low)` in stage `stage` (2/1/0 per game).
    fn stage_score(&self, stage: usize) -> (u32, u32) {
        let (Some(high), Some(_)) = (self.high, self.low) else {
            return (0, 0);
        };
        let mut s = (0, 0);
        for g in self.games.iter().filter(|g| g.stage == stage) {
            let Some(r) = g.result else { continue };
            let side = if g.red == high {
                Color::Red
            } else {
                Color::Black
            };
            let pts = |r: PlayerResult| match r {
                PlayerResult::Win | PlayerResult::ForfeitWin => 2,
                PlayerResult::Draw => 1,
                _ => 0,
            };
            s.0 += pts(r.for_side(side));
            s.1 += pts(r.for_side(!side));
        }
        s
    }

    /// Settles the match after a result if it is decided; `format` says what stages exist.
    pub(super) fn settle(&mut self, format: &MatchFormat) {
        let (Some(high), Some(low)) = (self.high, self.low) else {
            return;
        };
        let Some(last) = self.games.last() else {
            return;
        };
        let Some(result) = last.result else { return };
        let stage = last.stage;
        let spec = &format.stages[stage];
        if spec.spec.draw_odds_black && result == GameResult::Draw {
            self.winner = Some(last.black);
            return;
        }
        let (a, b) = self.stage_score(stage);
        let played = self.games.iter().filter(|g| g.stage == stage).count() as u32;
        let remaining = 2 * spec.games.saturating_sub(played);
        if a > b + remaining {
            self.winner = Some(high);
        } else if b > a + remaining {
            self.winner = Some(low);
        } else if remaining == 0 && a != b {
            self.winner = Some(if a > b { high } else { low });
        } else if remaining == 0 && stage + 1 >= format.stages.len() {
            // Not reachable with a decisive format; the higher seed goes through.
            self.winner = Some(high);
        }
    }

    /// The game the match needs next, or `None` when decided or a game is in progress.
    #[must_use]
    pub fn next_game(&self, format: &MatchFormat) -> Option<NextGame> {
        let (Some(high), Some(low)) = (self.high, self.low) else {
            return None;
        };
        if self.winner.is_some() || self.games.last().is_some_and(|g| g.result.is_none()) {
            return None;
        }
        let stage = match self.games.last() {
            None => 0,
            Some(g) => {
                let played = self.games.iter().filter(|x| x.stage == g.stage).count() as u32;
                if played < format.stages[g.stage].games {
                    g.stage
                } else {
                    g.stage + 1
                }
            }
        };
        let s = format.stages.get(stage)?;
        // Colours alternate through the whole match; the higher seed has Red in game 1.
        let (red, black) = if self.games.len() & 1 == 0 {
            (high, low)
        } else {
            (low, high)
        };
        Some(NextGame {
            red,
            black,
            stage,
            kind: s.kind,
            spec: s.spec.clone(),
        })
    }
}
