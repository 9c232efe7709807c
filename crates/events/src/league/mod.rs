//! Leagues in the server: one director task per stored league (`leagues`), the league's only
//! writer, over the pure core `platform::league`, under a lease (one node runs it). Every
//! command it accepts is journaled (`league_log`) before it is kept or acted on, so a league
//! survives `kill -9` at any moment: [`restore`] replays the journal at start-up and reopens
//! the open boards' games. A board's game is an ordinary table ([`games`]) whose end comes back
//! through [`game_ended`]; captains and players hear of what concerns them as stored
//! `league_notice`s ([`notices`]). See `docs/leagues.md`.

mod actor;
mod board;
pub mod games;
mod lease;
pub(crate) mod msg;
mod notices;
pub mod outcome;
pub(crate) mod registry;
pub mod remote;
mod restore;
mod table_ids;
pub mod view;
mod withdraw;

pub use lease::{lease_id, FIRST_LEAGUE_LEASE};
pub use msg::{LeagueMsg, Refusal};
pub use registry::{LeagueHandle, Leagues};
pub use restore::{pick_up, restore_all, PICKUP};
pub use table_ids::{board_of_table, is_league_table, table_of, FIRST_LEAGUE_TABLE, MAX_LEAGUE_ID};

use crate::deps::Events;
use platform::league::{League, LeagueCommand, LeagueEvent};
use platform::table::GameEnd;
use platform::TableId;
use tokio::sync::oneshot;

/// Sends `msg(reply)` to league `id`'s director on this node and waits for its answer;
/// `None` if it does not run here.
pub async fn ask_here<T>(
    state: &Events,
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
/// When the director runs on another node, the command goes there over the broker and its
/// answer comes back as the local director's would ([`crate::crossing`]).
pub async fn command(
    state: &Events,
    id: u32,
    cmd: LeagueCommand,
) -> Option<Result<Vec<LeagueEvent>, Refusal>> {
    if state.leagues.get(id).is_none() && state.site.is_clustered() {
        if !exists(state, id).await {
            return None;
        }
        return Some(remote::send(state, id, cmd).await);
    }
    command_here(state, id, cmd).await
}

/// Applies `cmd` at league `id`'s director on this node; `None`: it does not run here.
pub async fn command_here(
    state: &Events,
    id: u32,
    cmd: LeagueCommand,
) -> Option<Result<Vec<LeagueEvent>, Refusal>> {
    ask_here(state, id, |reply| LeagueMsg::Command { cmd, reply }).await
}

/// Whether league `id` is stored.
async fn exists(state: &Events, id: u32) -> bool {
    matches!(state.db.leagues().await, Ok(rows) if rows.iter().any(|r| r.id == id))
}

/// League `id`'s name and state now: from its director here, else (clustered) rebuilt from
/// its journal, so any node answers; `None`: no such league (or, alone, none picked up yet).
pub async fn view(state: &Events, id: u32) -> Option<(String, League)> {
    if let Some(v) = ask_here(state, id, LeagueMsg::View).await {
        return Some(v);
    }
    if !state.site.is_clustered() {
        return None;
    }
    let rows = state.db.leagues().await.ok()?;
    let row = rows.iter().find(|r| r.id == id)?;
    restore::rebuild(state, row)
        .await
        .ok()
        .map(|d| (d.name, d.league))
}

/// Tells the director of the league whose board was played at `table` that its game ended
/// (called by the table's task), with the users then at the table (`present`).
pub fn game_ended(state: &Events, table: TableId, end: GameEnd, present: &[platform::UserId]) {
    let Some((league, _, _)) = board_of_table(table) else {
        return;
    };
    match state.leagues.get(league) {
        Some(h)
            if h.send(LeagueMsg::GameEnded {
                table,
                end,
                present: present.to_vec(),
            }) => {}
        _ => tracing::warn!(league, table = table.0, "no director for a league game"),
    }
}

/// Team `team`'s roster from the teams store; `None`: no such team.
///
/// # Errors
/// [`store::StoreError`].
pub async fn roster(
    state: &Events,
    team: platform::TeamId,
) -> Result<Option<store::TeamRoster>, store::StoreError> {
    state.db.team_roster(team).await
}
