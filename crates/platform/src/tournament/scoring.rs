//! Scoring scales and tie-break presets, stored with each event by name.

use super::result::PlayerResult;
use serde::{Deserialize, Serialize};

/// Points per result (CXA 13.1: win 2, draw 1, loss 0 by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Scale {
    /// A win (also a forfeit win and a pairing-allocated bye, CXA 14.4).
    pub win: u32,
    /// A draw (also a late entrant's half-point bye).
    pub draw: u32,
    /// A loss (also a forfeit loss and an absence).
    pub loss: u32,
}

impl Default for Scale {
    fn default() -> Self {
        Scale {
            win: 2,
            draw: 1,
            loss: 0,
        }
    }
}

impl Scale {
    /// The points of `r`.
    #[must_use]
    pub fn points(&self, r: PlayerResult) -> u32 {
        match r {
            PlayerResult::Win | PlayerResult::ForfeitWin => self.win,
            PlayerResult::Draw => self.draw,
            PlayerResult::Loss | PlayerResult::ForfeitLoss => self.loss,
        }
    }
}

/// One tie-break criterion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// 对手分: the sum of all opponents' scores; a bye counts as an opponent with the lowest
    /// non-zero score of the field (CXA 14.4).
    OpponentScore,
    /// 累进分: the sum of the running score after each round.
    Progressive,
    /// 小分 / Sonneborn-Berger: beaten opponents' scores plus half of drawn opponents' scores.
    SonnebornBerger,
    /// 胜局: wins, including forfeit wins and the pairing-allocated bye.
    Wins,
    /// 直胜: points scored against the other players still tied.
    HeadToHead,
    /// 犯规: fewer fouls rank higher.
    Fouls,
    /// 后走局数: more games played as Black rank higher.
    BlackGames,
    /// 后走胜局: more wins as Black rank higher.
    BlackWins,
    /// Performance: the mean of each opponent's rating +500 for a win, −500 for a loss.
    Performance,
    /// 逐轮比较 (CXA 14.3.1's last resort): the points of the last round, then of the round
    /// before, and so on back; the column shows the last round's points.
    EarlierRounds,
    /// 去轮累进 (CXA 14.3.2's last resort): 累进分 counted from round 2 (round 1's points
    /// dropped), then from round 3, and so on; the column shows the first of these.
    ProgressiveCut,
    /// Earliest finish (the `online` order's last resort, TOURNAMENTS.md): among the players
    /// still tied, whoever finished their last game earlier ranks higher — the later round
    /// first, then the instant the game ended where the record has it. The column shows the
    /// player's place in that order within the tie (1 = finished first).
    EarliestFinish,
}

impl TieBreak {
    /// Whether a larger value ranks higher.
    #[must_use]
    pub fn higher_is_better(self) -> bool {
        !matches!(self, TieBreak::Fouls | TieBreak::EarliestFinish)
    }
}

/// A named scoring scale with its tie-break order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Preset {
    /// The preset's name, shown with the event.
    pub name: String,
    /// Points per result.
    pub scale: Scale,
    /// Tie-breaks after points, most important first.
    pub order: Vec<TieBreak>,
}

impl Preset {
    /// `cxa-swiss-opp`: CXA 14.3.1 — 对手分, 胜局, 犯规, 后走局数, then the earlier rounds.
    #[must_use]
    pub fn cxa_swiss_opponent() -> Preset {
        use TieBreak::*;
        Preset::named(
            "cxa-swiss-opp",
            vec![OpponentScore, Wins, Fouls, BlackGames, EarlierRounds],
        )
    }

    /// `cxa-swiss-prog`: CXA 14.3.2 — 累进分, 胜局, 犯规, 后走局数, then 累进分 dropping the
    /// first rounds one by one.
    #[must_use]
    pub fn cxa_swiss_progressive() -> Preset {
        use TieBreak::*;
        Preset::named(
            "cxa-swiss-prog",
            vec![Progressive, Wins, Fouls, BlackGames, ProgressiveCut],
        )
    }

    /// `cxa-rr`: CXA 14.1 — 小分, 胜局, 直胜, 犯规, 后走局数.
    #[must_use]
    pub fn cxa_round_robin() -> Preset {
        use TieBreak::*;
        Preset::named(
            "cxa-rr",
            vec![SonnebornBerger, Wins, HeadToHead, Fouls, BlackGames],
        )
    }

    /// `cxa-rr-match`: CXA 14.2 (double or multi-game round robin) — 局分 (for one player, the
    /// points), 胜局, 直胜, 犯规, 后走胜局.
    #[must_use]
    pub fn cxa_round_robin_match() -> Preset {
        use TieBreak::*;
        Preset::named("cxa-rr-match", vec![Wins, HeadToHead, Fouls, BlackWins])
    }

    /// `lichess`: Sonneborn-Berger, then performance.
    #[must_use]
    pub fn lichess() -> Preset {
        Preset::named(
            "lichess",
            vec![TieBreak::SonnebornBerger, TieBreak::Performance],
        )
    }

    /// `online`: the 天天象棋 national online event's order (TOURNAMENTS.md) — 对手分, 胜局,
    /// 后手局数, 后手胜局, then whoever finished their last game earlier.
    #[must_use]
    pub fn online() -> Preset {
        use TieBreak::*;
        Preset::named(
            "online",
            vec![OpponentScore, Wins, BlackGames, BlackWins, EarliestFinish],
        )
    }

    /// The preset called `name`, if there is one.
    #[must_use]
    pub fn by_name(name: &str) -> Option<Preset> {
        match name {
            "cxa-swiss-opp" => Some(Preset::cxa_swiss_opponent()),
            "cxa-swiss-prog" => Some(Preset::cxa_swiss_progressive()),
            "cxa-rr" => Some(Preset::cxa_round_robin()),
            "cxa-rr-match" => Some(Preset::cxa_round_robin_match()),
            "lichess" => Some(Preset::lichess()),
            "online" => Some(Preset::online()),
            _ => None,
        }
    }

    fn named(name: &str, order: Vec<TieBreak>) -> Preset {
        Preset {
            name: name.to_string(),
            scale: Scale::default(),
            order,
        }
    }
}
