//! What the server knows of a user while they are online, and its wire form (`User` in
//! docs/protocol.md).

use platform::rating::{PlayerRating, Profile, TitleRecord};
use platform::UserId;
use protocol::user::{TitleName, TitleView, UserView};
use store::UserRow;

/// The computer's user id in games against it (no stored user has id 0).
pub const COMPUTER: UserId = UserId(0);

/// A user as seen by tables and connections.
#[derive(Clone, Debug, PartialEq)]
pub struct UserInfo {
    /// Id.
    pub id: UserId,
    /// Display name.
    pub name: String,
    /// A guest (unrated).
    pub guest: bool,
    /// Rating in the site's profile.
    pub rating: PlayerRating,
    /// Coin balance when the user was read (`None` for the computer).
    pub coins: Option<i64>,
    /// Awarded and honorary titles.
    pub titles: TitleRecord,
    /// The computer's level this user plays as (the computer itself, or a level's stored
    /// player); `None` for people.
    pub computer: Option<u8>,
}

impl From<UserRow> for UserInfo {
    fn from(u: UserRow) -> Self {
        UserInfo {
            id: u.id,
            name: u.name,
            guest: u.guest,
            rating: u.rating,
            coins: u.coins.filter(|_| u.computer_level.is_none()),
            titles: u.titles,
            computer: u.computer_level,
        }
    }
}

impl UserInfo {
    /// The computer at `level`.
    #[must_use]
    pub fn computer(level: u8, profile: &Profile) -> UserInfo {
        UserInfo {
            id: COMPUTER,
            name: format!("Computer L{level}"),
            guest: true,
            rating: profile.initial(),
            coins: None,
            titles: TitleRecord::default(),
            computer: Some(level),
        }
    }

    /// Whether this user's games can be rated (a person's; a level's stored player is rated
    /// only in the games played rated against it).
    #[must_use]
    pub fn is_rated_player(&self) -> bool {
        !self.guest && self.id != COMPUTER && self.computer.is_none()
    }

    /// The `User` object of the protocol.
    #[must_use]
    pub fn view(&self, profile: &Profile) -> UserView {
        let shown = self.titles.shown(profile, &self.rating);
        let (zh, en) = match shown.rank {
            Some(t) if self.computer.is_none() => (t.zh(), t.en()),
            _ => ("无称号", "untitled"),
        };
        let name = |zh: &'static str, en: &'static str| TitleName { zh, en };
        UserView {
            id: self.id,
            name: self.name.clone(),
            guest: self.guest,
            coins: self.coins,
            rating: self.rating.rating.round() as i64,
            games: self.rating.games,
            provisional: self.computer.is_none() && profile.is_provisional(&self.rating),
            computer: self.computer,
            title: TitleView {
                zh,
                en,
                honorary: shown.honorary.map(|h| name(h.zh(), h.en())),
                awarded: self.titles.awarded.map(|t| name(t.zh(), t.en())),
            },
        }
    }
}
