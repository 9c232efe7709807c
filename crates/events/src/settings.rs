//! [`EventsSettings`]: the sections of the configuration the event directors read, handed over
//! by the edge's `Config` (which validates them): `[tournaments]` and `[[ladders]]`.

use crate::ladder::spec::LadderSpec;
use serde::Deserialize;

/// What the events read of the configuration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventsSettings {
    /// `[tournaments]`.
    pub tournaments: TournamentsConfig,
    /// `[[ladders]]`.
    pub ladders: Vec<LadderSpec>,
}

/// `[tournaments]`: who may create and run events.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TournamentsConfig {
    /// User names of the organisers (compared case-insensitively).
    pub organisers: Vec<String>,
    /// Events created ahead automatically (`[[tournaments.recurring]]`).
    pub recurring: Vec<crate::tournament::schedule::Recurring>,
}

impl TournamentsConfig {
    /// Whether `name` is an organiser.
    #[must_use]
    pub fn is_organiser(&self, name: &str) -> bool {
        self.organisers.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// What is wrong with the section, in words (`None`: nothing).
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        self.recurring.iter().find_map(|r| {
            r.check()
                .err()
                .map(|e| format!("recurring event {:?}: {e}", r.name))
        })
    }
}
