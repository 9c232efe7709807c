//! The puzzle themes: mating patterns, tactics, mate in N, length and game phase.
//!
//! Key decision: a theme is a closed enum with a stable ASCII key (stored, sent on the wire, used
//! in URLs) and its Chinese and English names; the rating weights of lila (`PuzzleFinisher`)
//! depend on the theme's [`ThemeKind`].

use serde::{Deserialize, Serialize};

/// A puzzle theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Theme {
    /// Mate with the solver's first move.
    MateIn1,
    /// Mate with the solver's second move.
    MateIn2,
    /// Mate with the solver's third move.
    MateIn3,
    /// Mate with the solver's fourth move.
    MateIn4,
    /// Mate with the solver's fifth move or later.
    MateIn5,
    /// The line ends in mate (any length).
    Mate,
    /// 闷宫: a cannon mates a king hemmed in by its own advisors.
    Smothered,
    /// 铁门栓: a cannon holds the central file while a chariot mates beside it.
    IronBolt,
    /// 白脸将: the solver's own king holds a file the defending king needs.
    FacingKings,
    /// 马后炮: a cannon mates with its own horse as the screen.
    HorseCannon,
    /// 重炮: a cannon mates with the other cannon as the screen.
    DoubleCannon,
    /// 卧槽马: a horse mates from the trough point (c7/g7 against Black).
    TroughHorse,
    /// 挂角马: a horse mates from a corner of the palace.
    CornerHorse,
    /// 双车错: two chariots, one checking, the other shutting the escape.
    TwoChariots,
    /// 天地炮: one cannon on the central file, the other on the defender's back rank.
    HeavenEarthCannons,
    /// 捉双: one move attacks two pieces.
    Fork,
    /// 抽将: a discovered check (the check comes from a piece that did not move).
    DiscoveredCheck,
    /// 牵制: a piece pinned to its king is won.
    Pin,
    /// 弃子: the solver gives material on the way.
    Sacrifice,
    /// The solution is one solver move (not a mate).
    OneMove,
    /// Two solver moves.
    Short,
    /// Three solver moves.
    Long,
    /// Four or more solver moves.
    VeryLong,
    /// The position is from the opening (up to move 12 of a game).
    Opening,
    /// The middle game.
    Middlegame,
    /// The endgame (little heavy material left).
    Endgame,
}

/// How strongly a theme gives the solution away (lila's `PuzzleTheme` groups), which sets how
/// much a round played on that theme counts for the rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThemeKind {
    /// The theme alone nearly solves it (mate in one).
    Obvious,
    /// The theme is a strong hint (a mating pattern, mate in 2–5).
    Hinting,
    /// Any other theme.
    Other,
}

impl Theme {
    /// Every theme, in display order.
    pub const ALL: [Theme; 26] = [
        Theme::MateIn1,
        Theme::MateIn2,
        Theme::MateIn3,
        Theme::MateIn4,
        Theme::MateIn5,
        Theme::Mate,
        Theme::Smothered,
        Theme::IronBolt,
        Theme::FacingKings,
        Theme::HorseCannon,
        Theme::DoubleCannon,
        Theme::TroughHorse,
        Theme::CornerHorse,
        Theme::TwoChariots,
        Theme::HeavenEarthCannons,
        Theme::Fork,
        Theme::DiscoveredCheck,
        Theme::Pin,
        Theme::Sacrifice,
        Theme::OneMove,
        Theme::Short,
        Theme::Long,
        Theme::VeryLong,
        Theme::Opening,
        Theme::Middlegame,
        Theme::Endgame,
    ];

