//! [`Entry`]: one accepted command of a director, as journaled (`tournament_log.entry`, JSON).
//! Replaying the entries in order at their instants rebuilds the event exactly: the cores are
//! deterministic.

use super::system::Command;
use platform::tournament::arena::ArenaCommand;
use platform::tournament::knockout::KnockoutCommand;
use platform::tournament::robin::RobinCommand;
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
    /// A command to the round-robin core.
    Robin {
        /// The command.
        cmd: RobinCommand,
    },
    /// A command to the knockout core.
    Knockout {
        /// The command.
        cmd: KnockoutCommand,
    },
    /// A command to the arena core (joins, pauses, results, ticks that paired or ended).
    Arena {
        /// The command.
        cmd: ArenaCommand,
    },
    /// The organiser cancelled the event.
    Cancel,
}

impl From<Command> for Entry {
    fn from(c: Command) -> Entry {
        match c {
            Command::Swiss(cmd) => Entry::Swiss { cmd },
            Command::Robin(cmd) => Entry::Robin { cmd },
            Command::Knockout(cmd) => Entry::Knockout { cmd },
            Command::Arena(cmd) => Entry::Arena { cmd },
        }
    }
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

    /// The core's command (`None` for the director's own `Cancel`).
    #[must_use]
    pub fn command(self) -> Option<Command> {
        match self {
            Entry::Swiss { cmd } => Some(Command::Swiss(cmd)),
            Entry::Robin { cmd } => Some(Command::Robin(cmd)),
            Entry::Knockout { cmd } => Some(Command::Knockout(cmd)),
            Entry::Arena { cmd } => Some(Command::Arena(cmd)),
            Entry::Cancel => None,
        }
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
        let r = Entry::from(Command::Robin(RobinCommand::Start));
        assert_eq!(Entry::decode(&r.encode()), Ok(r.clone()));
        assert_eq!(r.command(), Some(Command::Robin(RobinCommand::Start)));
        let k = Entry::from(Command::Knockout(KnockoutCommand::Start));
        assert_eq!(Entry::decode(&k.encode()), Ok(k));
        assert_eq!(Entry::decode(&Entry::Cancel.encode()), Ok(Entry::Cancel));
        assert!(Entry::decode("{\"op\":\"nonsense\"}").is_err());
    }
}
