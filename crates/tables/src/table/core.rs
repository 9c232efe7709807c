//! [`TableCore`]: what every collaborator of a table task reads — the `platform` table, its id
//! and room, the stored id of its game, the users seen at it, the server's state — and the
//! [`Notice`]s collaborators hand back for the actor to send.

use super::msg::LiveRecord;
use super::setup::{AiSide, Lease};
use crate::live::Live;
use crate::lobby::RoomInfo;
use crate::user::{UserInfo, COMPUTER};
use platform::ledger::Applied;
use platform::table::{Event, Table};
use platform::{GameId, Millis, TableId, UserId};
use protocol::events::EventView;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use store::{Fence, JournalEntry, StoreError};
use xiangqi::Color;

/// The state of a table task that its collaborators share.
pub(super) struct TableCore {
    /// The table's id.
    pub(super) id: TableId,
    /// Its room.
    pub(super) room: Arc<RoomInfo>,
    /// The table itself, of which the task is the only writer.
    pub(super) table: Table,
    /// The server.
    pub(super) state: Live,
    /// Everyone seen at the table, as shown to others.
    pub(super) users: HashMap<UserId, Arc<UserInfo>>,
    /// The behaviour scores of the players who sat down, as read then.
    pub(super) behaviour: HashMap<UserId, u8>,
    /// The stored id of the game in progress (or just ended).
    pub(super) game_id: Option<GameId>,
    /// The stored id of the last game that ended here (shown until the next one starts).
    pub(super) last_game_id: Option<GameId>,
    /// The computer's side, at tables for games against it.
    pub(super) ai: Option<AiSide>,
    /// The next journal sequence number of the game.
    pub(super) seq: u64,
    /// Each move's clock reading (ms).
    pub(super) clocks: Vec<u32>,
    /// When the last move was made.
    pub(super) last_move_at: Millis,
    /// Whether a journal is being replayed (nothing is stored or published).
    pub(super) replaying: bool,
    /// This node's grant of the table: every write carries its fence.
    pub(super) lease: Lease,
    /// The players of the game in progress as last told to the registry (`playing`).
    pub(super) noted_players: Option<[UserId; 2]>,
    /// The next game to start is casual (a pair of unrated seeks is being seated).
    pub(super) casual_next: bool,
    /// The game in progress (or last ended) is casual: played unrated by choice.
    pub(super) casual: bool,
    /// Set when a write was refused by the fence: another node owns the table now, so the
    /// task drops it and never writes again.
    fenced: AtomicBool,
}

impl TableCore {
    /// A table's state before anyone came.
    pub(super) fn new(
        id: TableId,
        room: Arc<RoomInfo>,
        table: Table,
        state: Live,
        ai: Option<AiSide>,
        lease: Lease,
    ) -> TableCore {
        TableCore {
            id,
            room,
            table,
            state,
            users: HashMap::new(),
            behaviour: HashMap::new(),
            game_id: None,
            last_game_id: None,
            ai,
            seq: 0,
            clocks: Vec::new(),
            last_move_at: Millis::ZERO,
            replaying: false,
            lease,
            noted_players: None,
            casual_next: false,
            casual: false,
            fenced: AtomicBool::new(false),
        }
    }

    /// The fence every write of the table carries.
    pub(super) fn fence(&self) -> Fence {
        self.lease.fence
    }

