//! [`Events`]: what the event directors share, built once at start-up by the edge (lila's
//! `tournament.Env`): the live tables they seat games at, their own settings and registries, and
//! the rest of the site as far as they need it ([`EventsSite`]).

use crate::ladder::registry::Ladders;
use crate::league::registry::Leagues;
use crate::settings::EventsSettings;
use crate::site::EventsSite;
use crate::tournament::registry::Tournaments;
use std::sync::Arc;
use tables::Live;

/// The event directors' dependencies (cheap to clone). Its parts read as the [`Live`] tables
/// they extend (`Deref`), as a director uses them.
#[derive(Clone)]
pub struct Events {
    inner: Arc<EventsParts>,
}

/// The parts of [`Events`].
pub struct EventsParts {
    /// The live tables (and their dependencies).
    pub live: Live,
    /// The events' settings (their sections of the configuration).
    pub config: EventsSettings,
    /// Live tournament directors.
    pub tournaments: Tournaments,
    /// Live ladder directors.
    pub ladders: Ladders,
    /// Live league directors.
    pub leagues: Leagues,
    /// The rest of the site: nothing on one node.
    pub site: Arc<dyn EventsSite>,
}

impl Events {
    /// Wraps the parts.
    #[must_use]
    pub fn new(parts: EventsParts) -> Events {
        Events {
            inner: Arc::new(parts),
        }
    }
}

impl EventsParts {
    /// Serves the director reached through `mailbox` (whose lease id is `lease`) to other
    /// nodes while its task runs.
    pub fn serve_director<M: Send + 'static>(
        &self,
        lease: platform::TableId,
        mailbox: &kit::directors::Mailbox<M>,
    ) {
        let mailbox = mailbox.clone();
        let closed = Box::pin(async move { mailbox.closed().await });
        self.site.serve_director(lease, closed);
    }
}

impl std::ops::Deref for Events {
    type Target = EventsParts;
    fn deref(&self) -> &EventsParts {
        &self.inner
    }
}

impl std::ops::Deref for EventsParts {
    type Target = Live;
    fn deref(&self) -> &Live {
        &self.live
    }
}
