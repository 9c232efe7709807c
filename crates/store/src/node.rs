//! [`Node`]: this server as one node of the site — its id, the lease settings, its last beat
//! before this run — and the two things it does with the database: beat its row and claim
//! tables (docs/scale.md, "Ownership").

use crate::{Db, Fence, StoreError, TableKind};
use kit::clock;
use platform::{Millis, TableId};
use std::time::Duration;

/// Who this node is, from the configuration's `[cluster]` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeConfig {
    /// Its id (`[cluster] node_id`).
    pub node_id: String,
    /// Whether other processes may share the database (a broker between nodes): a recent beat
    /// under this id is then checked for a second process.
    pub shared: bool,
    /// How long a lease lasts without a beat (ms).
    pub lease_ms: u64,
    /// How often the node beats (ms).
    pub beat_ms: u64,
}

/// This node's grant of a table (docs/scale.md, "Ownership"): the fence every write of the
/// table carries, and where an outage of a game restored here began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The table and the epoch it was granted at.
    pub fence: Fence,
    /// The previous owner's last beat (this node's own after its restart, or when nobody held
    /// the table): a game brought back from its journal is paused there, so the outage is
    /// charged to nobody. A table released cleanly had its games paused then already.
    pub outage_since: Millis,
}

/// This node.
#[derive(Clone, Debug)]
pub struct Node {
    /// Its id (`[cluster] node_id`).
    pub id: String,
    /// This run (a restart under the same id is a new run).
    pub run: String,
    /// How long a lease lasts without a beat (ms).
    pub lease_ms: u64,
    /// How often the node beats (ms).
    pub beat_ms: u64,
    /// Its last beat before this run (0 if none): its own games restored after a crash are
    /// paused there.
    pub previous_beat: u64,
}

impl Node {
    /// This node as `config` says, for run `run`; reads its last beat, then beats once (so
    /// that it counts as live before it claims anything).
    ///
    /// # Errors
    /// [`StoreError::Db`]; [`StoreError::NodeIdInUse`] when another running process (on NATS)
    /// beats under the same id.
    pub async fn join(db: &Db, config: &NodeConfig, run: String) -> Result<Node, StoreError> {
        let previous_beat = db.last_beat(&config.node_id).await?;
        if config.shared && previous_beat + config.lease_ms > clock::now().0 {
            // A beat under this id within the lease: this node just stopped, or another process
            // runs with the same id. Two beat periods tell which (the second keeps beating).
            tokio::time::sleep(Duration::from_millis(2 * config.beat_ms + 100)).await;
            if db.last_beat(&config.node_id).await? != previous_beat {
                return Err(StoreError::NodeIdInUse(config.node_id.clone()));
            }
        }
        let node = Node {
            id: config.node_id.clone(),
            run,
            lease_ms: config.lease_ms,
            beat_ms: config.beat_ms,
            previous_beat,
        };
        node.beat(db).await?;
        Ok(node)
    }

    /// Records that this node is alive now.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn beat(&self, db: &Db) -> Result<(), StoreError> {
        db.beat(&self.id, &self.run, clock::now().0).await
    }

    /// Beats every `beat_ms` for ever (the task is aborted at shutdown).
    pub async fn beat_forever(self, db: Db) {
        let mut every = tokio::time::interval(Duration::from_millis(self.beat_ms));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Err(e) = self.beat(&db).await {
                tracing::warn!(node = %self.id, "heartbeat: {e}");
            }
        }
    }

    /// Beats older than this instant are stale: their node's leases have expired.
    #[must_use]
    pub fn stale_before(&self) -> u64 {
        clock::now().0.saturating_sub(self.lease_ms)
    }

    /// The live nodes (a fresh beat), sorted.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn live_nodes(&self, db: &Db) -> Result<Vec<String>, StoreError> {
        db.live_nodes(self.stale_before()).await
    }

    /// Claims `table` for this node; `None` when a live node owns it. A game restored under the
    /// lease is paused at the previous owner's last beat (this node's own before this run,
    /// after a restart).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn claim(&self, db: &Db, table: TableId) -> Result<Option<Lease>, StoreError> {
        self.claim_as(db, table, TableKind::Table).await
    }

    /// [`Node::claim`] for a table of `kind` (recorded with its first claim).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn claim_as(
        &self,
        db: &Db,
        table: TableId,
        kind: TableKind,
    ) -> Result<Option<Lease>, StoreError> {
        let Some(grant) = db
            .claim_table_as(table, kind, &self.id, self.stale_before())
            .await?
        else {
            return Ok(None);
        };
        // A table nobody held was released (its games were paused then, so any instant does)
        // or never claimed: a site upgraded from one server, whose last heartbeat is this
        // node's (migration 0010 made it n1's).
        let outage_since = match &grant.previous {
            Some((owner, beat)) if *owner != self.id => *beat,
            _ => self.previous_beat,
        };
        if let Some((owner, _)) = grant.previous.as_ref().filter(|(o, _)| *o != self.id) {
            kit::metrics::metrics().lease_takeovers.inc();
            tracing::info!(
                table = table.0,
                from = %owner,
                epoch = grant.fence.epoch.0,
                "took the table over"
            );
        }
        Ok(Some(Lease {
            fence: grant.fence,
            outage_since: Millis(outage_since),
        }))
    }

    /// Gives up this node's tables (after a clean stop paused their games).
    pub async fn release(&self, db: &Db) {
        match db.release_tables(&self.id).await {
            Ok(n) => tracing::info!(node = %self.id, tables = n, "released the tables"),
            Err(e) => tracing::warn!(node = %self.id, "releasing the tables: {e}"),
        }
    }
}
