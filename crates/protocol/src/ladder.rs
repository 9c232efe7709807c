//! [`LadderNotice`]: what a ladder tells one player privately (`ladder_notice`, docs/ladder.md):
//! they were challenged, a deadline is near, a challenge ended, they moved, they were removed.

use platform::ladder::{Outcome, RemoveReason};
use platform::{TableId, UserId};
use serde::Serialize;

/// A private notice from a ladder (tagged by `kind`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LadderNotice {
    /// A challenge of one's was issued (to the defender: one was challenged); its game waits
    /// at `table`.
    Challenged {
        /// The challenge.
        challenge: u64,
        /// Who challenged.
        challenger: UserId,
        /// Who was challenged.
        defender: UserId,
        /// The table of its game.
        table: TableId,
        /// By when the first moves are due (ms since the epoch).
        deadline: u64,
    },
    /// The deadline of an open challenge of one's is near.
    DeadlineNear {
        /// The challenge.
        challenge: u64,
        /// The table of its game.
        table: TableId,
        /// The deadline (ms since the epoch).
        deadline: u64,
    },
    /// A challenge of one's ended.
    Ended {
        /// The challenge.
        challenge: u64,
        /// How (`Outcome`, tagged by `t`).
        outcome: Outcome,
    },
    /// One's place changed (a climb, a shift after someone else's, a drop, someone leaving).
    Moved {
        /// The place before.
        from: u32,
        /// The place after.
        to: u32,
    },
    /// One was taken off the ladder.
    Removed {
        /// `timeouts` or `inactive`.
        reason: RemoveReason,
    },
}
