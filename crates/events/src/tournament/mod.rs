//! Tournaments in the server: one director task per event ([`actor`]), the event's only
//! writer, over the pure cores of `platform::tournament` (Swiss, round robin, knockout), each
//! behind its small collaborator in [`system`]. Every command it accepts is
//! journaled ([`entry`], `tournament_log`) before it is kept or published, so an event survives
//! `kill -9` at any moment: [`restore`] replays the journal at start-up and resumes the round
//! in progress. A round's games are ordinary tables of the event's room ([`boards`]); their
//! ends come back through [`report::game_ended`]. See `docs/tournaments.md`, "Director".

mod actor;
mod battle;
mod boards;
mod entry;
mod journal;
mod lease;
pub(crate) mod msg;
mod pickup;
mod purse;
mod recurring;
pub(crate) mod registry;
pub mod remote;
mod report;
mod restore;
pub mod schedule;
mod spec;
#[cfg(test)]
mod spec_tests;
mod system;
mod view;

pub use boards::{result_of, stored_result_of};
pub use entry::Entry;
pub use lease::{lease_id, FIRST_DIRECTOR_LEASE};
pub use msg::{DirectorMsg, Refusal, Reply};
pub use pickup::{spawn_pickup, PICKUP};
pub use registry::{DirectorHandle, Tournaments};
pub use report::{berserked, game_ended};
pub use restore::restore_all;
pub use schedule::{Every, Recurring};
pub use spec::{Spec, MAX_PLAYERS, MAX_ROUNDS};
pub use system::{Command, Core, CoreEvent, Due, Rules};
pub use view::{
    board_of, result_text, table_of, ArenaPlayerView, ArenaView, BoardView, BracketRoundView,
    MatchGameView, MatchView, PlayerView, RoundView, RowView, TournamentView,
    FIRST_TOURNAMENT_TABLE,
};

use crate::deps::Events;
use platform::{Millis, UserId};
use store::StoreError;

/// Why an event could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The spec or name is unusable.
    #[error("{0}")]
    Invalid(String),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Creates an event (stored, then its director started) and returns its id.
///
/// # Errors
/// [`CreateError::Invalid`] for a bad name or spec; [`CreateError::Store`].
pub async fn create(
    state: &Events,
    name: &str,
    spec: &Spec,
    starts_at: Millis,
    by: UserId,
) -> Result<u64, CreateError> {
    let id = create_as(state, name, spec, (starts_at, by), None).await?;
    id.ok_or_else(|| CreateError::Store(StoreError::Corrupt("no event id".into())))
}

/// Creates the occurrence of a recurring event's series `series` starting at `starts_at`;
/// `Ok(None)` if it exists already.
///
/// # Errors
/// As [`create`].
pub(crate) async fn create_in_series(
    state: &Events,
    name: &str,
    spec: &Spec,
    starts_at: Millis,
    series: &str,
) -> Result<Option<u64>, CreateError> {
    let by = recurring::SITE;
    create_as(state, name, spec, (starts_at, by), Some(series)).await
}

async fn create_as(
    state: &Events,
    name: &str,
    spec: &Spec,
    (starts_at, by): (Millis, UserId),
    series: Option<&str>,
) -> Result<Option<u64>, CreateError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 || name.chars().any(char::is_control) {
        return Err(CreateError::Invalid(
            "the name must be 1..=80 printable characters".into(),
        ));
    }
    spec.check().map_err(CreateError::Invalid)?;
    spec.award_titles(&state.profile)
        .map_err(CreateError::Invalid)?;
    crate::rating_pool::check_new(state, &spec.rating)
        .await?
        .map_err(CreateError::Invalid)?;
    let text = serde_json::to_string(spec).map_err(|e| CreateError::Invalid(e.to_string()))?;
    let now = kit::clock::now();
    let kind_spec = (spec.system.as_str(), text.as_str());
    let Some(id) = state
        .db
        .create_tournament_in(name, kind_spec, by, (now.0, starts_at.0), series)
        .await?
    else {
        return Ok(None);
    };
    let mut d = actor::Director::new(state, (id, name.to_owned(), starts_at), spec.clone())
        .map_err(CreateError::Invalid)?;
    // A new event's lease is this node's (the pickup of another node may have claimed it first:
    // that node runs it then).
    d.lease = lease::claim(state, id).await;
    if d.lease.is_some() {
        restore::start(d, Vec::new());
    }
    Ok(Some(id))
}

/// Event `id` as it stands: from its director if it runs, else rebuilt from its journal.
///
/// # Errors
/// [`StoreError`]; `Ok(None)` if there is no such event.
pub async fn view_of(state: &Events, id: u64) -> Result<Option<TournamentView>, StoreError> {
    if let Some(h) = state.tournaments.get(id) {
        let (tx, rx) = tokio::sync::oneshot::channel();
        if h.send(DirectorMsg::View(tx)) {
            if let Ok(v) = rx.await {
                return Ok(Some(v));
            }
        }
    }
    Ok(rebuilt(state, id).await?.map(|d| d.view()))
}

/// Event `id` rebuilt from its journal (nothing stored or published); `Ok(None)` if there is no
/// such event.
async fn rebuilt(state: &Events, id: u64) -> Result<Option<actor::Director>, StoreError> {
    let Some(row) = state.db.tournament(id).await? else {
        return Ok(None);
    };
    let log = state.db.tournament_log(id).await?;
    restore::rebuild(state, &row, &log)
        .await
        .map(Some)
        .map_err(StoreError::Corrupt)
}

/// The FIDE TRF of Swiss event `id` as it stands (rebuilt from its journal), players named by
/// `names`; `Ok(None)` if there is no such event or it is not a Swiss.
///
/// # Errors
/// [`StoreError`].
pub async fn trf_of(
    state: &Events,
    id: u64,
    names: &std::collections::HashMap<UserId, String>,
) -> Result<Option<String>, StoreError> {
    let Some(d) = rebuilt(state, id).await? else {
        return Ok(None);
    };
    let Core::Swiss(swiss) = &d.core else {
        return Ok(None);
    };
    let name = |u: UserId| {
        names
            .get(&u)
            .cloned()
            .unwrap_or_else(|| format!("user {}", u.0))
    };
    Ok(Some(swiss.to_trf_named(&d.name, &name)))
}

/// Sends `msg(reply)` to event `id`'s director, here or on the node that runs it, and waits
/// for its answer; `None` if no director runs it (no such event, or it is over).
pub async fn ask(
    state: &Events,
    id: u64,
    msg: impl FnOnce(Reply) -> DirectorMsg,
) -> Option<Result<(), Refusal>> {
    if state.tournaments.get(id).is_none() && state.site.is_clustered() {
        let (tx, rx) = tokio::sync::oneshot::channel();
        remote::forward(state, id, msg(tx)).await;
        return rx.await.ok();
    }
    ask_here(state, id, msg).await
}

/// Sends `msg(reply)` to event `id`'s director on this node and waits for its answer; `None`
/// if it does not run here.
pub async fn ask_here(
    state: &Events,
    id: u64,
    msg: impl FnOnce(Reply) -> DirectorMsg,
) -> Option<Result<(), Refusal>> {
    let h = state.tournaments.get(id)?;
    let (tx, rx) = tokio::sync::oneshot::channel();
    if !h.send(msg(tx)) {
        return None;
    }
    rx.await.ok()
}
