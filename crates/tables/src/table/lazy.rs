//! Room tables that cost (almost) nothing while nobody uses them: this node holds such a table
//! *dormant* — its lease in the [`Registry`](super::Registry) and an empty summary in the
//! lobby, no task — until its first use ([`wake`]: joining, sitting, a pairing, any message),
//! which starts its task under the same lease. A live room table that has been idle — nobody
//! seated, watching or connected, no game, no wager, no pool, no computer — for
//! `idle_table_ms` goes dormant again (`TableActor::try_sleep`) and its memory is freed.
//! Ownership does not change either way: the lease (and its fence) is kept, so placement,
//! takeover and fencing see the same table (docs/scale.md, "Ownership").

use super::actor::{start, TableActor};
use super::registry::TableHandle;
use super::setup::{Lease, TableSetup};
use crate::live::Live;
use platform::table::Table;
use platform::TableId;
use protocol::views::{ByColor, SummaryView};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The table `id` of this node, its task started if it was dormant; `None` when this node does
/// not hold it (or it cannot be set up).
#[must_use]
pub fn wake(state: &Live, id: TableId) -> Option<TableHandle> {
    state.tables.get_or_start(id, |lease| {
        let setup = state.tables.room_setup(id)?.clone();
        let shown = empty_summary(&setup).and_then(|s| serde_json::to_string(&s).ok());
        match start(state, setup, lease, None, shown) {
            Ok(h) => Some(h),
            Err(e) => {
                tracing::error!(table = id.0, "starting the table: {e}");
                None
            }
        }
    })
}

/// Holds room table `id`, granted under `lease`, dormant: listed empty in the lobby, served to
/// other nodes, its task started on first use.
pub fn hold(state: &Live, id: TableId, lease: Lease) {
    let Some(setup) = state.tables.room_setup(id) else {
        return;
    };
    let summary = empty_summary(setup);
    let room = setup.room.id.clone();
    state.tables.hold(id, lease);
    if let Some(s) = summary {
        state.lobby.update(id, &room, s);
    }
    state.site.serve_table(id);
}

/// Whether room table `id` may be held dormant rather than started (a room table, no game to
/// bring back).
#[must_use]
pub fn may_sleep(state: &Live, id: TableId) -> bool {
    state.tables.room_setup(id).is_some()
}

/// Forgets dormant table `id` (held under `lease`) if the database gives it to another node
/// now: this node was paused, or lost the database, while it was taken over.
pub async fn check_dormant(state: &Live, id: TableId, lease: Lease) {
    match state.db.table_owner(id).await {
        Ok(owner) if owner.as_ref().is_none_or(|o| o.epoch != lease.fence.epoch) => {
            if state.tables.forget_dormant(id, lease) {
                tracing::warn!(
                    table = id.0,
                    "the table is another node's now; dropped here"
                );
                state.lobby.remove(id);
            }
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(table = id.0, "checking the owner: {e}"),
    }
}

/// Gives dormant table `id` (held under `lease`) up to the node placement gives it now.
pub async fn release_dormant(state: &Live, id: TableId, lease: Lease) {
    if !state.tables.forget_dormant(id, lease) {
        return;
    }
    match state.db.release_table(lease.fence).await {
        Ok(released) => {
            if released {
                tracing::info!(table = id.0, "released to the node placement gives it");
            }
            state.lobby.remove(id);
        }
        Err(e) => {
            tracing::warn!(table = id.0, "releasing the table: {e}");
            hold(state, id, lease);
        }
    }
}

/// The lobby summary of room table `setup` with nobody at it.
fn empty_summary(setup: &TableSetup) -> Option<SummaryView> {
    let table = Table::new(setup.id, setup.config.clone()).ok()?;
    Some(SummaryView {
        id: setup.id,
        room: setup.room.id.clone(),
        status: "waiting",
        seats: ByColor {
            red: None,
            black: None,
        },
        spectators: 0,
        control: table.time_control().clone(),
        game_id: None,
        handicap: None,
    })
}

impl TableActor {
    /// Whether the table could be dormant: a room table with nobody at it and nothing pending.
    fn idle(&self) -> bool {
        let table = &self.core.table;
        self.computer.is_none()
            && !self.owner.is_event()
            && self.replay_end.is_none()
            && self.core.game_id.is_none()
            && !table.is_playing()
            && xiangqi::Color::ALL.iter().all(|c| table.seat(*c).is_none())
            && table.spectators().next().is_none()
            && self.watchers.is_empty()
            && self.desk.wager.is_none()
            && self.desk.pool.is_none()
            && may_sleep(&self.core.state, self.core.id)
    }

    /// Notes when the table became idle (after every message).
    pub(super) fn note_idle(&mut self) {
        if self.idle() {
            self.idle_since.get_or_insert_with(Instant::now);
        } else {
            self.idle_since = None;
        }
    }

    /// How long the task may wait before its next look: `wait` (its next deadline), or less
    /// when its idle grace ends sooner.
    pub(super) fn sleep_wait(&self, wait: Option<Duration>) -> Option<Duration> {
        let grace = self.core.state.config.idle_table_ms;
        let Some(since) = self.idle_since.filter(|_| grace > 0) else {
            return wait;
        };
        let left = Duration::from_millis(grace).saturating_sub(since.elapsed());
        Some(wait.map_or(left, |w| w.min(left)))
    }

    /// Goes dormant if the table has been idle for the grace period and nobody is about to
    /// send it anything; `true`: the task is to end (the registry holds its lease, the lobby
    /// shows it empty).
    pub(super) fn try_sleep(&mut self, rx: &mpsc::Receiver<Box<super::TableMsg>>) -> bool {
        let grace = Duration::from_millis(self.core.state.config.idle_table_ms);
        let due = self
            .idle_since
            .is_some_and(|s| !grace.is_zero() && s.elapsed() >= grace);
        if !due || !self.idle() {
            return false;
        }
        let core = &self.core;
        let empty = core
            .state
            .tables
            .room_setup(core.id)
            .and_then(empty_summary);
        let shown = empty
            .as_ref()
            .and_then(|s| serde_json::to_string(s).ok())
            .unwrap_or_default();
        let reset = || {
            if let Some(s) = empty.filter(|_| shown != self.summary) {
                core.state.lobby.update(core.id, &core.room.id, s);
            }
        };
        let slept = core
            .state
            .tables
            .retire(core.id, core.lease, || rx.is_empty(), reset);
        if slept {
            tracing::debug!(table = core.id.0, "idle: dormant");
        } else {
            // Someone is about to send it something: look again after another grace period.
            self.idle_since = Some(Instant::now());
        }
        slept
    }
}