    /// The stable key (as serialised).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Theme::MateIn1 => "mateIn1",
            Theme::MateIn2 => "mateIn2",
            Theme::MateIn3 => "mateIn3",
            Theme::MateIn4 => "mateIn4",
            Theme::MateIn5 => "mateIn5",
            Theme::Mate => "mate",
            Theme::Smothered => "smothered",
            Theme::IronBolt => "ironBolt",
            Theme::FacingKings => "facingKings",
            Theme::HorseCannon => "horseCannon",
            Theme::DoubleCannon => "doubleCannon",
            Theme::TroughHorse => "troughHorse",
            Theme::CornerHorse => "cornerHorse",
            Theme::TwoChariots => "twoChariots",
            Theme::HeavenEarthCannons => "heavenEarthCannons",
            Theme::Fork => "fork",
            Theme::DiscoveredCheck => "discoveredCheck",
            Theme::Pin => "pin",
            Theme::Sacrifice => "sacrifice",
            Theme::OneMove => "oneMove",
            Theme::Short => "short",
            Theme::Long => "long",
            Theme::VeryLong => "veryLong",
            Theme::Opening => "opening",
            Theme::Middlegame => "middlegame",
            Theme::Endgame => "endgame",
        }
    }

    /// The theme with this key.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The Chinese name.
    #[must_use]
    pub const fn zh(self) -> &'static str {
        match self {
            Theme::MateIn1 => "一步杀",
            Theme::MateIn2 => "两步杀",
            Theme::MateIn3 => "三步杀",
            Theme::MateIn4 => "四步杀",
            Theme::MateIn5 => "五步以上杀",
            Theme::Mate => "杀局",
            Theme::Smothered => "闷宫",
            Theme::IronBolt => "铁门栓",
            Theme::FacingKings => "白脸将",
            Theme::HorseCannon => "马后炮",
            Theme::DoubleCannon => "重炮",
            Theme::TroughHorse => "卧槽马",
            Theme::CornerHorse => "挂角马",
            Theme::TwoChariots => "双车错",
            Theme::HeavenEarthCannons => "天地炮",
            Theme::Fork => "捉双",
            Theme::DiscoveredCheck => "抽将",
            Theme::Pin => "牵制",
            Theme::Sacrifice => "弃子",
            Theme::OneMove => "一步",
            Theme::Short => "短",
            Theme::Long => "长",
            Theme::VeryLong => "很长",
            Theme::Opening => "开局",
            Theme::Middlegame => "中局",
            Theme::Endgame => "残局",
        }
    }

    /// The English name.
    #[must_use]
    pub const fn en(self) -> &'static str {
        match self {
            Theme::MateIn1 => "Mate in 1",
            Theme::MateIn2 => "Mate in 2",
            Theme::MateIn3 => "Mate in 3",
            Theme::MateIn4 => "Mate in 4",
            Theme::MateIn5 => "Mate in 5 or more",
            Theme::Mate => "Mate",
            Theme::Smothered => "Smothered palace",
            Theme::IronBolt => "Iron bolt",
            Theme::FacingKings => "Facing kings",
            Theme::HorseCannon => "Horse and cannon",
            Theme::DoubleCannon => "Double cannon",
            Theme::TroughHorse => "Trough horse",
            Theme::CornerHorse => "Corner horse",
            Theme::TwoChariots => "Two chariots",
            Theme::HeavenEarthCannons => "Heaven and earth cannons",
            Theme::Fork => "Fork",
            Theme::DiscoveredCheck => "Discovered check",
            Theme::Pin => "Pin",
            Theme::Sacrifice => "Sacrifice",
            Theme::OneMove => "One move",
            Theme::Short => "Short",
            Theme::Long => "Long",
            Theme::VeryLong => "Very long",
            Theme::Opening => "Opening",
            Theme::Middlegame => "Middlegame",
            Theme::Endgame => "Endgame",
        }
    }

    /// How much the theme gives away.
    #[must_use]
    pub const fn kind(self) -> ThemeKind {
        match self {
            Theme::MateIn1 => ThemeKind::Obvious,
            Theme::MateIn2
            | Theme::MateIn3
            | Theme::MateIn4
            | Theme::MateIn5
            | Theme::Mate
            | Theme::Smothered
            | Theme::IronBolt
            | Theme::FacingKings
            | Theme::HorseCannon
            | Theme::DoubleCannon
            | Theme::TroughHorse
            | Theme::CornerHorse
            | Theme::TwoChariots
            | Theme::HeavenEarthCannons => ThemeKind::Hinting,
            _ => ThemeKind::Other,
        }
    }

    /// The mate-in-N theme for a mate with the solver's `n`-th move (`None` for 0).
    #[must_use]
    pub const fn mate_in(n: usize) -> Option<Theme> {
        match n {
            0 => None,
            1 => Some(Theme::MateIn1),
            2 => Some(Theme::MateIn2),
            3 => Some(Theme::MateIn3),
            4 => Some(Theme::MateIn4),
            _ => Some(Theme::MateIn5),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_round_trip() {
        let mut keys: Vec<&str> = Theme::ALL.iter().map(|t| t.key()).collect();
        for t in Theme::ALL {
            assert_eq!(Theme::from_key(t.key()), Some(t));
            assert_eq!(
                serde_json::to_string(&t).ok(),
                Some(format!("\"{}\"", t.key()))
            );
        }
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), Theme::ALL.len());
        assert_eq!(Theme::from_key("nope"), None);
    }

    #[test]
    fn mate_in_one_is_obvious_and_patterns_hint() {
        assert_eq!(Theme::MateIn1.kind(), ThemeKind::Obvious);
        assert_eq!(Theme::Smothered.kind(), ThemeKind::Hinting);
        assert_eq!(Theme::Fork.kind(), ThemeKind::Other);
        assert_eq!(Theme::mate_in(7), Some(Theme::MateIn5));
    }
}
