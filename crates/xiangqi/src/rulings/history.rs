//! What the judge remembers after each ply: the position, the piece identities, whether the
//! move captured or checked, and the move-limit counter.

use super::ids::Ids;
use super::limit::MoveCounter;
use crate::{Move, Position};

/// The game state after a ply (or at the start).
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// The position.
    pub pos: Position,
    /// Piece identities of `pos`.
    pub ids: Ids,
    /// The move-limit counter.
    pub counter: MoveCounter,
    /// Index (in the state list) of the state right after the last capture, or 0.
    pub since_capture: usize,
    /// The side to move is in check (so the move that led here gave check).
    pub check: bool,
    /// The move that led here (`None` for the start).
    pub last_move: Option<Move>,
}

impl State {
    /// The starting state.
    pub fn start(pos: Position) -> State {
        State {
            ids: Ids::new(&pos),
            counter: MoveCounter::new(pos.halfmoves()),
            since_capture: 0,
            check: pos.is_check(),
            last_move: None,
            pos,
        }
    }

    /// The state after the legal move `m`, which will have index `index`.
    pub fn next(&self, m: Move, index: usize) -> State {
        let capture = self.pos.is_capture(m);
        let mover = self.pos.turn();
        let mut pos = self.pos.clone();
        pos.do_move(m);
        let check = pos.is_check();
        State {
            ids: self.ids.after(m),
            counter: self.counter.after(mover, capture, check),
            since_capture: if capture { index } else { self.since_capture },
            check,
            last_move: Some(m),
            pos,
        }
    }
}
