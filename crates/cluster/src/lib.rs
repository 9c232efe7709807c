//! Running several `chuhe serve` nodes as one site (docs/scale.md): the `[cluster]`
//! configuration, this node ([`Node`]: heartbeat and claims), where tables go
//! ([`placement`]), taking over the tables of dead nodes ([`takeover`]), what nodes tell each
//! other ([`notes`]), the relays that carry private messages ([`users`]) and the lobby
//! ([`lobby_relay`]) across nodes over the broker (`bus`), and remote tables (a
//! connection here using a table of another node: [`remote_tables`], served by the owner's
//! [`table_service`] through [`proxies`]; their events reach each node once, [`event_feed`] to
//! [`relay`]); the seek desk seats pairs at other nodes' tables through [`seat_service`]. One
//! node with no `[cluster]` section is the default
//! and needs nothing: with the in-process broker no relay runs.

#![warn(missing_docs)]

mod config;
pub mod director_service;
pub mod event_feed;
pub mod event_publisher;
pub mod failover;
mod hooks;
pub mod lobby_relay;
pub mod notes;
pub mod placement;
pub mod proxies;
pub mod relay;
mod relay_state;
pub mod relay_task;
pub mod relay_wire;
mod remote;
pub mod remote_directors;
pub mod remote_tables;
pub mod remote_watch;
pub mod seat_service;
pub mod seek_desk;
pub mod site;
pub mod table_service;
pub mod takeover;
pub mod users;

pub use config::ClusterConfig;
pub use remote::Remote;
pub use site::{Hooks, Site, SiteParts};
pub use store::Node;

use bus::BrokerError;
use tokio::task::JoinHandle;

/// Starts the relays of a clustered node (nothing with the in-process broker).
///
/// # Errors
/// [`BrokerError`] if a subscription fails.
pub async fn start_relays(state: &Site) -> Result<Vec<JoinHandle<()>>, BrokerError> {
    if state.broker.is_local() {
        return Ok(Vec::new());
    }
    let mut tasks = users::start(state).await?;
    tasks.extend(lobby_relay::start(state).await?);
    tasks.extend(remote_tables::start(state).await?);
    tasks.push(seat_service::start(state).await?);
    tasks.extend(event_publisher::start(state));
    tasks.extend(relay_task::start(state));
    Ok(tasks)
}
