//! Which tables this node opens: at start-up, the room tables that are its own (a restart
//! reclaims them) or that placement gives it among the live nodes and no live node holds; then,
//! every beat, the tables of nodes whose lease expired that placement gives it now, and the
//! idle tables it holds that placement gives another live node are released to it
//! (docs/scale.md, "Ownership"). Each is claimed in the database first; a game in progress at it comes back
//! from its journal, paused at the previous owner's last beat, exactly as after a restart.
//!
//! Room tables are the same list on every node (the configuration); tables of games against the
//! computer (claimed as [`TableKind::Computer`]; no id range tells them) are taken over only
//! with a game in progress; tournament tables belong to their directors (not taken over here).

use super::placement::rendezvous;
use crate::site::Site;
use platform::TableId;
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use store::{StoreError, TableKind, UnfinishedGame};
use tables::table::{ai_setup, restored_ai_side, spawn_table, TableMsg, TableSetup};

/// What this node knows of the site's tables at one instant: the live nodes and each claimed
/// table's owner.
pub struct Ownership {
    /// Nodes with a fresh beat, sorted.
    pub live: Vec<String>,
    /// Claimed tables and their owners (`""`: released).
    pub owners: HashMap<TableId, String>,
    /// The claimed tables of games against the computer and their owners.
    pub computer: HashMap<TableId, String>,
}

impl Ownership {
    /// Reads it now.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn read(state: &Site) -> Result<Ownership, StoreError> {
        Ok(Ownership {
            live: state.node.live_nodes(&state.db).await?,
            owners: state.db.table_owners().await?,
            computer: state.db.computer_table_owners().await?,
        })
    }

    /// Whether `table` is held by a live node other than `me`.
    #[must_use]
    pub fn elsewhere(&self, table: TableId, me: &str) -> bool {
        self.owners
            .get(&table)
            .is_some_and(|o| o != me && self.live.contains(o))
    }

    /// Whether this node (`me`) should claim `table`: it owns it already, or nobody live holds
    /// it and placement gives it `me`.
    #[must_use]
    pub fn wants(&self, table: TableId, me: &str) -> bool {
        match self.owners.get(&table) {
            Some(o) if o == me => true,
            _ if self.elsewhere(table, me) => false,
            _ => rendezvous(table, &self.live) == Some(me),
        }
    }

    /// The tables held by live nodes other than `me`.
    #[must_use]
    pub fn held_elsewhere(&self, me: &str) -> HashSet<TableId> {
        self.owners
            .keys()
            .filter(|t| self.elsewhere(**t, me))
            .copied()
            .collect()
    }
}

/// Claims `setup`'s table and opens it, bringing back `restore`; `false` when a live node
/// holds it (nothing opened).
///
/// # Errors
/// [`StoreError::Db`] when the claim failed; `Corrupt` when the table cannot be set up.
pub async fn open(
    state: &Site,
    setup: TableSetup,
    restore: Option<UnfinishedGame>,
) -> Result<bool, StoreError> {
    let kind = if setup.ai.is_some() {
        TableKind::Computer
    } else {
        TableKind::Table
    };
    let Some(lease) = state.node.claim_as(&state.db, setup.id, kind).await? else {
        return Ok(false);
    };
    let table = setup.id;
    if restore.is_none() && tables::table::may_sleep(state, table) {
        // Nobody plays there: held dormant, started on first use.
        tables::table::hold(state, table, lease);
    } else {
        spawn_table(state, setup, lease, restore)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
    }
    super::remote_tables::announce_owner(state, table).await;
    Ok(true)
}

/// At start-up: opens the room tables in `rooms` that are this node's, with their games in
/// progress (taken out of `unfinished`); returns how many it opened.
///
/// # Errors
/// [`StoreError`].
pub async fn open_rooms(
    state: &Site,
    seen: &Ownership,
    rooms: &[TableSetup],
    unfinished: &mut HashMap<TableId, UnfinishedGame>,
) -> Result<usize, StoreError> {
    let me = state.node.id.as_str();
    let mut opened = 0;
    for setup in rooms.iter().filter(|s| seen.wants(s.id, me)) {
        let restore = unfinished
            .get(&setup.id)
            .is_some_and(|g| g.game.room == setup.room.id)
            .then(|| unfinished.remove(&setup.id))
            .flatten();
        if open(state, setup.clone(), restore).await? {
            opened += 1;
        }
    }
    Ok(opened)
}

