//! Titles: by rating on each profile's ladder, tournament-only titles that stay once awarded, and
//! honorary titles set by an administrator (PLATFORM.md §4).

use super::game::PlayerRating;
use super::profile::Profile;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// The marker shown before an honorary title.
pub const HONORARY_MARKER: char = '·';

/// A title ladder: the titles of one profile, highest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ladder {
    /// 联众: 特级大师 … 九级棋士.
    Ourgame,
    /// Guangdong site: 大将军 … 兵卒.
    Lotto,
    /// QQ: 特级大师 … 九级棋手.
    Qq,
}

/// One step of a ladder.
struct Step {
    zh: &'static str,
    en: &'static str,
    /// The lowest rating of the step; `None` for the bottom step (everything below the rest).
    min: Option<f64>,
    /// Awarded only through official tournaments, never by rating.
    tournament_only: bool,
}

const fn step(zh: &'static str, en: &'static str, min: f64, tournament_only: bool) -> Step {
    Step {
        zh,
        en,
        min: Some(min),
        tournament_only,
    }
}

const fn bottom(zh: &'static str, en: &'static str) -> Step {
    Step {
        zh,
        en,
        min: None,
        tournament_only: false,
    }
}

static OURGAME: [Step; 13] = [
    step("特级大师", "Special Grandmaster", 2600.0, true),
    step("一级大师", "First-class Master", 2400.0, true),
    step("二级大师", "Second-class Master", 2200.0, false),
    step("三级大师", "Third-class Master", 2000.0, false),
    step("一级棋士", "First-class Player", 1800.0, false),
    step("二级棋士", "Second-class Player", 1700.0, false),
    step("三级棋士", "Third-class Player", 1600.0, false),
    step("四级棋士", "Fourth-class Player", 1500.0, false),
    step("五级棋士", "Fifth-class Player", 1400.0, false),
    step("六级棋士", "Sixth-class Player", 1300.0, false),
    step("七级棋士", "Seventh-class Player", 1200.0, false),
    step("八级棋士", "Eighth-class Player", 1100.0, false),
    bottom("九级棋士", "Ninth-class Player"),
];

static LOTTO: [Step; 15] = [
    step("大将军", "Grand General", 2600.0, true),
    step("骠骑将军", "General of Swift Cavalry", 2400.0, true),
    step("卫将军", "General of the Guard", 2200.0, false),
    step("右将军", "General of the Right", 2000.0, false),
    step("轻车将军", "General of Light Chariots", 1800.0, false),
    step("偏将军", "Lieutenant General", 1600.0, false),
    step("裨将军", "Deputy General", 1400.0, false),
    step("虎贲中郎将", "Tiger Guard Commander", 1200.0, false),
    step("骑郎将", "Cavalry Commander", 1000.0, false),
    step("都尉", "Commandant", 800.0, false),
    step("校尉", "Colonel", 600.0, false),
    step("屯长", "Camp Leader", 400.0, false),
    step("百长", "Centurion", 200.0, false),
    step("伍长", "Squad Leader", 0.0, false),
    bottom("兵卒", "Soldier"),
];

static QQ: [Step; 13] = [
    step("特级大师", "Special Grandmaster", 2600.0, false),
    step("一级大师", "First-class Master", 2400.0, false),
    step("二级大师", "Second-class Master", 2200.0, false),
    step("三级大师", "Third-class Master", 2000.0, false),
    step("一级棋手", "First-class Player", 1800.0, false),
    step("二级棋手", "Second-class Player", 1700.0, false),
    step("三级棋手", "Third-class Player", 1600.0, false),
    step("四级棋手", "Fourth-class Player", 1500.0, false),
    step("五级棋手", "Fifth-class Player", 1400.0, false),
    step("六级棋手", "Sixth-class Player", 1300.0, false),
    step("七级棋手", "Seventh-class Player", 1200.0, false),
    step("八级棋手", "Eighth-class Player", 1100.0, false),
    bottom("九级棋手", "Ninth-class Player"),
];

