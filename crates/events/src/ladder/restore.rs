//! Bringing ladders back at start-up: each configured ladder is rebuilt by replaying its
//! journal through the core at the recorded instants (deterministic, so exactly); then every
//! open challenge's game resumes: a game in progress comes back from its own journal at its
//! table, a game that ended while the director did not hear of it is reported from its stored
//! row, and a challenge whose game never started is seated again.

use super::actor::Director;
use super::lease::lease_id;
use super::outcome::stored_outcome_of;
use super::registry::LadderHandle;
use super::spec::LadderSpec;
use super::table_ids::table_of;
use crate::deps::Events;
use platform::ladder::{Challenge, LadderCommand};
use platform::{Millis, TableId};
use std::collections::HashMap;
use store::{Fence, StoreError, UnfinishedGame};

/// Rebuilds ladder `spec` from its journal, without storing, opening or sending anything.
pub(super) async fn rebuild(state: &Events, spec: &LadderSpec) -> Result<Director, StoreError> {
    let mut d = Director::new(state, spec.clone()).map_err(StoreError::Corrupt)?;
    let log = state.db.ladder_log(spec.id).await?;
    d.replaying = true;
    for e in &log {
        let cmd: LadderCommand =
            serde_json::from_str(&e.entry).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        if let Err(why) = d.command(cmd, Millis(e.at)).await {
            tracing::error!(ladder = spec.id, seq = e.seq, "replay refused: {why}");
        }
    }
    d.seq = log.last().map_or(0, |e| e.seq + 1);
    d.replaying = false;
    let users: Vec<_> = d
        .ladder
        .rungs
        .iter()
        .map(|r| r.user)
        .chain(
            d.ladder
                .history
                .iter()
                .flat_map(|h| [h.challenge.challenger, h.challenge.defender]),
        )
        .collect();
    for u in users {
        if d.names.contains_key(&u) {
            continue;
        }
        if let Some(row) = state.db.user(u).await? {
            d.names.insert(u, row.name);
        }
    }
    tracing::info!(ladder = spec.id, entries = log.len(), "restored a ladder");
    Ok(d)
}

/// Starts the director of every configured ladder; takes the games of open challenges out of
/// `unfinished` (their tables are reopened by the directors, once registered, so that a game
/// ending at once is heard).
///
/// # Errors
/// [`StoreError`] if a journal cannot be read.
pub async fn restore_all(
    state: &Events,
    unfinished: &mut HashMap<TableId, UnfinishedGame>,
) -> Result<(), StoreError> {
    for spec in &state.config.ladders {
        // Another live node runs it (its games stay in `unfinished`, held there).
        let Some(lease) = claim(state, spec.id).await else {
            continue;
        };
        let mut d = rebuild(state, spec).await?;
        d.lease = Some(lease);
        let resume = d
            .ladder
            .open
            .iter()
            .map(|c| (c.clone(), unfinished.remove(&table_of(spec.id, c.id))))
            .collect();
        start(d, resume);
    }
    Ok(())
}

/// This node's lease of ladder `ladder`'s director, if it claimed (or already held) it.
async fn claim(state: &Events, ladder: u32) -> Option<Fence> {
    match state.node.claim(&state.db, lease_id(ladder)).await {
        Ok(lease) => lease.map(|l| l.fence),
        Err(e) => {
            tracing::warn!(ladder, "claiming the ladder's director: {e}");
            None
        }
    }
}

/// Every beat: starts the director of each configured ladder that no live node runs (its node
/// died), rebuilt from its journal, its open challenges' games resumed from theirs.
///
/// # Errors
/// [`StoreError`] if the database cannot be read.
pub async fn pick_up(state: &Events) -> Result<(), StoreError> {
    for spec in &state.config.ladders {
        if state.ladders.get(spec.id).is_some() {
            continue;
        }
        let Some(lease) = claim(state, spec.id).await else {
            continue;
        };
        let mut d = rebuild(state, spec).await?;
        d.lease = Some(lease);
        let mut resume = Vec::new();
        for c in &d.ladder.open {
            let game = state.db.unfinished_game_at(table_of(spec.id, c.id)).await?;
            resume.push((c.clone(), game));
        }
        tracing::info!(ladder = spec.id, games = resume.len(), "picked up a ladder");
        start(d, resume);
        // Watchers elsewhere of the node that ran it are told it moved.
        state.site.announce_owner(lease_id(spec.id)).await;
    }
    Ok(())
}

/// Registers and starts `d`'s task, resuming the games of `resume` first; nothing if the
/// ladder has a director already.
fn start(d: Director, resume: Vec<(Challenge, Option<UnfinishedGame>)>) {
    let (handle, rx) = LadderHandle::channel();
    if !d.state.ladders.insert_new(d.spec.id, handle.clone()) {
        return;
    }
    d.state.serve_director(lease_id(d.spec.id), &handle);
    tokio::spawn(async move {
        let mut d = d;
        d.resume(resume).await;
        d.run(rx).await;
    });
}

impl Director {
    /// Resumes the games of open challenges.
    async fn resume(&mut self, resume: Vec<(Challenge, Option<UnfinishedGame>)>) {
        for (c, game) in resume {
            if game.is_some() {
                self.open_game(&c, game).await;
                continue;
            }
            let table = table_of(self.spec.id, c.id);
            match self.state.db.ended_game_at(table).await {
                Ok(Some(g)) => {
                    let now = kit::clock::now();
                    self.report(table, stored_outcome_of(&g), now).await;
                }
                Ok(None) => self.open_game(&c, None).await,
                Err(e) => tracing::error!(ladder = self.spec.id, "resume: {e}"),
            }
        }
    }
}
