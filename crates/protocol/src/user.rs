//! `User` on the wire (docs/protocol.md): a user as shown, with their title, and the stand-in for
//! a user a table never saw.

use platform::UserId;
use serde::Serialize;

/// `User` as a table shows it: a user it knows, or a stand-in for one it never saw.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ShownUser {
    /// A user the table knows.
    Known(UserView),
    /// A stand-in.
    Unknown(UnknownUser),
}

impl ShownUser {
    /// The stand-in for user `id`: `{"id","name":"user N","guest":true}`.
    #[must_use]
    pub fn unknown(id: UserId) -> ShownUser {
        ShownUser::Unknown(UnknownUser {
            id,
            name: format!("user {}", id.0),
            guest: true,
        })
    }
}

/// `User` on the wire.
#[derive(Clone, Debug, Serialize)]
pub struct UserView {
    /// Id.
    pub id: UserId,
    /// Display name.
    pub name: String,
    /// A guest.
    pub guest: bool,
    /// The balance when the user was read (`null` for the computer).
    pub coins: Option<i64>,
    /// Rating, rounded.
    pub rating: i64,
    /// Rated games played.
    pub games: u32,
    /// Whether the rating is provisional.
    pub provisional: bool,
    /// The title shown.
    pub title: TitleView,
    /// The computer's level, for the computer and the levels' players (absent for people).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<u8>,
}

/// `Title` on the wire: the rank shown, and the honorary and awarded titles.
#[derive(Clone, Debug, Serialize)]
pub struct TitleView {
    /// The rank shown, in Chinese.
    pub zh: &'static str,
    /// The rank shown, in English.
    pub en: &'static str,
    /// An honorary title.
    pub honorary: Option<TitleName>,
    /// The awarded title.
    pub awarded: Option<TitleName>,
}

/// A title's names.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TitleName {
    /// In Chinese.
    pub zh: &'static str,
    /// In English.
    pub en: &'static str,
}

/// A user the table never saw, as shown: `{"id","name":"user N","guest":true}`.
#[derive(Clone, Debug, Serialize)]
pub struct UnknownUser {
    /// Id.
    pub id: UserId,
    /// `user N`.
    pub name: String,
    /// Always `true`.
    pub guest: bool,
}

/// `{"user": User}`, the body of the account and profile answers.
#[derive(Clone, Debug, Serialize)]
pub struct UserBody {
    /// The user.
    pub user: UserView,
}
