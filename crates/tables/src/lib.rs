//! Live play on one node: one task per table ([`table`]) driving `platform::table::Table`, the
//! seek desk ([`seek`]), the lobby ([`lobby`]), games against the computer ([`ai`]), game
//! analysis ([`analysis`]), conduct ([`behaviour`]), the rooms' settings, where each client
//! message goes ([`route`], [`table_route`]) and the connections of each user ([`sockets`]).
//!
//! Everything here is reached through [`Live`], built once by the edge; a table tells its
//! [`Owner`] (an event's director) what happened, and asks the rest of the site through
//! [`TableSite`], which does nothing on one node.

#![warn(missing_docs)]

pub mod ai;
pub mod analysis;
pub mod behaviour;
pub mod coins;
pub mod handicap_config;
pub mod live;
pub mod lobby;
pub mod notices;
pub mod owner;
pub mod room_config;
pub mod route;
pub mod seek;
pub mod settings;
pub mod site;
pub mod sockets;
pub mod table;
pub mod table_route;
pub mod user;

pub use live::{Live, LiveParts};
pub use owner::{Director, Owner, TableNews};
pub use settings::TableSettings;
pub use site::{OneNode, TableSite};
