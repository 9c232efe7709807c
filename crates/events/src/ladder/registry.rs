//! [`Ladders`]: the live ladder directors by id, and [`LadderHandle`] to reach one.

use super::msg::LadderMsg;
use kit::directors::{Directors, Mailbox};

/// The mailbox of one ladder's director.
pub type LadderHandle = Mailbox<LadderMsg>;

/// Live ladder directors.
pub type Ladders = Directors<u32, LadderMsg>;
