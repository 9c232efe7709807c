//! Quick pairing, open seeks and challenges on the server: one task, the seek desk
//! ([`desk::run`]), owns the `platform::seek::SeekBook`; connections send it [`DeskMsg`]s
//! through the [`SeekDesk`] mailbox; pairs are seated at a free table of their room
//! ([`seat`]); seekers hear privately ([`notify`]) and the lobby gets each room's list.

mod config;
pub mod desk;
mod meta;
mod msg;
mod notify;
mod seat;

pub use config::SeekConfig;
pub use msg::{Asker, DeskMsg, KindAsked, SeekAsked, SeekDesk};
