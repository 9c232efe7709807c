//! Bringing leagues back and picking new ones up: each league is rebuilt by replaying its
//! journal through the core at the recorded instants (deterministic, so exactly); then every
//! open board of a begun match resumes: a game in progress comes back from its own journal at
//! its table, a game that ended while the director did not hear of it is reported from its
//! stored row, and a board never opened is opened. Every [`PICKUP`] the leagues created by the
//! admin (and those of a dead node) get a director, and the admin's requests are applied.

use super::actor::Director;
use super::lease::lease_id;
use super::msg::LeagueMsg;
use super::outcome::stored_result_of;
use super::registry::LeagueHandle;
use super::table_ids::table_of;
use crate::deps::Events;
use platform::league::{League, LeagueCommand, LeagueConfig, MatchId};
use platform::{Millis, TableId};
use std::collections::HashMap;
use std::time::Duration;
use store::{Fence, LeagueRow, StoreError, UnfinishedGame};

/// How often the database is looked at for new leagues and admin requests.
pub const PICKUP: Duration = Duration::from_secs(1);

/// This node's lease of league `league`'s director, if it claimed (or already held) it.
async fn claim(state: &Events, league: u32) -> Option<Fence> {
    match state.node.claim(&state.db, lease_id(league)).await {
        Ok(lease) => lease.map(|l| l.fence),
        Err(e) => {
            tracing::warn!(league, "claiming the league's director: {e}");
            None
        }
    }
}

/// Rebuilds league `row` from its journal, without storing, opening or sending anything.
pub(super) async fn rebuild(state: &Events, row: &LeagueRow) -> Result<Director, StoreError> {
    let config: LeagueConfig =
        serde_json::from_str(&row.config).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    let mut d = Director {
        id: row.id,
        name: row.name.clone(),
        league: League::new(config),
        seq: 0,
        replaying: true,
        state: state.clone(),
        lease: None,
        fenced: false,
    };
    let log = state.db.league_log(row.id).await?;
    for e in &log {
        let cmd: LeagueCommand =
            serde_json::from_str(&e.entry).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        if let Err(why) = d.command(cmd, Millis(e.at)).await {
            tracing::error!(league = row.id, seq = e.seq, "replay refused: {why}");
        }
    }
    d.seq = log.last().map_or(0, |e| e.seq + 1);
    d.replaying = false;
    tracing::debug!(league = row.id, entries = log.len(), "rebuilt a league");
    Ok(d)
}

/// The open boards of begun matches: `(match, board, table)`.
fn open_boards(d: &Director) -> Vec<(MatchId, u8, TableId)> {
    d.league
        .matches
        .iter()
        .filter(|m| m.begun() && m.score.is_none())
        .flat_map(|m| {
            m.boards
                .iter()
                .enumerate()
                .filter(|(_, b)| b.result.is_none() && b.red.is_some() && b.black.is_some())
                .map(|(i, _)| {
                    let board = u8::try_from(i).unwrap_or(u8::MAX);
                    (m.id, board, table_of(d.id, m.id, board))
                })
        })
        .collect()
}

/// Starts the director of every stored league; takes the games of open boards out of
/// `unfinished` (reopened by the directors once registered); starts the pickup task.
///
/// # Errors
/// [`StoreError`] if a journal cannot be read.
pub async fn restore_all(
    state: &Events,
    unfinished: &mut HashMap<TableId, UnfinishedGame>,
) -> Result<(), StoreError> {
    for row in state.db.leagues().await? {
        let Some(lease) = claim(state, row.id).await else {
            continue;
        };
        let mut d = rebuild(state, &row).await?;
        d.lease = Some(lease);
        let resume = open_boards(&d)
            .into_iter()
            .map(|(m, b, t)| (m, b, unfinished.remove(&t)))
            .collect();
        start(d, resume);
    }
    let state = state.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(PICKUP);
        loop {
            every.tick().await;
            if let Err(e) = pick_up(&state).await {
                tracing::warn!("league pickup: {e}");
            }
        }
    });
    Ok(())
}

