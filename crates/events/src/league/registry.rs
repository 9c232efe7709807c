//! [`Leagues`]: the live league directors by id, and [`LeagueHandle`] to reach one.

use super::msg::LeagueMsg;
use kit::directors::{Directors, Mailbox};

/// The mailbox of one league's director.
pub type LeagueHandle = Mailbox<LeagueMsg>;

/// Live league directors.
pub type Leagues = Directors<u32, LeagueMsg>;
