//! The event directors, one task per live event: tournaments (Swiss, round robin, knockout,
//! arena: [`tournament`]), ladders ([`ladder`]) and team leagues ([`league`]). Each seats its
//! games at live tables it owns (`tables::Owner::Event`), hears of their ends from them, and
//! journals what it decides before anyone is told.
//!
//! Everything here is reached through [`Events`], built once by the edge; the rest of the site
//! is asked through [`EventsSite`], which does nothing on one node.

#![warn(missing_docs)]

pub mod crossing;
pub mod deps;
pub mod ladder;
pub mod league;
pub mod rating_pool;
pub mod remote;
pub mod settings;
pub mod site;
pub mod tournament;

pub use deps::{Events, EventsParts};
pub use settings::EventsSettings;
pub use site::{EventsSite, OneNode};
