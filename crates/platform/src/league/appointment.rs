//! Match times by appointment: inside the round's window each captain proposes a time; when
//! the two latest proposals agree (equal, or within the league's `agree_within`, the later one
//! taken) the match is fixed then; otherwise it is played at the default time.

use crate::Millis;
use serde::{Deserialize, Serialize};

/// A match's appointment state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appointment {
    /// The home captain's latest proposal.
    pub home: Option<Millis>,
    /// The away captain's latest proposal.
    pub away: Option<Millis>,
    /// The agreed time, once both proposals agree (final).
    pub agreed: Option<Millis>,
}

impl Appointment {
    /// Records a proposal by the home (`home = true`) or away captain; returns the agreed time
    /// if this proposal made the two agree.
    pub fn propose(&mut self, home: bool, at: Millis, within: Millis) -> Option<Millis> {
        if home {
            self.home = Some(at);
        } else {
            self.away = Some(at);
        }
        let (Some(h), Some(a)) = (self.home, self.away) else {
            return None;
        };
        let gap = if h > a { h.0 - a.0 } else { a.0 - h.0 };
        (gap <= within.0).then(|| {
            let at = h.max(a);
            self.agreed = Some(at);
            at
        })
    }

    /// When the match is played: the agreed time or `default`.
    #[must_use]
    pub fn time(&self, default: Millis) -> Millis {
        self.agreed.unwrap_or(default)
    }
}
