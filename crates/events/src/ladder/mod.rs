//! Ladders in the server: one director task per configured ladder (`[[ladders]]`, [`spec`]),
//! the ladder's only writer, over the pure core `platform::ladder`. Every command it accepts is
//! journaled (`ladder_log`) before it is kept or published, so a ladder survives `kill -9` at
//! any moment: [`restore`] replays the journal at start-up and reopens the games of open
//! challenges. A challenge's game is an ordinary table ([`games`]) whose end comes back through
//! [`game_ended`]; players hear of what concerns them as private `ladder_notice`s
//! ([`notices`]). See `docs/ladder.md`.

mod actor;
mod board;
mod games;
mod lease;
pub(crate) mod msg;
mod notices;
mod outcome;
pub(crate) mod registry;
pub mod remote;
mod restore;
pub mod spec;
mod table_ids;
mod view;

pub use lease::{lease_id, FIRST_LADDER_LEASE};
pub use msg::{LadderMsg, Refusal};
pub use registry::{LadderHandle, Ladders};
pub use restore::{pick_up, restore_all};
pub use spec::LadderSpec;
pub use table_ids::{challenge_of_table, is_ladder_table, table_of, FIRST_LADDER_TABLE};
pub use view::{ChallengeView, HistoryView, LadderSummary, LadderView, RungView};

use crate::deps::Events;
use platform::table::GameEnd;
use platform::TableId;
use tokio::sync::oneshot;

/// Sends `msg(reply)` to ladder `id`'s director, here or on the node that runs it, and waits
/// for its answer; `None` if no director runs it (no such ladder).
pub async fn ask<T>(
    state: &Events,
    id: u32,
    msg: impl FnOnce(oneshot::Sender<T>) -> LadderMsg,
) -> Option<T> {
    let configured = state.config.ladders.iter().any(|l| l.id == id);
    if state.ladders.get(id).is_none() && configured && state.site.is_clustered() {
        let (tx, rx) = oneshot::channel();
        remote::forward(state, id, msg(tx)).await;
        return rx.await.ok();
    }
    ask_here(state, id, msg).await
}

/// Ladder `id` as it stands: from its director here, else rebuilt from its journal (so any
/// node answers); `None` if no such ladder is configured.
pub async fn view_of(state: &Events, id: u32) -> Option<LadderView> {
    if let Some(v) = ask_here(state, id, LadderMsg::View).await {
        return Some(v);
    }
    let spec = state.config.ladders.iter().find(|l| l.id == id)?;
    restore::rebuild(state, spec).await.ok().map(|d| d.view())
}

/// Sends `msg(reply)` to ladder `id`'s director on this node and waits for its answer; `None`
/// if it does not run here.
pub async fn ask_here<T>(
    state: &Events,
    id: u32,
    msg: impl FnOnce(oneshot::Sender<T>) -> LadderMsg,
) -> Option<T> {
    let h = state.ladders.get(id)?;
    let (tx, rx) = oneshot::channel();
    if !h.send(msg(tx)) {
        return None;
    }
    rx.await.ok()
}

/// Tells the director of the ladder whose game was played at `table` that it ended (called by
/// the table's task).
pub fn game_ended(state: &Events, table: TableId, end: GameEnd) {
    let Some((ladder, _)) = challenge_of_table(table) else {
        return;
    };
    match state.ladders.get(ladder) {
        Some(h) if h.send(LadderMsg::GameEnded { table, end }) => {}
        _ => tracing::warn!(ladder, table = table.0, "no director for a ladder game"),
    }
}
