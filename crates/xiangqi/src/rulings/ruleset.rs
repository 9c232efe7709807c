//! Which rules a game is judged by: the repetition profile, the move limit and the repetition
//! count (RULES.md §6.4, §6.6, §8).

use std::fmt;
use std::str::FromStr;

/// The repetition rules to apply (RULES.md §6.3, §6.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Asian / World Xiangqi Federation rules (what Fairy-Stockfish, Pikafish, pychess and
    /// xiangqi.com approximate): perpetual check loses, perpetual chase of one piece loses,
    /// perpetual mate threats are allowed; the worse violation loses, equal ones draw.
    #[default]
    Axf,
    /// Chinese Xiangqi Association rules (中国象棋竞赛规则): additionally forbids perpetual mate
    /// threats (长杀) and any cycle made only of checks, mate threats and chases (一将一捉 …);
    /// a chase is an attack that wins material.
    Cxa,
}

impl Profile {
    /// All profiles.
    pub const ALL: [Profile; 2] = [Profile::Axf, Profile::Cxa];

    /// Lower-case name: `axf` or `cxa`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Axf => "axf",
            Profile::Cxa => "cxa",
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Profile {
    type Err = String;
    /// Parses `axf` (also `wxf`, `asian`) or `cxa` (also `chinese`), case-insensitively.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "axf" | "wxf" | "asian" => Ok(Profile::Axf),
            "cxa" | "chinese" => Ok(Profile::Cxa),
            _ => Err(format!("unknown rule profile '{s}' (expected axf or cxa)")),
        }
    }
}

/// The rules a [`crate::rulings::Judge`] applies.
///
/// ```
/// use xiangqi::rulings::{Profile, RuleSet};
/// let rules = RuleSet::default();
/// assert_eq!(rules.profile, Profile::Axf);
/// assert_eq!(rules.move_limit, Some(120));
/// let fsf_uci = RuleSet::default().with_move_limit(Some(100));
/// assert_eq!(fsf_uci.move_limit, Some(100));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The repetition profile.
    pub profile: Profile,
    /// Plies without capture after which the game is drawn (`None`: no limit). Default 120
    /// (60 moves).
    pub move_limit: Option<u32>,
    /// Checks per side (since the last capture) that count towards the move limit; a side's
    /// further checks, and the replies to them, are not counted. Default 10.
    pub counted_checks: u32,
    /// The occurrence of a position at which a repetition is adjudicated (the starting position
    /// counts as the first). Default 3; at least 2.
    pub repetition_count: usize,
    /// AXF profile: an advisor or elephant attacking a chariot, horse or cannon chases it even
    /// when it is protected (Fairy-Stockfish and Pikafish do this). Default `true`.
    pub minor_chases_major: bool,
    /// CXA profile: how many checking moves a mate threat (杀) may take. Default 3.
    pub mate_threat_checks: u8,
}

impl RuleSet {
    /// The AXF/WXF profile with the default limits.
    #[must_use]
    pub const fn axf() -> RuleSet {
        RuleSet {
            profile: Profile::Axf,
            move_limit: Some(120),
            counted_checks: 10,
            repetition_count: 3,
            minor_chases_major: true,
            mate_threat_checks: 3,
        }
    }

    /// The CXA profile with the default limits.
    #[must_use]
    pub const fn cxa() -> RuleSet {
        RuleSet {
            profile: Profile::Cxa,
            ..RuleSet::axf()
        }
    }

    /// The default rules of `profile`.
    #[must_use]
    pub const fn for_profile(profile: Profile) -> RuleSet {
        match profile {
            Profile::Axf => RuleSet::axf(),
            Profile::Cxa => RuleSet::cxa(),
        }
    }

    /// The same rules with another move limit in plies (`None`: no limit).
    #[must_use]
    pub const fn with_move_limit(mut self, plies: Option<u32>) -> RuleSet {
        self.move_limit = plies;
        self
    }

    /// The same rules with another repetition count (values below 2 are raised to 2).
    #[must_use]
    pub const fn with_repetition_count(mut self, count: usize) -> RuleSet {
        self.repetition_count = if count < 2 { 2 } else { count };
        self
    }
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet::axf()
    }
}