    /// Passes `result` on, noting a refusal by the fence (the task then stops).
    pub(super) fn noting_fence<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        if let Err(StoreError::Fenced(_)) = &result {
            self.fence_off();
        }
        result
    }

    /// Marks the table as another node's: the task stops without a further write.
    pub(super) fn fence_off(&self) {
        self.fenced.store(true, Ordering::Relaxed);
    }

    /// Whether a write of this table was refused by the fence.
    pub(super) fn is_fenced(&self) -> bool {
        self.fenced.load(Ordering::Relaxed)
    }

    /// Whether `user` counts as a guest (unknown users do).
    pub(super) fn is_guest(&self, user: UserId) -> bool {
        self.users.get(&user).is_none_or(|i| i.guest)
    }

    /// The moves of the game with each move's clock reading (`u32::MAX` where none was kept).
    pub(super) fn moves_and_clocks(&self) -> Option<(Vec<xiangqi::Move>, Vec<u32>)> {
        let moves = self.table.game()?.moves().to_vec();
        let mut clocks = self.clocks.clone();
        clocks.resize(moves.len(), u32::MAX);
        Some((moves, clocks))
    }

    /// The record so far of game `game_id`, if it is the game in progress.
    pub(super) fn live_record(&self, game_id: GameId) -> Option<LiveRecord> {
        let live = self.game_id == Some(game_id) && self.table.is_playing();
        let (moves, clocks) = self.moves_and_clocks().filter(|_| live)?;
        Some(LiveRecord { moves, clocks })
    }

    /// Appends one entry to the journal of game `game_id` at the next sequence number (which
    /// the caller advances once it is stored).
    pub(super) async fn journal(
        &self,
        game_id: GameId,
        user: UserId,
        action: String,
        at: Millis,
    ) -> Result<(), StoreError> {
        let entry = JournalEntry {
            game_id,
            seq: self.seq,
            at: at.0,
            user,
            action,
        };
        let stored = self.state.journal.append(self.fence(), entry).await;
        self.noting_fence(stored).inspect_err(|e| {
            tracing::error!(table = self.id.0, game_id = game_id.0, "journal: {e}");
        })
    }

    /// Journals `what` (a pause or a resume) of game `game_id` at `at`, advancing the
    /// sequence once stored.
    pub(super) async fn journal_outage(&mut self, game_id: GameId, what: &str, at: Millis) {
        if self
            .journal(game_id, COMPUTER, what.into(), at)
            .await
            .is_ok()
        {
            self.seq += 1;
        }
    }

    /// Keeps what `ev` changes of the game's record: its start resets the journal sequence and
    /// the clock readings, a move adds its reading, an undo drops readings.
    pub(super) fn record(&mut self, ev: &Event, now: Millis) {
        match ev {
            Event::GameStarted { .. } => {
                self.casual = std::mem::take(&mut self.casual_next);
                self.clocks.clear();
                self.seq = 0;
                self.last_move_at = now;
                if let (Some(ai), Some(game)) = (self.ai, self.table.game()) {
                    // Counted already when asked for over a connection; a restored game is
                    // counted here.
                    let human = game.player(!ai.color);
                    self.state.tables.claim_ai_game(human, self.id, usize::MAX);
                }
            }
            Event::Moved { color, clock, .. } => {
                let reading = match clock.player(*color).game_time {
                    Some(t) => t.0,
                    None => now.saturating_sub(self.last_move_at).0,
                };
                self.clocks.push(u32::try_from(reading).unwrap_or(u32::MAX));
                self.last_move_at = now;
            }
            Event::Undone { ply, .. } => {
                self.clocks.truncate(*ply);
                self.last_move_at = now;
            }
            _ => {}
        }
    }

    /// Tells the tables' registry who plays the table's game in progress, if that changed.
    pub(super) fn note_players(&mut self) {
        let now = self
            .table
            .game()
            .filter(|_| self.table.is_playing())
            .map(|g| [g.player(Color::Red), g.player(Color::Black)]);
        if now != self.noted_players {
            self.noted_players = now;
            self.state.tables.playing.set(self.id, now);
        }
    }
}

/// What a collaborator asks the actor to send.
#[derive(Debug)]
// Short-lived (taken by the actor right after the call that made it).
#[allow(clippy::large_enum_variant)]
pub(super) enum Notice {
    /// An event for everyone at the table (numbered and kept in its history).
    Event(EventView),
    /// A private message (its text) to every connection of a user at the table.
    To(UserId, Arc<str>),
    /// New balances to push to every connection of the users a stored step moved.
    Balances(Applied),
}
