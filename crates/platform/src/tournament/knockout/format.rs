//! Match formats: stages of games, each with its own clocks per colour, ending in a sudden-death
//! game where a draw wins for Black (附加赛, 和棋黑胜), so every match has a winner.

use crate::clock::TimeControl;
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

/// The clocks of one game: one control per colour, and whether a draw wins for Black.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    /// Red's time control.
    pub red: TimeControl,
    /// Black's time control.
    pub black: TimeControl,
    /// Whether a draw counts as a win for Black (the sudden-death game).
    pub draw_odds_black: bool,
}

impl GameSpec {
    /// The same control for both colours, no draw odds.
    #[must_use]
    pub fn even(tc: TimeControl) -> GameSpec {
        GameSpec {
            red: tc.clone(),
            black: tc,
            draw_odds_black: false,
        }
    }

    /// CXA's 附加赛: Red 6′, Black 4′, both +3″ a move; a draw wins for Black.
    #[must_use]
    pub fn cxa_sudden_death() -> GameSpec {
        GameSpec {
            red: TimeControl::fischer(Millis::from_mins(6), Millis::from_secs(3)),
            black: TimeControl::fischer(Millis::from_mins(4), Millis::from_secs(3)),
            draw_odds_black: true,
        }
    }
}

/// What a stage is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageKind {
    /// The match proper.
    Regular,
    /// Rapid tie-break games (快棋).
    Rapid,
    /// Blitz tie-break games (超快棋).
    Blitz,
    /// The single sudden-death game (附加赛).
    SuddenDeath,
}

/// A stage: `games` games with `spec`; colours alternate from game to game through the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    /// What the stage is.
    pub kind: StageKind,
    /// Games in the stage (the sudden death has exactly 1).
    pub games: u32,
    /// Clocks and draw odds.
    pub spec: GameSpec,
}

/// The stages of a match, regular games first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchFormat {
    /// Stages in order; a stage is played only while the match is tied.
    pub stages: Vec<Stage>,
}

impl MatchFormat {
    /// CXA's sequence after `games` regular games with `regular`: 2 rapid (10′ + 10″), 2 blitz
    /// (5′ + 3″), then the sudden-death game.
    #[must_use]
    pub fn cxa(games: u32, regular: TimeControl) -> MatchFormat {
        let fischer = |m, s| {
            GameSpec::even(TimeControl::fischer(
                Millis::from_mins(m),
                Millis::from_secs(s),
            ))
        };
        MatchFormat {
            stages: vec![
                Stage {
                    kind: StageKind::Regular,
                    games,
                    spec: GameSpec::even(regular),
                },
                Stage {
                    kind: StageKind::Rapid,
                    games: 2,
                    spec: fischer(10, 10),
                },
                Stage {
                    kind: StageKind::Blitz,
                    games: 2,
                    spec: fischer(5, 3),
                },
                Stage {
                    kind: StageKind::SuddenDeath,
                    games: 1,
                    spec: GameSpec::cxa_sudden_death(),
                },
            ],
        }
    }

    /// Whether the format always produces a winner: it must end with one game where a draw
    /// wins for Black, and no stage may be empty.
    #[must_use]
    pub fn is_decisive(&self) -> bool {
        self.stages.iter().all(|s| s.games > 0)
            && self
                .stages
                .last()
                .is_some_and(|s| s.games == 1 && s.spec.draw_odds_black)
    }
}

impl Default for MatchFormat {
    fn default() -> Self {
        MatchFormat::cxa(
            1,
            TimeControl::fischer(Millis::from_mins(30), Millis::from_secs(30)),
        )
    }
}
