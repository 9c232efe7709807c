//! [`Conduct`]: what one player did in one game, [`classify`]: the conduct of both players of
//! a table's game end, and [`Counters`]: the totals a profile shows.

use crate::table::{AbortReason, GameEnd};
use serde::Serialize;
use std::str::FromStr;
use xiangqi::{Color, EndReason};

/// One player's behaviour in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Conduct {
    /// Played to a result (won, lost, drawn) the normal way.
    Completed,
    /// Left the game or stayed away past the reconnection grace, and lost by it (逃跑).
    Left,
    /// Asked for the abort that called the game off.
    Aborted,
    /// Never made the first move in time (a no-show at a table or a tournament board).
    NoShow,
    /// Lost on time while disconnected.
    TimeoutAway,
}

impl Conduct {
    /// Every conduct, in the counters' order.
    pub const ALL: [Conduct; 5] = [
        Conduct::Completed,
        Conduct::Left,
        Conduct::Aborted,
        Conduct::NoShow,
        Conduct::TimeoutAway,
    ];

    /// The stored and wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Conduct::Completed => "completed",
            Conduct::Left => "left",
            Conduct::Aborted => "aborted",
            Conduct::NoShow => "no_show",
            Conduct::TimeoutAway => "timeout_away",
        }
    }

    /// Its weight against the score, in points per game (`docs/behaviour.md`).
    #[must_use]
    pub const fn weight(self) -> u32 {
        match self {
            Conduct::Completed => 0,
            Conduct::Aborted => 25,
            Conduct::TimeoutAway => 50,
            Conduct::Left | Conduct::NoShow => 100,
        }
    }

    /// Whether it counts towards an escalating ban (leaving and no-shows).
    #[must_use]
    pub const fn is_bannable(self) -> bool {
        matches!(self, Conduct::Left | Conduct::NoShow)
    }
}

impl FromStr for Conduct {
    type Err = String;
    fn from_str(s: &str) -> Result<Conduct, String> {
        Conduct::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| format!("unknown conduct {s:?}"))
    }
}

/// The conduct of each side in a game that ended with `end`, given whether each side's player
/// was away (disconnected) when it ended; `[red, black]`, `None` where the game says nothing
/// of that player (the opponent of an abort or a no-show).
#[must_use]
pub fn classify(end: &GameEnd, away: [bool; 2]) -> [Option<Conduct>; 2] {
    let mut out = [None; 2];
    let idx = |c: Color| usize::from(c == Color::Black);
    match *end {
        GameEnd::Finished { outcome, .. } => {
            out = [Some(Conduct::Completed); 2];
            if let Some(loser) = outcome.result.winner().map(|w| !w) {
                match outcome.reason {
                    EndReason::Abandoned => out[idx(loser)] = Some(Conduct::Left),
                    EndReason::Timeout if away[idx(loser)] => {
                        out[idx(loser)] = Some(Conduct::TimeoutAway);
                    }
                    _ => {}
                }
            }
        }
        GameEnd::Aborted { reason, .. } => match reason {
            AbortReason::Requested(c) => out[idx(c)] = Some(Conduct::Aborted),
            AbortReason::NoFirstMove(c) => out[idx(c)] = Some(Conduct::NoShow),
        },
    }
    out
}

/// A player's totals, one per [`Conduct`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counters {
    /// Games completed normally.
    pub completed: u64,
    /// Games left (逃跑).
    pub left: u64,
    /// Games aborted at the player's request.
    pub aborted: u64,
    /// First moves not made.
    pub no_shows: u64,
    /// Games lost on time while away.
    pub timeouts_away: u64,
}

impl Counters {
    /// Counts one more game with `conduct`.
    pub fn add(&mut self, conduct: Conduct, n: u64) {
        let slot = match conduct {
            Conduct::Completed => &mut self.completed,
            Conduct::Left => &mut self.left,
            Conduct::Aborted => &mut self.aborted,
            Conduct::NoShow => &mut self.no_shows,
            Conduct::TimeoutAway => &mut self.timeouts_away,
        };
        *slot = slot.saturating_add(n);
    }

    /// The counters of a history.
    #[must_use]
    pub fn of(history: &[Conduct]) -> Counters {
        let mut c = Counters::default();
        for &h in history {
            c.add(h, 1);
        }
        c
    }

    /// All games counted.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.completed + self.left + self.aborted + self.no_shows + self.timeouts_away
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{GameResult, Outcome};

    fn finished(result: GameResult, reason: EndReason) -> GameEnd {
        GameEnd::Finished {
            outcome: Outcome { result, reason },
            plies: 20,
        }
    }

    #[test]
    fn the_leaver_and_the_away_loser_on_time_are_named() {
        let left = finished(GameResult::RedWins, EndReason::Abandoned);
        assert_eq!(
            classify(&left, [false, false]),
            [Some(Conduct::Completed), Some(Conduct::Left)]
        );
        let flag = finished(GameResult::BlackWins, EndReason::Timeout);
        assert_eq!(
            classify(&flag, [true, false]),
            [Some(Conduct::TimeoutAway), Some(Conduct::Completed)]
        );
        // On time while present is a normal game; so is a mate while the winner is away.
        assert_eq!(
            classify(&flag, [false, true]),
            [Some(Conduct::Completed); 2]
        );
        let mate = finished(GameResult::RedWins, EndReason::Checkmate);
        assert_eq!(classify(&mate, [true, true]), [Some(Conduct::Completed); 2]);
    }

    #[test]
    fn aborts_and_no_shows_name_only_their_side() {
        let abort = GameEnd::Aborted {
            reason: AbortReason::Requested(Color::Black),
            plies: 1,
        };
        assert_eq!(classify(&abort, [false; 2]), [None, Some(Conduct::Aborted)]);
        let no_show = GameEnd::Aborted {
            reason: AbortReason::NoFirstMove(Color::Red),
            plies: 0,
        };
        assert_eq!(classify(&no_show, [true; 2]), [Some(Conduct::NoShow), None]);
    }

    #[test]
    fn counters_count_and_names_round_trip() {
        let c = Counters::of(&[Conduct::Left, Conduct::Completed, Conduct::Left]);
        assert_eq!((c.left, c.completed, c.total()), (2, 1, 3));
        for k in Conduct::ALL {
            assert_eq!(k.as_str().parse::<Conduct>(), Ok(k));
        }
        assert!("fled".parse::<Conduct>().is_err());
    }
}
