//! Live tables: one task per table ([`actor`]) owns a `platform::table::Table`, applies commands
//! one at a time, numbers and keeps its events ([`history`]), journals games in progress, and
//! pushes events to the connections that watch it. Connections never change game state: they
//! send a [`TableMsg`] through a [`TableHandle`].
//!
//! The actor routes each message to a collaborator that reads the table's state
//! ([`core::TableCore`]) and hands back what to say: [`computer`] (games against the computer),
//! [`finisher`] (a game's start and end as stored), [`presence`] (admission, catching up,
//! leaving) and the coin [`desk`] ([`wager`], [`betting`]). [`actor`]'s `publish` is the only
//! way an event leaves the table.

mod actor;
mod apply_error;
mod betting;
mod caller;
mod coin_cmd;
mod coins;
mod commands;
mod computer;
mod computer_game;
mod core;
mod delayed;
mod delayed_view;
mod desk;
mod ending;
mod finisher;
mod history;
mod joining;
mod journal;
mod keyed;
mod lazy;
mod msg;
mod outbox;
mod ownership;
mod pairing;
mod playing;
mod presence;
mod registry;
mod restore;
mod rooms;
mod setup;
mod spawn;
mod spectators;
mod view;
mod wager;
mod watchers;

pub use apply_error::ApplyError;
pub use caller::Caller;
pub use coin_cmd::{CoinCmd, Seen, Stakes, WagerKind};
pub use computer_game::{ai_setup, level_player, open_computer_table, restored_ai_side, AiRequest};
pub use delayed::delayed_epoch;
pub use history::{History, HISTORY_LEN};
pub use journal::{decode, decode_action, encode_action, JournalOp};
pub use lazy::{check_dormant, hold, may_sleep, release_dormant, wake};
pub use msg::{DirectorCmd, LiveRecord, TableMsg};
pub use outbox::{Close, ConnId, Outbox, OUTBOX_CAPACITY};
pub use registry::{Registry, TableHandle, FIRST_AI_TABLE};
pub use rooms::room_tables;
pub use setup::{AiKey, AiSide, Lease, TableSetup};
pub use spawn::spawn_table;