/// Opens the table of a game against the computer in progress, `g` (after a restart or a
/// takeover); `false` when it is not one or a live node holds it.
///
/// # Errors
/// [`StoreError`].
pub async fn open_computer_game(state: &Site, g: UnfinishedGame) -> Result<bool, StoreError> {
    let Some(ai) = restored_ai_side(state, &g.game).filter(|_| g.game.room == "ai") else {
        return Ok(false);
    };
    let setup = ai_setup(state, g.game.table, g.game.control.clone(), ai);
    open(state, setup, Some(g)).await
}

/// Every beat: takes over the tables whose owner's lease expired (or that nobody holds) and
/// that placement gives this node, for ever (the task is aborted at shutdown).
pub async fn watch(state: Site) {
    let rooms = state.tables.rooms();
    let mut every = tokio::time::interval(Duration::from_millis(state.node.beat_ms));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if let Err(e) = take_over(&state, &rooms).await {
            tracing::warn!(node = %state.node.id, "taking over tables: {e}");
        }
        // Ladders whose node died (events are picked up by `tournament::pickup`).
        if let Err(e) = events::ladder::pick_up(&state).await {
            tracing::warn!(node = %state.node.id, "taking over ladders: {e}");
        }
    }
}

/// One look at the site: claims and opens what is this node's to take.
///
/// # Errors
/// [`StoreError`].
pub async fn take_over(state: &Site, rooms: &[TableSetup]) -> Result<usize, StoreError> {
    let me = state.node.id.as_str();
    let seen = Ownership::read(state).await?;
    // Tables held here that the database gives another node (this node was paused or lost the
    // database while they were taken over): each checks its epoch and drops itself if so,
    // before any client acts on its stale state.
    for (t, owner) in &seen.owners {
        if owner != me {
            if let Some(h) = state.tables.get(*t) {
                h.send(TableMsg::CheckOwner).await;
            } else if let Some(lease) = state.tables.dormant(*t) {
                tables::table::check_dormant(state, *t, lease).await;
            }
        }
    }
    // Connections of dead nodes at this node's tables are gone with their node.
    for (conn, tables) in state.remote.proxies.drop_dead_nodes(&seen.live) {
        for t in tables {
            if let Some(h) = state.tables.get(t) {
                h.send(TableMsg::Closed { conn }).await;
            }
        }
    }
    if !seen.live.iter().any(|n| n == me) {
        // This node's own beat is stale (it was paused, or the database was away): it may not
        // take anything until it beats again.
        return Ok(0);
    }
    // Idle tables held here that placement gives another live node now (one joined) go to
    // it: each table releases itself only if nobody is at it, and that node claims it. Only
    // with a broker between the nodes (without one a client reaches only its node's tables).
    for setup in rooms.iter().filter(|_| !state.broker.is_local()) {
        let t = setup.id;
        if rendezvous(t, &seen.live).is_some_and(|n| n != me) {
            if let Some(h) = state.tables.get(t) {
                h.send(TableMsg::Release).await;
            } else if let Some(lease) = state.tables.dormant(t) {
                tables::table::release_dormant(state, t, lease).await;
            }
        }
    }
    let mut opened = 0;
    for setup in rooms {
        let t = setup.id;
        if state.tables.holds(t) || seen.owners.get(&t).is_some_and(|o| o == me) {
            continue;
        }
        if !seen.wants(t, me) {
            continue;
        }
        let restore = state
            .db
            .unfinished_game_at(t)
            .await?
            .filter(|g| g.game.room == setup.room.id);
        if open(state, setup.clone(), restore).await? {
            opened += 1;
        }
    }
    let orphans: Vec<TableId> = seen
        .computer
        .iter()
        .filter(|(_, o)| *o != me && !seen.live.contains(o))
        .map(|(t, _)| *t)
        .collect();
    for t in orphans {
        if state.tables.holds(t) || !seen.wants(t, me) {
            continue;
        }
        match state.db.unfinished_game_at(t).await? {
            Some(g) => {
                if open_computer_game(state, g).await? {
                    opened += 1;
                }
            }
            // Nothing to bring back: the dead node's row goes, once this node holds it.
            None => {
                if let Some(lease) = state.node.claim(&state.db, t).await? {
                    state.db.drop_table_owner(lease.fence).await?;
                }
            }
        }
    }
    Ok(opened)
}
