//! What the server knows of a user while they are online, and its wire form (`User` in
//! docs/protocol.md).

use crate::store::UserRow;
use platform::rating::{PlayerRating, Profile, TitleRecord};
use platform::UserId;
use serde_json::{json, Value};

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
}

impl From<UserRow> for UserInfo {
    fn from(u: UserRow) -> Self {
        UserInfo {
            id: u.id,
            name: u.name,
            guest: u.guest,
            rating: u.rating,
            coins: u.coins,
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
        }
    }

    /// Whether this user's games can be rated.
    #[must_use]
    pub fn is_rated_player(&self) -> bool {
        !self.guest && self.id != COMPUTER
    }

    /// The `User` object of the protocol.
    #[must_use]
    pub fn to_json(&self, profile: &Profile) -> Value {
        let shown = TitleRecord::default().shown(profile, &self.rating);
        let (zh, en) = match shown.rank {
            Some(t) => (t.zh().to_owned(), t.en().to_owned()),
            None => ("无称号".to_owned(), "untitled".to_owned()),
        };
        json!({
            "id": self.id.0,
            "name": self.name,
            "guest": self.guest,
            "coins": self.coins,
            "rating": self.rating.rating.round() as i64,
            "games": self.rating.games,
            "provisional": profile.is_provisional(&self.rating),
            "title": {"zh": zh, "en": en},
        })
    }
}
