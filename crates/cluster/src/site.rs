//! [`Site`]: this node as one of the site's, what the cluster's tasks share — the event
//! directors (and through them the live tables), the broker, what the node keeps for tables
//! used across nodes, and the `[cluster]` section — and [`Hooks`], the cluster's side of the
//! seams below it (`tables::TableSite`, `events::EventsSite`) on a clustered node.

use crate::config::ClusterConfig;
use crate::remote::Remote;
use bus::Broker;
use events::Events;
use std::sync::{Arc, OnceLock, Weak};

/// This node of the site (cheap to clone). Its parts read as the [`Events`] they extend
/// (`Deref`), and through them as the live tables.
#[derive(Clone)]
pub struct Site {
    inner: Arc<SiteParts>,
}

/// The parts of [`Site`].
pub struct SiteParts {
    /// The event directors, the live tables and their dependencies.
    pub events: Events,
    /// The broker between this node and the others (in-process on one node).
    pub broker: Broker,
    /// Tables used across nodes (nothing on one node).
    pub remote: Arc<Remote>,
    /// The `[cluster]` section.
    pub cluster: ClusterConfig,
}

impl Site {
    /// Wraps the parts; `hooks` (the seams handed to the tables and events, if clustered) reach
    /// the site from now on.
    #[must_use]
    pub fn new(parts: SiteParts, hooks: Option<&Hooks>) -> Site {
        let site = Site {
            inner: Arc::new(parts),
        };
        if let Some(h) = hooks {
            let _ = h.site.set(Arc::downgrade(&site.inner));
        }
        site
    }
}

impl std::ops::Deref for Site {
    type Target = SiteParts;
    fn deref(&self) -> &SiteParts {
        &self.inner
    }
}

impl std::ops::Deref for SiteParts {
    type Target = Events;
    fn deref(&self) -> &Events {
        &self.events
    }
}

/// The cluster's side of the seams of the tables and the events on a clustered node: the
/// broker and the node's remote state for what needs no more, the site itself (set once it is
/// built) for the rest.
pub struct Hooks {
    pub(crate) broker: Broker,
    pub(crate) remote: Arc<Remote>,
    site: OnceLock<Weak<SiteParts>>,
}

impl Hooks {
    /// The hooks of a node using `broker`, keeping `remote`.
    #[must_use]
    pub fn new(broker: Broker, remote: Arc<Remote>) -> Hooks {
        Hooks {
            broker,
            remote,
            site: OnceLock::new(),
        }
    }

    /// The site, once built and while it lives.
    pub(crate) fn site(&self) -> Option<Site> {
        let inner = self.site.get()?.upgrade()?;
        Some(Site { inner })
    }
}
