//! [`Live`]: what the live tables, the seek desk and the analysis queue share, built once at
//! start-up by the edge (lila's `round.Env`). It is the dependencies of this crate, nothing more:
//! the events, the cluster and the HTTP edge keep their own.

use crate::ai::EnginePool;
use crate::analysis::{AnalysisQueue, LiveBudget};
use crate::lobby::Lobby;
use crate::seek::SeekDesk;
use crate::settings::TableSettings;
use crate::site::TableSite;
use crate::sockets::UserSockets;
use crate::table::Registry;
use platform::rating::Profile;
use platform::UserId;
use std::sync::Arc;
use store::{Db, JournalWriter, Node};

/// The live tables' dependencies (cheap to clone).
#[derive(Clone)]
pub struct Live {
    inner: Arc<LiveParts>,
}

/// The parts of [`Live`].
pub struct LiveParts {
    /// The tables' settings (their sections of the configuration).
    pub config: TableSettings,
    /// The rating profile.
    pub profile: Profile,
    /// The stored players of the computer's levels: level N is `computers[N - 1]`.
    pub computers: Vec<UserId>,
    /// The database.
    pub db: Db,
    /// The journal of games in progress.
    pub journal: JournalWriter,
    /// Live tables.
    pub tables: Registry,
    /// Open WebSocket connections by user (private messages such as `balance`).
    pub sockets: UserSockets,
    /// The seek desk's mailbox (quick pairing, open seeks, challenges).
    pub seeks: SeekDesk,
    /// Lobby summaries and their subscribers.
    pub lobby: Lobby,
    /// Engine workers for games against the computer.
    pub engine: EnginePool,
    /// Wakes the workers of the analysis queue.
    pub analysis: AnalysisQueue,
    /// Live engine lines running over the server.
    pub lines: LiveBudget,
    /// Identifies this server run (event numbers restart with it).
    pub epoch: String,
    /// This node of the site: its id, heartbeat and claims (docs/scale.md, "Ownership").
    pub node: Node,
    /// The rest of the site, as far as tables need it: nothing on one node.
    pub site: Arc<dyn TableSite>,
}

impl Live {
    /// Wraps the parts.
    #[must_use]
    pub fn new(parts: LiveParts) -> Live {
        Live {
            inner: Arc::new(parts),
        }
    }
}

impl std::ops::Deref for Live {
    type Target = LiveParts;
    fn deref(&self) -> &LiveParts {
        &self.inner
    }
}
