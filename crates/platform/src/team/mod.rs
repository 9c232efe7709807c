//! Teams (团体): a named group of players with a captain, used by team leagues. Pure and
//! deterministic like the rest of `platform`: the name rules ([`name`]) and the roster and its
//! operations ([`roster`]); a refused operation changes nothing ([`TeamError`]). The server
//! stores rosters (`store::teams`); the rules are written down in `docs/teams.md`.

pub mod name;
pub mod roster;

pub use name::{TeamName, TEAM_NAME_MAX_CHARS, TEAM_NAME_MIN_CHARS};
pub use roster::{Departure, Roster, MAX_TEAM_MEMBERS};

/// Why a team refused an operation. A refused operation changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// The name is shorter or longer than the rules allow (after trimming).
    #[error("a team name has {TEAM_NAME_MIN_CHARS} to {TEAM_NAME_MAX_CHARS} characters")]
    NameLength,
    /// The name contains a control character.
    #[error("a team name cannot contain control characters")]
    NameControl,
    /// The player is a member already.
    #[error("already a member of this team")]
    AlreadyMember,
    /// The team has [`MAX_TEAM_MEMBERS`] members.
    #[error("the team is full")]
    Full,
    /// The team takes no new members (its captain closed it).
    #[error("the team is closed to new members")]
    Closed,
    /// The player is not a member.
    #[error("not a member of this team")]
    NotMember,
    /// Only the captain may do this.
    #[error("only the captain may do this")]
    NotCaptain,
    /// The captain cannot leave while others remain: hand the captaincy over first.
    #[error("the captain cannot leave while others remain; name a new captain first")]
    CaptainMustTransfer,
    /// The captain cannot remove themselves (they leave instead).
    #[error("the captain cannot remove themselves")]
    KickSelf,
    /// The player is the captain already.
    #[error("already the captain")]
    AlreadyCaptain,
}

impl TeamError {
    /// A short stable name of the refusal (`full`, `not_captain`, …), for clients and logs.
    #[must_use]
    pub fn reason(self) -> &'static str {
        match self {
            TeamError::NameLength => "name_length",
            TeamError::NameControl => "name_control",
            TeamError::AlreadyMember => "already_member",
            TeamError::Full => "full",
            TeamError::Closed => "closed",
            TeamError::NotMember => "not_member",
            TeamError::NotCaptain => "not_captain",
            TeamError::CaptainMustTransfer => "captain_must_transfer",
            TeamError::KickSelf => "kick_self",
            TeamError::AlreadyCaptain => "already_captain",
        }
    }
}
