//! [`LeagueConfig`]: how one league is run. Every field has a default.

use crate::rating::RatingScope;
use crate::Millis;
use serde::{Deserialize, Serialize};

/// Match points (场分) for a match won, drawn and lost on game points (default 2/1/0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPoints {
    /// A match won.
    pub win: u32,
    /// A match drawn.
    pub draw: u32,
    /// A match lost.
    pub loss: u32,
}

impl Default for MatchPoints {
    fn default() -> Self {
        MatchPoints {
            win: 2,
            draw: 1,
            loss: 0,
        }
    }
}

/// One tie-break of the standings, after match points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// 局分: game points over the season.
    GamePoints,
    /// 直胜: match points in the matches among the tied teams only.
    HeadToHead,
    /// Game points on board 1.
    BoardOne,
    /// Matches won.
    Wins,
}

/// The named tie-break presets: `cxa-team` (局分, 直胜, board 1; the default) and `h2h-first`
/// (直胜, 局分, board 1).
#[must_use]
pub fn preset(name: &str) -> Option<Vec<TieBreak>> {
    use TieBreak::{BoardOne, GamePoints, HeadToHead};
    match name {
        "cxa-team" => Some(vec![GamePoints, HeadToHead, BoardOne]),
        "h2h-first" => Some(vec![HeadToHead, GamePoints, BoardOne]),
        _ => None,
    }
}

/// How one league is run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LeagueConfig {
    /// The divisions' names, top first (default 甲级, 乙级).
    pub divisions: Vec<String>,
    /// Boards per match (default 4, at most 15).
    pub boards: u8,
    /// The games' time control, by preset name (default `rapid`).
    pub time_control: String,
    /// Each pair of teams meets twice, home and away (default true).
    pub double_round: bool,
    /// Match points for a win, draw and loss.
    pub match_points: MatchPoints,
    /// Tie-breaks after match points (default the `cxa-team` preset).
    pub tie_breaks: Vec<TieBreak>,
    /// Teams promoted from (and relegated to) each division boundary (default 2).
    pub promote: u32,
    /// Time between the openings of two rounds' windows (default 7 days).
    pub round_every: Millis,
    /// Length of a round's appointment window from its opening (default 6 days).
    pub window: Millis,
    /// The default match time, counted from the window's opening (default 5 days 20:00 later,
    /// i.e. any fixed offset).
    pub default_at: Millis,
    /// Two proposals this close agree (default 0: they must be equal).
    pub agree_within: Millis,
    /// After the match time, the time to make one's first move before forfeiting the board
    /// (default 15 minutes).
    pub no_show: Millis,
    /// After the match time, a board still without a result is forfeited by both (default 1 day).
    pub board_deadline: Millis,
    /// Both teams are reminded this long before a match (default 1 hour; 0: never).
    pub remind_before: Millis,
    /// The rating its games change: `"site"` (the default), or a pool of its own with that
    /// pool's profile (`{"pool": "league-1", "profile": "glicko2"}`).
    pub rating: RatingScope,
}

/// One day.
pub const DAY: Millis = Millis(86_400_000);

impl Default for LeagueConfig {
    fn default() -> Self {
        LeagueConfig {
            divisions: vec!["甲级".into(), "乙级".into()],
            boards: 4,
            time_control: "rapid".into(),
            double_round: true,
            match_points: MatchPoints::default(),
            tie_breaks: preset("cxa-team").unwrap_or_default(),
            promote: 2,
            round_every: DAY.saturating_mul(7),
            window: DAY.saturating_mul(6),
            default_at: Millis(DAY.0 * 5 + 20 * 3_600_000),
            agree_within: Millis::ZERO,
            no_show: Millis::from_mins(15),
            board_deadline: DAY,
            remind_before: Millis::from_mins(60),
            rating: RatingScope::Site,
        }
    }
}

impl LeagueConfig {
    /// Why this configuration cannot run, if it cannot.
    ///
    /// # Errors
    /// A sentence naming the bad setting.
    pub fn check(&self) -> Result<(), String> {
        if self.divisions.is_empty() || self.divisions.len() > 16 {
            return Err("a league has 1 to 16 divisions".into());
        }
        if !(1..=15).contains(&self.boards) {
            return Err("a match has 1 to 15 boards".into());
        }
        if crate::clock::TimeControl::preset(&self.time_control).is_none() {
            return Err(format!("unknown time control {:?}", self.time_control));
        }
        if self.default_at > self.window {
            return Err("the default match time must lie inside the window".into());
        }
        if self.window > self.round_every {
            return Err("a round's window must close before the next opens".into());
        }
        if self.no_show.is_zero() || self.board_deadline < self.no_show {
            return Err("the board deadline must follow the no-show time".into());
        }
        Ok(())
    }
}
