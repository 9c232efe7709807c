//! Bringing events back at start-up: every event not finished is rebuilt by replaying its
//! journal through its system's core at the recorded instants (deterministic, so exactly), then
//! the games due resume: a game in progress comes back from its own journal at its table,
//! a game that ended while the director did not hear of it is recorded from its stored row, and
//! a board whose game never started is seated again. A completed round is paired at once.

use super::actor::Director;
use super::entry::Entry;
use super::registry::DirectorHandle;
use super::spec::Spec;
use super::system::Due;
use crate::deps::Events;
use platform::{Millis, TableId};
use std::collections::HashMap;
use store::{StoreError, TournamentLogEntry, TournamentRow, UnfinishedGame};

/// A game to resume, with its game in progress if it had started.
pub(super) type Resume = (Due, Option<UnfinishedGame>);

/// Rebuilds the event of `row` from its journal `log`, without storing or publishing anything.
pub(super) async fn rebuild(
    state: &Events,
    row: &TournamentRow,
    log: &[TournamentLogEntry],
) -> Result<Director, String> {
    let spec: Spec = serde_json::from_str(&row.spec).map_err(|e| e.to_string())?;
    let mut d = Director::new(
        state,
        (row.id, row.name.clone(), Millis(row.starts_at)),
        spec,
    )?;
    d.replaying = true;
    for e in log {
        match Entry::decode(&e.entry)?.command() {
            Some(cmd) => {
                if let Err(why) = d.command(cmd, Millis(e.at)).await {
                    tracing::error!(event = row.id, seq = e.seq, "replay refused: {why}");
                }
            }
            None => {
                d.cancelled = true;
                d.seq += 1;
            }
        }
    }
    d.seq = log.last().map_or(0, |e| e.seq + 1);
    d.replaying = false;
    Ok(d)
}

/// Starts the director of every event not finished; takes the games of their current rounds
/// out of `unfinished` (their tables are opened by the directors).
///
/// # Errors
/// [`StoreError`] if the events cannot be read.
pub async fn restore_all(
    state: &Events,
    unfinished: &mut HashMap<TableId, UnfinishedGame>,
) -> Result<(), StoreError> {
    for row in state.db.live_tournaments().await? {
        // Another live node runs it (its boards' games stay in `unfinished`, held there).
        let Some(lease) = super::lease::claim(state, row.id).await else {
            continue;
        };
        let log = state.db.tournament_log(row.id).await?;
        let mut d = match rebuild(state, &row, &log).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(event = row.id, "cannot rebuild the event: {e}");
                continue;
            }
        };
        d.lease = Some(lease);
        let boards: Vec<Resume> = d
            .core
            .rules()
            .due(row.id)
            .into_iter()
            .map(|due| {
                let game = unfinished.remove(&due.table);
                (due, game)
            })
            .collect();
        tracing::info!(
            event = row.id,
            entries = log.len(),
            games = boards.len(),
            "restored an event"
        );
        start(d, boards);
    }
    Ok(())
}

/// The games due of `d` (event `event`) with their games in progress read from the database:
/// for a director taken over from a node that died.
pub(super) async fn due_boards(
    state: &Events,
    d: &Director,
    event: u64,
) -> Result<Vec<Resume>, StoreError> {
    let mut boards = Vec::new();
    for due in d.core.rules().due(event) {
        let game = state.db.unfinished_game_at(due.table).await?;
        boards.push((due, game));
    }
    Ok(boards)
}

/// Registers and starts `d`'s task, resuming `boards` first; nothing if the event has a
/// director already.
pub(super) fn start(d: Director, boards: Vec<Resume>) {
    let (handle, rx) = DirectorHandle::channel();
    if !d.state.tournaments.insert_new(d.id, handle.clone()) {
        return;
    }
    d.state.serve_director(super::lease_id(d.id), &handle);
    tokio::spawn(async move {
        let mut d = d;
        d.resume(boards).await;
        d.run(rx).await;
    });
}

impl Director {
    /// Resumes the games due.
    async fn resume(&mut self, boards: Vec<Resume>) {
        for (due, game) in boards {
            if game.is_some() {
                self.open_board(due, game).await;
                continue;
            }
            let table = due.table;
            match self.state.db.ended_game_at(table).await {
                Ok(Some(g)) => {
                    let now = kit::clock::now();
                    let plies = u32::try_from(g.plies).unwrap_or(u32::MAX);
                    self.record(table, super::boards::stored_result_of(&g), plies, now)
                        .await;
                }
                Ok(None) => self.open_board(due, None).await,
                Err(e) => tracing::error!(event = self.id, "resume: {e}"),
            }
        }
    }
}
