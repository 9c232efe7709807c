//! [`AppState`]: what the HTTP handlers and WebSocket connections share, built once at start-up
//! by [`crate::server::start`]. It is the edge's own: below it each crate has its own
//! dependencies (`tables::Live`, `events::Events`, `cluster::Site`), and the state reads as the
//! site it extends (`Deref`).

use crate::config::Config;
use crate::http::hashing::Hashing;
use crate::http::limit::AttemptLimiter;
use cluster::Site;
use std::sync::Arc;

/// Shared state (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Shared>,
}

/// The parts of [`AppState`].
pub struct Shared {
    /// This node of the site: the event directors, the live tables and their dependencies.
    pub site: Site,
    /// The whole configuration.
    pub config: Config,
    /// Login attempts per name and per address.
    pub logins: AttemptLimiter,
    /// Accounts (registrations and guests) created per address.
    pub new_accounts: AttemptLimiter,
    /// Password hashing, a bounded number at a time.
    pub hashing: Hashing,
}

impl AppState {
    /// Wraps the parts.
    #[must_use]
    pub fn new(shared: Shared) -> AppState {
        AppState {
            inner: Arc::new(shared),
        }
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.inner
    }
}

impl std::ops::Deref for Shared {
    type Target = Site;
    fn deref(&self) -> &Site {
        &self.site
    }
}
