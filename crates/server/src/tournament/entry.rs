//! [`Entry`]: one accepted command of a director, as journaled (`tournament_log.entry`, JSON).
//! Replaying the entries in order at their instants rebuilds the event exactly: the Swiss core
//! is deterministic.

use platform::tournament::swiss::SwissCommand;
use serde::{Deserialize, Serialize};

/// One journaled command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Entry {
    /// A command to the Swiss core (registrations, pairings, results, withdrawals).
    Swiss {
        /// The command.
        cmd: SwissCommand,
    },
    /// The organiser cancelled the event.
    Cancel,
}

impl Entry {
    /// The journal text.
    #[must_use]
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads journal text back.
    ///
    /// # Errors
    /// The text is not an entry.
    pub fn decode(text: &str) -> Result<Entry, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::UserId;

    #[test]
    fn entries_read_back() {
        let e = Entry::Swiss {
            cmd: SwissCommand::Register {
                user: UserId(7),
                rating: 1500,
            },
        };
        assert_eq!(Entry::decode(&e.encode()), Ok(e));
        assert_eq!(Entry::decode(&Entry::Cancel.encode()), Ok(Entry::Cancel));
        assert!(Entry::decode("{\"op\":\"nonsense\"}").is_err());
    }
}
