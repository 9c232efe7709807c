//! [`AppState`]: everything handlers and connections share, built once at start-up.

use tables::ai::EnginePool;
use crate::config::Config;
use crate::http::hashing::Hashing;
use crate::http::limit::AttemptLimiter;
use tables::lobby::Lobby;
use tables::table::Registry;
use events::tournament::Tournaments;
use tables::sockets::UserSockets;
use bus::Broker;
use platform::rating::Profile;
use std::sync::Arc;
use store::{Db, JournalWriter};

/// Shared state (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Shared>,
}

/// The parts of [`AppState`].
pub struct Shared {
    /// The configuration.
    pub config: Config,
    /// The rating profile.
    pub profile: Profile,
    /// The stored players of the computer's levels: level N is `computers[N - 1]`.
    pub computers: Vec<platform::UserId>,
    /// The database.
    pub db: Db,
    /// The journal of games in progress.
    pub journal: JournalWriter,
    /// Live tables.
    pub tables: Registry,
    /// Live tournament directors.
    pub tournaments: Tournaments,
    /// Live ladder directors.
    pub ladders: events::ladder::Ladders,
    /// Live league directors.
    pub leagues: events::league::Leagues,
    /// Open WebSocket connections by user (private messages such as `balance`).
    pub sockets: UserSockets,
    /// The seek desk's mailbox (quick pairing, open seeks, challenges).
    pub seeks: tables::seek::SeekDesk,
    /// Lobby summaries and their subscribers.
    pub lobby: Lobby,
    /// The broker between this node and the others of its site (in-process on one node).
    pub broker: Broker,
    /// Engine workers for games against the computer.
    pub engine: EnginePool,
    /// Wakes the workers of the analysis queue.
    pub analysis: tables::analysis::AnalysisQueue,
    /// Live engine lines running over the server.
    pub live: tables::analysis::LiveBudget,
    /// Login attempts per name and per address.
    pub logins: AttemptLimiter,
    /// Accounts (registrations and guests) created per address.
    pub new_accounts: AttemptLimiter,
    /// Password hashing, a bounded number at a time.
    pub hashing: Hashing,
    /// Identifies this server run (event numbers restart with it).
    pub epoch: String,
    /// This node of the site: its id, heartbeat and claims (docs/scale.md, "Ownership").
    pub node: crate::cluster::Node,
    /// Tables used across nodes (nothing on one node).
    pub remote: crate::cluster::Remote,
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
