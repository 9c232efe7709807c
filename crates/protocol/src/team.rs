//! [`TeamNotice`]: what a team's players are told privately (`team_notice`, docs/teams.md): a
//! player joined, left or was removed, the captaincy changed hands.

use platform::UserId;
use serde::Serialize;

/// A private notice about a team (tagged by `kind`), to its players and the player concerned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TeamNotice {
    /// `user` joined the team.
    Joined {
        /// The player.
        user: UserId,
    },
    /// `user` left the team.
    Left {
        /// The player.
        user: UserId,
    },
    /// The captain removed `user`.
    Kicked {
        /// The player.
        user: UserId,
    },
    /// `user` is the captain now.
    Captain {
        /// The new captain.
        user: UserId,
    },
}
