//! [`JournalEntry`]: one row of the game journal, as the writers (`journal.rs`,
//! `journal_pg.rs`) store it.

use platform::{GameId, UserId};

/// One accepted command of a game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalEntry {
    /// The game.
    pub game_id: GameId,
    /// Its position in the game's journal (0, 1, …).
    pub seq: u64,
    /// When it was applied (ms since the epoch).
    pub at: u64,
    /// Who sent it.
    pub user: UserId,
    /// The command, in the journal's text form (see `table::journal`).
    pub action: String,
}