/// Starts a director for each league that has none (new, or its node died) and hands the
/// admin's requests to the directors.
///
/// # Errors
/// [`StoreError`] if the database cannot be read.
pub async fn pick_up(state: &Events) -> Result<(), StoreError> {
    for row in state.db.leagues().await? {
        if state.leagues.get(row.id).is_none() {
            if let Some(lease) = claim(state, row.id).await {
                let mut d = rebuild(state, &row).await?;
                d.lease = Some(lease);
                let mut resume = Vec::new();
                for (m, b, t) in open_boards(&d) {
                    resume.push((m, b, state.db.unfinished_game_at(t).await?));
                }
                tracing::info!(league = row.id, boards = resume.len(), "picked up a league");
                start(d, resume);
                // Watchers elsewhere of the node that ran it are told it moved.
                state.site.announce_owner(lease_id(row.id)).await;
            }
        }
        let Some(h) = state.leagues.get(row.id) else {
            continue;
        };
        for (seq, request) in state.db.league_requests(row.id).await? {
            let withdraw = request
                .strip_prefix("withdraw:")
                .and_then(|t| t.parse::<u64>().ok());
            let cmd = match (request.as_str(), withdraw) {
                (_, Some(team)) => LeagueCommand::Withdraw {
                    team: platform::TeamId(team),
                    by: None,
                },
                ("start", _) => LeagueCommand::Start,
                ("next_season", _) => LeagueCommand::NextSeason,
                (other, _) => {
                    tracing::warn!(league = row.id, "unknown request {other:?}");
                    state.db.drop_league_request(row.id, seq).await?;
                    continue;
                }
            };
            let (reply, rx) = tokio::sync::oneshot::channel();
            if !h.send(LeagueMsg::Command { cmd, reply }) {
                break;
            }
            match rx.await {
                Ok(Ok(_)) => tracing::info!(league = row.id, request, "applied"),
                // Not stored (the store failed, or another node runs it now): kept for later.
                Ok(Err(e @ super::Refusal::NotStored(_))) => {
                    tracing::warn!(league = row.id, request, "not applied yet: {e}");
                    break;
                }
                Ok(Err(e)) => tracing::warn!(league = row.id, request, "refused: {e}"),
                Err(_) => break,
            }
            state.db.drop_league_request(row.id, seq).await?;
        }
    }
    Ok(())
}

/// Registers and starts `d`'s task, resuming the open boards first; nothing if the league has
/// a director already.
fn start(d: Director, resume: Vec<(MatchId, u8, Option<UnfinishedGame>)>) {
    let (handle, rx) = LeagueHandle::channel();
    if !d.state.leagues.insert_new(d.id, handle.clone()) {
        return;
    }
    d.state.serve_director(lease_id(d.id), &handle);
    tokio::spawn(async move {
        let mut d = d;
        d.resume(resume).await;
        d.run(rx).await;
    });
}

impl Director {
    /// Resumes the open boards of begun matches.
    async fn resume(&mut self, resume: Vec<(MatchId, u8, Option<UnfinishedGame>)>) {
        for (m, board, game) in resume {
            let Some(b) = self
                .league
                .get(m)
                .and_then(|x| x.boards.get(usize::from(board)))
            else {
                continue;
            };
            let (Some(red), Some(black)) = (b.red, b.black) else {
                continue;
            };
            if game.is_some() {
                self.open_board(m, board, red, black, game).await;
                continue;
            }
            let table = table_of(self.id, m, board);
            match self.state.db.ended_game_at(table).await {
                Ok(Some(g)) => {
                    let now = kit::clock::now();
                    self.report(table, stored_result_of(&g), now).await;
                }
                Ok(None) => self.open_board(m, board, red, black, None).await,
                Err(e) => tracing::error!(league = self.id, "resume: {e}"),
            }
        }
        // Anything due while the server was down.
        self.tick().await;
    }
}
