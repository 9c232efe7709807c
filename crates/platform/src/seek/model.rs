//! The values of the seek book: who seeks, what they seek, and the pair it makes.

use crate::clock::TimeControl;
use crate::ids::color_serde;
use crate::{Millis, UserId};
use serde::{Deserialize, Serialize};
use std::fmt;
use xiangqi::Color;

/// A seek's id, unique within its book.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct SeekId(pub u64);

impl fmt::Display for SeekId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Who seeks: the user and what pairing needs to know of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seeker {
    /// The user.
    pub user: UserId,
    /// Their rating on the site's profile, rounded.
    pub rating: i32,
    /// A guest may only play unrated games.
    pub guest: bool,
}

/// How a seek may be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "to")]
pub enum SeekKind {
    /// 快速开始: paired automatically by rating window; also listed for anyone to accept.
    Quick,
    /// An open seek in the lobby: anyone eligible accepts it; never paired automatically.
    Open,
    /// A challenge to one named player; only they may accept it.
    Challenge(UserId),
    /// A challenge by link (邀请好友): unlisted; whoever has the link may accept it.
    Link,
}

/// What a seek asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekSpec {
    /// The room (its coin gate and rules are the server's to check before seeking).
    pub room: String,
    /// The time control; pairs form only between equal controls.
    pub control: TimeControl,
    /// Whether the game is rated.
    pub rated: bool,
    /// The colour the seeker wants, if any.
    #[serde(with = "color_serde::option")]
    pub color: Option<Color>,
    /// How it may be taken.
    pub kind: SeekKind,
}

/// A waiting seek.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seek {
    /// Its id.
    pub id: SeekId,
    /// Who seeks.
    pub seeker: Seeker,
    /// What they seek.
    pub spec: SeekSpec,
    /// When it was made.
    pub since: Millis,
}

impl Seek {
    /// Whether it is shown in the lobby for anyone to accept.
    #[must_use]
    pub fn listed(&self) -> bool {
        matches!(self.spec.kind, SeekKind::Quick | SeekKind::Open)
    }
}

/// Two players paired: the server seats them at a table of `room` and starts the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The seek that was taken (the longer-waiting one for two quick seeks).
    pub seek: SeekId,
    /// The room.
    pub room: String,
    /// Red.
    pub red: Seeker,
    /// Black.
    pub black: Seeker,
    /// The time control.
    pub control: TimeControl,
    /// Whether the game is rated.
    pub rated: bool,
}
