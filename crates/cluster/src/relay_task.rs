//! The tasks around this node's relays ([`super::relay::Relays`]): a connection's `join` of
//! another node's table ([`join`]: the relay made on first use, with its one subscription to
//! `<prefix>.t.<table>.ev`), each relay's task handing it the events, the sweep of notes that
//! waited too long, and the resync of a connection (a fresh `table_state`: its `join` sent to
//! the owner again without `since`).

use super::notes::EvNote;
use crate::site::Site;
use bus::{BrokerError, Subscription};
use kit::clock;
use platform::{TableId, UserId};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tables::table::{ConnId, Outbox};
use tokio::task::JoinHandle;

/// How often waiting notes are looked at.
const SWEEP_EVERY: Duration = Duration::from_millis(250);

/// Connection `conn` (of `user`, its outbox `out`) joins `table` of another node, having
/// `since`: adds it to the table's relay here (made, and subscribed, on first use). `true`: the
/// relay had the events it missed and sent them, so the owner need not send `table_state`.
///
/// # Errors
/// [`BrokerError`] if the relay's subscription fails.
pub async fn join(
    state: &Site,
    table: TableId,
    (conn, user, out): (ConnId, UserId, &Outbox),
    since: Option<&(String, u64)>,
) -> Result<bool, BrokerError> {
    let relays = &state.remote.relays;
    if let Ok(local) = relays.attach(table, None, (conn, user, out), since) {
        return Ok(local);
    }
    let sub = state
        .broker
        .subscribe(&state.broker.subjects().table_ev(table))
        .await?;
    let task = tokio::spawn(run(state.clone(), table, sub));
    let attached = relays.attach(table, Some(task.abort_handle()), (conn, user, out), since);
    Ok(attached == Ok(true))
}

/// A relay's task: hands it each event published for `table` until the relay is dropped.
async fn run(state: Site, table: TableId, mut sub: Subscription) {
    while let Some(m) = sub.next().await {
        let Ok(note) = serde_json::from_slice::<EvNote<'_>>(&m.payload) else {
            tracing::warn!(table = table.0, "unreadable table event");
            continue;
        };
        let msg: Arc<str> = Arc::from(note.msg.get());
        let resync = state
            .remote
            .relays
            .event(table, (note.feed, note.v), &msg, clock::now());
        super::remote_tables::resync_all(&state, resync);
    }
}

/// Starts the sweep of notes that waited too long for their events.
pub fn start(state: &Site) -> Vec<JoinHandle<()>> {
    let state = state.clone();
    vec![tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        loop {
            tick.tick().await;
            let resync = state.remote.relays.sweep(Instant::now());
            super::remote_tables::resync_all(&state, resync);
        }
    })]
}
