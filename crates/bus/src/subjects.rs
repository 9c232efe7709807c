//! Every subject the nodes of a site use, built in this one place from the configured prefix
//! (`[cluster] subject_prefix`), so several sites or tests can share one NATS:
//!
//! | subject | what goes over it |
//! |---|---|
//! | `<prefix>.t.<table>.cmd` | commands for a table, as requests to its owner |
//! | `<prefix>.t.<table>.ev` | a table's numbered events |
//! | `<prefix>.u.<user>` | private messages for a user's connections on every node |
//! | `<prefix>.lobby` | table summaries of every node |
//! | `<prefix>.own` | table ownership changes |
//! | `<prefix>.n.<node>` | what tables elsewhere send to `<node>`'s connections |

use platform::{TableId, UserId};
use std::fmt;
use std::sync::Arc;

/// A subject, or a pattern with NATS wildcards (`*` one token, `>` the rest). Only
/// [`Subjects`] makes one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subject(String);

impl Subject {
    /// Its text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether this pattern covers `subject` (NATS token rules: `*` stands for one token, a
    /// final `>` for one or more).
    #[must_use]
    pub fn matches(&self, subject: &str) -> bool {
        let mut want = self.0.split('.');
        let mut have = subject.split('.');
        loop {
            match (want.next(), have.next()) {
                (Some(">"), Some(_)) => return true,
                (Some("*"), Some(_)) => {}
                (Some(w), Some(h)) if w == h => {}
                (None, None) => return true,
                _ => return false,
            }
        }
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The subjects of one site (cheap to clone).
#[derive(Clone, Debug)]
pub struct Subjects {
    prefix: Arc<str>,
}

impl Subjects {
    /// The subjects under `prefix` (letters, digits, `-`, `_`: `ClusterConfig::problem`
    /// checks the configured one).
    #[must_use]
    pub fn new(prefix: &str) -> Subjects {
        Subjects {
            prefix: Arc::from(prefix),
        }
    }

    fn make(&self, rest: fmt::Arguments<'_>) -> Subject {
        Subject(format!("{}.{rest}", self.prefix))
    }

    /// `<prefix>.t.<table>.cmd`: commands for `table`, requests to its owner.
    #[must_use]
    pub fn table_cmd(&self, table: TableId) -> Subject {
        self.make(format_args!("t.{}.cmd", table.0))
    }

    /// `<prefix>.t.<table>.ev`: `table`'s numbered events.
    #[must_use]
    pub fn table_ev(&self, table: TableId) -> Subject {
        self.make(format_args!("t.{}.ev", table.0))
    }

    /// `<prefix>.d.<lease>`: commands for the director (an event's or a ladder's) whose lease
    /// id is `lease`, requests to the node that runs it.
    #[must_use]
    pub fn director(&self, lease: TableId) -> Subject {
        self.make(format_args!("d.{}", lease.0))
    }

    /// `<prefix>.seeks`: seek commands, requests to the node that runs the site's seek desk.
    #[must_use]
    pub fn seeks(&self) -> Subject {
        self.make(format_args!("seeks"))
    }

    /// `<prefix>.u.<user>`: private messages for `user`.
    #[must_use]
    pub fn user(&self, user: UserId) -> Subject {
        self.make(format_args!("u.{}", user.0))
    }

    /// `<prefix>.u.*`: private messages for every user (one subscription per node).
    #[must_use]
    pub fn every_user(&self) -> Subject {
        self.make(format_args!("u.*"))
    }

    /// `<prefix>.lobby`: the nodes' table summaries.
    #[must_use]
    pub fn lobby(&self) -> Subject {
        self.make(format_args!("lobby"))
    }

    /// `<prefix>.own`: table ownership changes.
    #[must_use]
    pub fn own(&self) -> Subject {
        self.make(format_args!("own"))
    }

    /// `<prefix>.n.<node>`: what tables of other nodes send to `node`'s connections.
    #[must_use]
    pub fn node_conns(&self, node: &str) -> Subject {
        self.make(format_args!("n.{node}"))
    }

    /// `<prefix>.seat.<node>`: the seek desk's requests to seat a pair at one of `node`'s tables.
    #[must_use]
    pub fn node_seat(&self, node: &str) -> Subject {
        self.make(format_args!("seat.{node}"))
    }

    /// The user a `<prefix>.u.<user>` subject is for.
    #[must_use]
    pub fn user_of(&self, subject: &str) -> Option<UserId> {
        let rest = subject.strip_prefix(&*self.prefix)?.strip_prefix(".u.")?;
        rest.parse().ok().map(UserId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_carry_the_prefix_and_wildcards_match_tokens() {
        let s = Subjects::new("site1");
        assert_eq!(s.table_cmd(TableId(7)).as_str(), "site1.t.7.cmd");
        assert_eq!(s.table_ev(TableId(7)).as_str(), "site1.t.7.ev");
        assert_eq!(s.user(UserId(42)).as_str(), "site1.u.42");
        assert_eq!(s.lobby().as_str(), "site1.lobby");
        assert_eq!(s.own().as_str(), "site1.own");
        let all = s.every_user();
        assert!(all.matches("site1.u.42"));
        assert!(!all.matches("site1.u.42.x"));
        assert!(!all.matches("site2.u.42"));
        assert!(!all.matches("site1.lobby"));
        let rest = Subject("site1.>".into());
        assert!(rest.matches("site1.t.1.cmd"));
        assert!(!rest.matches("site1"));
        assert_eq!(s.user_of("site1.u.42"), Some(UserId(42)));
        assert_eq!(s.user_of("site1.u.x"), None);
        assert_eq!(s.user_of("site2.u.42"), None);
    }
}