impl Ladder {
    fn steps(self) -> &'static [Step] {
        match self {
            Ladder::Ourgame => &OURGAME,
            Ladder::Lotto => &LOTTO,
            Ladder::Qq => &QQ,
        }
    }

    /// Every title of the ladder, highest first.
    pub fn titles(self) -> impl Iterator<Item = Title> {
        (0..self.steps().len()).filter_map(move |i| {
            u8::try_from(i).ok().map(|level| Title {
                ladder: self,
                level,
            })
        })
    }

    /// The title a rating earns: the highest step at or below it that is not tournament-only.
    #[must_use]
    pub fn by_rating(self, rating: f64) -> Title {
        let steps = self.steps();
        let index = steps
            .iter()
            .position(|s| {
                !s.tournament_only
                    && match s.min {
                        Some(m) => rating >= m,
                        None => true,
                    }
            })
            .unwrap_or(steps.len() - 1);
        Title {
            ladder: self,
            level: u8::try_from(index).unwrap_or(u8::MAX),
        }
    }

    /// The names of the ladder's tournament-only titles, highest first (`特级大师, 一级大师`), for
    /// messages.
    #[must_use]
    pub fn tournament_names(self) -> String {
        let names: Vec<&str> = self
            .titles()
            .filter(|t| t.is_tournament_only())
            .map(Title::zh)
            .collect();
        names.join(", ")
    }

    /// The title called `zh` (Chinese name) on this ladder.
    #[must_use]
    pub fn find(self, zh: &str) -> Option<Title> {
        self.titles().find(|t| t.zh() == zh)
    }
}

/// A title on a ladder. Storable: `{"ladder":"ourgame","level":3}`; level 0 is the highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Title {
    ladder: Ladder,
    level: u8,
}

impl Title {
    fn step(self) -> &'static Step {
        let steps = self.ladder.steps();
        // Levels come from `Ladder` (or serde); an out-of-range level reads as the bottom step.
        steps
            .get(usize::from(self.level))
            .or(steps.last())
            .unwrap_or(&OURGAME[12])
    }

    /// The ladder.
    #[must_use]
    pub const fn ladder(self) -> Ladder {
        self.ladder
    }

    /// The Chinese name, e.g. `三级大师`.
    #[must_use]
    pub fn zh(self) -> &'static str {
        self.step().zh
    }

    /// An English name, e.g. `Third-class Master`.
    #[must_use]
    pub fn en(self) -> &'static str {
        self.step().en
    }

    /// The lowest rating of the title (`None` for the bottom title).
    #[must_use]
    pub fn min_rating(self) -> Option<f64> {
        self.step().min
    }

    /// Whether the title is only awarded through official tournaments.
    #[must_use]
    pub fn is_tournament_only(self) -> bool {
        self.step().tournament_only
    }

    /// Whether `self` ranks above `other` on the same ladder.
    #[must_use]
    pub fn outranks(self, other: Title) -> bool {
        self.ladder == other.ladder && self.level < other.level
    }
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.zh())
    }
}

/// Honorary titles of real-world players, set by an administrator, unrelated to rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HonoraryTitle {
    /// 国际特大: International Grandmaster.
    InternationalGrandmaster,
    /// 国家特大: National Grandmaster.
    NationalGrandmaster,
    /// 国际大师: International Master.
    InternationalMaster,
    /// 国家大师: National Master.
    NationalMaster,
}

impl HonoraryTitle {
    /// The Chinese name, e.g. `国家大师`.
    #[must_use]
    pub const fn zh(self) -> &'static str {
        match self {
            HonoraryTitle::InternationalGrandmaster => "国际特大",
            HonoraryTitle::NationalGrandmaster => "国家特大",
            HonoraryTitle::InternationalMaster => "国际大师",
            HonoraryTitle::NationalMaster => "国家大师",
        }
    }

    /// The English name.
    #[must_use]
    pub const fn en(self) -> &'static str {
        match self {
            HonoraryTitle::InternationalGrandmaster => "International Grandmaster",
            HonoraryTitle::NationalGrandmaster => "National Grandmaster",
            HonoraryTitle::InternationalMaster => "International Master",
            HonoraryTitle::NationalMaster => "National Master",
        }
    }
}

