//! The tasks around this node's relays ([`super::relay::Relays`]): a connection's `join` of
//! another node's table ([`join`]: the relay made on first use, with its one subscription to
//! `<prefix>.t.<table>.ev`), each relay's task handing it the events, the sweep of notes that
//! waited too long, and the resync of a connection (a fresh `table_state`: its `join` sent to
//! the owner again without `since`).

use super::notes::EvNote;
use super::relay::Resync;
use crate::broker::{BrokerError, Subscription};
use crate::clock;
use crate::state::AppState;
use crate::table::{ConnId, Outbox};
use platform::{TableId, UserId};
use std::sync::Arc;
use std::time::{Duration, Instant};
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
    state: &AppState,
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
async fn run(state: AppState, table: TableId, mut sub: Subscription) {
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
        resync_all(&state, resync);
    }
}

/// Starts the sweep of notes that waited too long for their events.
pub fn start(state: &AppState) -> Vec<JoinHandle<()>> {
    let state = state.clone();
    vec![tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        loop {
            tick.tick().await;
            let resync = state.remote.relays.sweep(Instant::now());
            resync_all(&state, resync);
        }
    })]
}

/// Sends each connection that lost its place a fresh `table_state` (its `join`, again,
/// without `since`, to the table's owner).
pub fn resync_all(state: &AppState, resync: Vec<Resync>) {
    for (table, conn, user) in resync {
        tracing::info!(table = table.0, conn = conn.0, "relay resync");
        let state = state.clone();
        tokio::spawn(async move {
            let text = format!(r#"{{"t":"join","table":{}}}"#, table.0);
            let sent = super::remote_tables::send(&state, table, conn, user, &text).await;
            if let Err(e) = sent {
                tracing::info!(table = table.0, "relay resync: {e:?}");
            }
        });
    }
}

/// The table, feed epoch and number of a `table_state` message.
pub(super) fn state_head(msg: &str) -> Option<(TableId, String, u64)> {
    #[derive(serde::Deserialize)]
    struct Head {
        table: TableId,
        epoch: String,
        v: u64,
    }
    if !msg.starts_with(r#"{"t":"table_state","#) {
        return None;
    }
    let head = serde_json::from_str::<Head>(msg).ok()?;
    Some((head.table, head.epoch, head.v))
}

/// A client's `join` without its `since` (the owner then sends the whole `table_state`).
#[must_use]
pub fn without_since(text: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(mut v) => {
            if let Some(o) = v.as_object_mut() {
                o.remove("since");
                o.remove("epoch");
            }
            v.to_string()
        }
        Err(_) => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_loses_its_since_and_a_state_is_read() {
        let j = without_since(r#"{"t":"join","id":3,"table":7,"epoch":"e","since":4}"#);
        let v: serde_json::Value = serde_json::from_str(&j).unwrap_or_default();
        assert_eq!(v, serde_json::json!({"t":"join","id":3,"table":7}));
        let s = r#"{"t":"table_state","table":7,"epoch":"e.spectators","v":9,"now":1,"state":{}}"#;
        assert_eq!(
            state_head(s),
            Some((TableId(7), "e.spectators".to_owned(), 9))
        );
        assert_eq!(state_head(r#"{"t":"ev","table":7,"v":9}"#), None);
    }
}
