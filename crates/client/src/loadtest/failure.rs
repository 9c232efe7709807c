//! Why a simulated game failed, named from how far its last move got: sent, acknowledged by
//! the server (an `ack` means stored, and comes after the move's events were published),
//! echoed to its mover, relayed to the opponent. A game that stops thus says where it stopped.

use std::collections::BTreeMap;
use std::fmt;

/// How far one move got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveTrace {
    /// The ply (1 = Red's first move).
    pub(crate) ply: usize,
    /// The mover sent it.
    pub(crate) sent: bool,
    /// The server answered `ack` (stored and published).
    pub(crate) acked: bool,
    /// The mover received its own `moved` event.
    pub(crate) echoed: bool,
    /// The opponent received the `moved` event.
    pub(crate) relayed: bool,
}

/// Why a game failed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cause {
    /// Setting the game up failed (sign-up, connection, seating).
    Setup(String),
    /// The server refused a move with this error code.
    Refused(String),
    /// The game ended before the players stopped (the reason the server gave).
    Ended(String),
    /// A move was sent and never acknowledged (nor refused).
    NotAcknowledged,
    /// A move was acknowledged (stored and published) but never reached the opponent.
    NotRelayed,
    /// The game's end (resignation) was not acknowledged or not told to the opponent.
    EndNotTold,
    /// A socket closed or failed.
    Connection(String),
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Setup(e) => write!(f, "setup failed: {e}"),
            Cause::Refused(code) => write!(f, "move refused: {code}"),
            Cause::Ended(reason) => write!(f, "game ended early: {reason}"),
            Cause::NotAcknowledged => f.write_str("move sent, not acknowledged within 30 s"),
            Cause::NotRelayed => {
                f.write_str("move acknowledged (stored), not relayed to the opponent within 30 s")
            }
            Cause::EndNotTold => f.write_str("resignation not acknowledged or not told"),
            Cause::Connection(e) => write!(f, "connection: {e}"),
        }
    }
}

/// One failed game: its cause, its table and the move it stopped at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Why.
    pub cause: Cause,
    /// The table.
    pub table: u64,
    /// How far its last move got.
    pub last_move: Option<String>,
}

impl MoveTrace {
    /// The trace in words: `ply 17: sent, acknowledged, echoed, not relayed`.
    pub(crate) fn describe(&self) -> String {
        let step = |done: bool, what: &str| {
            if done {
                what.to_owned()
            } else {
                format!("not {what}")
            }
        };
        format!(
            "ply {}: {}, {}, {}, {}",
            self.ply,
            step(self.sent, "sent"),
            step(self.acked, "acknowledged"),
            step(self.echoed, "echoed"),
            step(self.relayed, "relayed")
        )
    }

    /// The cause of a timeout while this move was under way.
    pub(crate) fn timeout_cause(&self) -> Cause {
        if self.acked {
            Cause::NotRelayed
        } else {
            Cause::NotAcknowledged
        }
    }
}

/// Failed games counted by cause, with the first example of each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Failures {
    /// Cause → (count, first example).
    pub by_cause: BTreeMap<Cause, (usize, Failure)>,
}

impl Failures {
    /// Counts `f`.
    pub fn add(&mut self, f: Failure) {
        self.by_cause
            .entry(f.cause.clone())
            .and_modify(|(n, _)| *n += 1)
            .or_insert((1, f));
    }

    /// Failed games in all.
    #[must_use]
    pub fn total(&self) -> usize {
        self.by_cause.values().map(|(n, _)| n).sum()
    }
}