impl fmt::Display for HonoraryTitle {
    /// With its marker: `· 国家大师`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{HONORARY_MARKER} {}", self.zh())
    }
}

/// Why a title could not be awarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum TitleError {
    /// Only tournament-only titles are awarded; the others follow the rating.
    #[error("{0} is earned by rating, not awarded")]
    NotATournamentTitle(Title),
    /// The record already holds a title of another ladder.
    #[error("{new} is on another ladder than the awarded {held}")]
    LadderMismatch {
        /// The title held.
        held: Title,
        /// The title offered.
        new: Title,
    },
}

/// A player's awarded and honorary titles in one profile. Storable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TitleRecord {
    /// The highest tournament-only title awarded; kept whatever the rating does.
    pub awarded: Option<Title>,
    /// An honorary title set by an administrator.
    pub honorary: Option<HonoraryTitle>,
}

impl TitleRecord {
    /// Awards a tournament-only title. Returns whether the record changed: awarding a title at or
    /// below the one held changes nothing.
    ///
    /// # Errors
    /// [`TitleError::NotATournamentTitle`] for a title earned by rating,
    /// [`TitleError::LadderMismatch`] for a title of another ladder than the one held.
    pub fn award(&mut self, title: Title) -> Result<bool, TitleError> {
        if !title.is_tournament_only() {
            return Err(TitleError::NotATournamentTitle(title));
        }
        match self.awarded {
            Some(held) if held.ladder != title.ladder => {
                Err(TitleError::LadderMismatch { held, new: title })
            }
            Some(held) if !title.outranks(held) => Ok(false),
            _ => {
                self.awarded = Some(title);
                Ok(true)
            }
        }
    }

    /// Sets or clears the honorary title (administrators only; the caller checks the role).
    pub fn set_honorary(&mut self, title: Option<HonoraryTitle>) {
        self.honorary = title;
    }

    /// What to show for a player: the awarded title if any, else the rating title unless the
    /// rating is provisional (无称号), plus any honorary title.
    #[must_use]
    pub fn shown(&self, profile: &Profile, rating: &PlayerRating) -> ShownTitle {
        let rank = match (self.awarded, profile.ladder()) {
            (Some(t), _) => Some(t),
            (None, Some(_)) if profile.is_provisional(rating) => None,
            (None, Some(ladder)) => Some(ladder.by_rating(rating.rating)),
            (None, None) => None,
        };
        ShownTitle {
            rank,
            honorary: self.honorary,
        }
    }
}

/// The titles shown beside a player's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownTitle {
    /// The rank title; `None` means untitled (无称号).
    pub rank: Option<Title>,
    /// An honorary title, shown with [`HONORARY_MARKER`].
    pub honorary: Option<HonoraryTitle>,
}

impl fmt::Display for ShownTitle {
    /// `二级大师`, `无称号`, or `三级大师 · 国家大师`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rank {
            Some(t) => write!(f, "{t}")?,
            None => f.write_str("无称号")?,
        }
        if let Some(h) = self.honorary {
            write!(f, " {h}")?;
        }
        Ok(())
    }
}

impl Profile {
    /// The title ladder of this profile (Glicko-2 has none: only awarded and honorary titles).
    #[must_use]
    pub const fn ladder(&self) -> Option<Ladder> {
        match self {
            Profile::Ourgame => Some(Ladder::Ourgame),
            Profile::Lotto => Some(Ladder::Lotto),
            Profile::Qq => Some(Ladder::Qq),
            Profile::Glicko2(_) => None,
        }
    }
}
