//! [`Tournaments`]: the live directors by event id, and [`DirectorHandle`] to reach one.

use super::msg::DirectorMsg;
use kit::directors::{Directors, Mailbox};

/// The mailbox of one event's director.
pub type DirectorHandle = Mailbox<DirectorMsg>;

/// Live event directors.
pub type Tournaments = Directors<u64, DirectorMsg>;
