//! A challenge on a ladder: its number ([`ChallengeId`]) and an open challenge ([`Challenge`]).

use crate::{Millis, UserId};
use serde::{Deserialize, Serialize};

/// A challenge's number on its ladder (1, 2, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChallengeId(pub u64);

/// An open (accepted, not yet played) challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// Its number.
    pub id: ChallengeId,
    /// Who challenged.
    pub challenger: UserId,
    /// Who was challenged.
    pub defender: UserId,
    /// When.
    pub at: Millis,
    /// By when its game's first moves are due.
    pub deadline: Millis,
    /// The places when it was issued: `(challenger, defender)`.
    pub places: (u32, u32),
}
