//! The computer's side of a table for games against it: the seating that starts the game, its
//! answers to the human's offers (undo granted, draw declined), its move searched off the event
//! loop (it comes back to the table as `TableMsg::AiMove`), and the human's hints.

use super::caller::Caller;
use super::core::TableCore;
use super::msg::TableMsg;
use super::setup::{AiKey, AiSide};
use platform::table::{Action, Table};
use platform::{Millis, UserId};
use protocol::error_code::ErrorCode;
use protocol::ServerMsg;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc;
use xiangqi::Move;

/// The computer playing one side of a table.
pub(super) struct Computer {
    side: AiSide,
    /// The position whose move is being searched.
    pending: Option<AiKey>,
    /// Whether a hint is being searched (one at a time).
    hint_busy: Arc<AtomicBool>,
}

impl Computer {
    pub(super) fn new(side: AiSide) -> Computer {
        Computer {
            side,
            pending: None,
            hint_busy: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The steps that start a game between `human` and the computer's `player` (it plays
    /// `side.color`).
    pub(super) fn seating(human: UserId, side: AiSide) -> [(UserId, Action); 4] {
        let computer = side.player;
        [
            (human, Action::Sit(!side.color)),
            (computer, Action::Sit(side.color)),
            (human, Action::Ready(true)),
            (computer, Action::Ready(true)),
        ]
    }

    /// Who plays the computer's side (`user::COMPUTER`, or the level's stored player).
    pub(super) fn player(&self) -> UserId {
        self.side.player
    }

    /// The position while the computer is on move.
    fn key(&self, table: &Table) -> Option<AiKey> {
        let g = table.game().filter(|g| g.is_playing())?;
        (g.turn() == self.side.color).then(|| (g.number(), g.ply(), g.position().hash()))
    }

    /// The computer's answers to the human's pending offers: an undo is granted, a draw declined.
    pub(super) fn answers(&self, table: &Table) -> Vec<Action> {
        let Some(g) = table.game().filter(|g| g.is_playing()) else {
            return Vec::new();
        };
        let human = !self.side.color;
        let mut answers = Vec::new();
        if g.undo_request().map(|r| r.by) == Some(human) {
            answers.push(Action::AcceptUndo);
        }
        if g.draw_offer() == Some(human) {
            answers.push(Action::DeclineDraw);
        }
        answers
    }

    /// Starts searching the computer's move if it is on move and not searching already; the
    /// move is sent to the table (`me`) as `TableMsg::AiMove`.
    pub(super) fn think(
        &mut self,
        core: &TableCore,
        now: Millis,
        me: &mpsc::WeakSender<Box<TableMsg>>,
    ) {
        let Some(key) = self.key(&core.table) else {
            return;
        };
        let Some(game) = core.table.game() else {
            return;
        };
        if self.pending == Some(key) {
            return;
        }
        self.pending = Some(key);
        let side = self.side;
        let start = core.table.config().start.clone();
        let moves = game.moves().to_vec();
        let left = game.clock().snapshot(now).player(side.color).game_time;
        let think = crate::ai::think_time(left);
        let pool = core.state.engine.clone();
        let state = core.state.clone();
        let me = me.clone();
        tokio::spawn(async move {
            let book = &state.config.book;
            let mv = match crate::ai::book::book_move(&state.db, book, side.level, &start, &moves)
                .await
            {
                Some(mv) => Some(mv),
                None => pool.best_move(start, moves, side.level, think).await,
            };
            if let Some(me) = me.upgrade() {
                let _ = me.send(Box::new(TableMsg::AiMove { key, mv })).await;
            }
        });
    }

    /// The computed move `mv` for position `key` as an action, if the position is still the one
    /// on the board.
    pub(super) fn on_move(
        &mut self,
        table: &Table,
        key: AiKey,
        mv: Option<Move>,
    ) -> Option<Action> {
        if self.pending == Some(key) {
            self.pending = None;
        }
        let mv = mv.filter(|_| self.key(table) == Some(key))?;
        Some(Action::Move {
            mv,
            lag: Millis::ZERO,
        })
    }

    /// Answers `hint`: the engine's move for the human player, on their turn, searched off the
    /// event loop at [`crate::ai::HINT_LEVEL`]; one at a time.
    pub(super) fn hint(&self, core: &TableCore, caller: Caller) {
        let table = core.id;
        let refuse = move |c: &Caller, why: &str| c.refuse(table, ErrorCode::HintNotAllowed, why);
        let Some(game) = core.table.game().filter(|g| g.is_playing()) else {
            return refuse(&caller, "no game in progress");
        };
        if game.player(!self.side.color) != caller.user.id {
            return refuse(&caller, "only the player may ask for a hint");
        }
        if self.side.rated {
            return refuse(&caller, "no hints in a rated game");
        }
        if game.turn() == self.side.color {
            return refuse(&caller, "not your turn");
        }
        if self.hint_busy.swap(true, Ordering::AcqRel) {
            return refuse(&caller, "a hint is already being searched");
        }
        let ply = game.ply();
        let start = core.table.config().start.clone();
        let moves = game.moves().to_vec();
        let pool = core.state.engine.clone();
        let busy = self.hint_busy.clone();
        tokio::spawn(async move {
            let mv = pool
                .best_move(start, moves, crate::ai::HINT_LEVEL, crate::ai::HINT_THINK)
                .await;
            busy.store(false, Ordering::Release);
            match mv {
                Some(mv) => {
                    caller.out.send_msg(&ServerMsg::Hint {
                        table,
                        ply,
                        mv: mv.to_string(),
                    });
                    caller.ack();
                }
                None => refuse(&caller, "no move to suggest"),
            }
        });
    }
}
