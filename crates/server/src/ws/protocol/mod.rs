//! The WebSocket protocol (docs/protocol.md), one typed place per direction: [`client`]
//! (`ClientMsg`, what a client may send) with [`route`] (where each message goes), and
//! [`server`] (`ServerMsg`, everything the server sends).

pub mod client;
pub mod events;
pub mod evidence;
pub mod handicap;
pub mod ladder;
pub mod league;
pub mod repetition;
pub mod route;
#[cfg(test)]
mod route_tests;
pub mod server;
#[cfg(test)]
mod server_tests;
pub mod team;
pub mod views;

pub use super::amount::{Amount, Seen, Stakes};
pub use client::{parse, BadMessage, ClientMsg, Envelope, PickMsg, Side, WagerModeMsg};
pub use route::{valid_key, Route};
pub use server::ServerMsg;

/// The protocol version this server speaks.
pub const PROTOCOL_VERSION: u32 = 1;
