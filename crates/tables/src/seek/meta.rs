//! What the seek desk keeps beside each waiting seek.

use crate::user::UserInfo;
use std::sync::Arc;

/// What the desk keeps beside a waiting seek.
pub(super) struct Meta {
    /// The seeker as last seen.
    pub(super) user: Arc<UserInfo>,
    /// The challenged player's name.
    pub(super) to: Option<String>,
    /// The window last told to the seeker.
    pub(super) window: Option<u32>,
    /// A link seek's key: accepting it needs the key (the link), not just the id.
    pub(super) key: Option<String>,
}
