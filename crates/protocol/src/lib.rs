//! The wire (docs/protocol.md), one typed place per direction: [`client`] (`ClientMsg`, what a
//! client may send) and [`server`] (`ServerMsg`, everything the server sends), the views they
//! carry, the amounts clients name ([`amount`]) and every error code ([`error_code`]). It imports
//! nothing of the server: the server's crates translate between the wire and their own types.

#![warn(missing_docs)]

pub mod amount;
pub mod client;
#[cfg(test)]
mod client_tests;
pub mod error_code;
pub mod events;
pub mod evidence;
pub mod handicap;
pub mod ladder;
pub mod league;
pub mod puzzle;
pub mod rating;
pub mod repetition;
pub mod server;
#[cfg(test)]
mod server_tests;
pub mod statement;
pub mod team;
pub mod user;
pub mod views;

pub use amount::{Amount, Seen, Stakes};
pub use client::{parse, BadMessage, ClientMsg, Envelope, PickMsg, Side, WagerModeMsg};
pub use error_code::{ErrorCode, ErrorMsg};
pub use server::ServerMsg;

/// The protocol version this server speaks.
pub const PROTOCOL_VERSION: u32 = 1;
