//! Leagues in the server: one director task per stored league (`leagues`), the league's only
//! writer, over the pure core `platform::league`, under a lease (one node runs it). Every
//! command it accepts is journaled (`league_log`) before it is kept or acted on, so a league
//! survives `kill -9` at any moment: [`restore`] replays the journal at start-up and reopens
//! the open boards' games. A board's game is an ordinary table ([`games`]) whose end comes back
//! through [`game_ended`]; captains and players hear of what concerns them as stored
//! `league_notice`s ([`notices`]). See `docs/leagues.md`.

mod actor;
pub mod games;
mod msg;
mod notices;
pub mod outcome;
mod registry;
mod restore;
mod tables;
pub mod view;

pub use msg::{LeagueMsg, Refusal};
pub use registry::{LeagueHandle, Leagues};
pub use restore::{lease_id, pick_up, restore_all, FIRST_LEAGUE_LEASE, PICKUP};
pub use tables::{board_of_table, is_league_table, table_of, FIRST_LEAGUE_TABLE, MAX_LEAGUE_ID};

use crate::state::AppState;
use platform::league::{League, LeagueCommand, LeagueEvent};
use platform::table::GameEnd;
use platform::TableId;
use tokio::sync::oneshot;

/// Sends `msg(reply)` to league `id`'s director and waits for its answer; `None` if no
/// director runs it (no such league).
pub async fn ask<T>(
    state: &AppState,
    id: u32,
    msg: impl FnOnce(oneshot::Sender<T>) -> LeagueMsg,
) -> Option<T> {
    let h = state.leagues.get(id)?;
    let (tx, rx) = oneshot::channel();
    if !h.send(msg(tx)) {
        return None;
    }
    rx.await.ok()
}

/// Applies `cmd` at league `id`'s director: its events, or why not; `None`: no such league.
pub async fn command(
    state: &AppState,
    id: u32,
    cmd: LeagueCommand,
) -> Option<Result<Vec<LeagueEvent>, Refusal>> {
    ask(state, id, |reply| LeagueMsg::Command { cmd, reply }).await
}

/// League `id`'s name and state now; `None`: no such league.
pub async fn view(state: &AppState, id: u32) -> Option<(String, League)> {
    ask(state, id, LeagueMsg::View).await
}

/// Tells the director of the league whose board was played at `table` that its game ended
/// (called by the table's task).
pub fn game_ended(state: &AppState, table: TableId, end: GameEnd) {
    let Some((league, _, _)) = board_of_table(table) else {
        return;
    };
    match state.leagues.get(league) {
        Some(h) if h.send(LeagueMsg::GameEnded { table, end }) => {}
        _ => tracing::warn!(league, table = table.0, "no director for a league game"),
    }
}

/// Team `team`'s roster from the teams store; `None`: no such team.
///
/// # Errors
/// [`crate::store::StoreError`].
pub async fn roster(
    state: &AppState,
    team: platform::TeamId,
) -> Result<Option<crate::store::TeamRoster>, crate::store::StoreError> {
    state.db.team_roster(team).await
}
