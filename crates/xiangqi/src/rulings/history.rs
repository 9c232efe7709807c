//! What the judge remembers after each ply since the last capture: the position, the piece
//! identities, whether the move checked, and the move-limit counter.

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
            check: pos.is_check(),
            last_move: None,
            pos,
        }
    }

    /// The state after the legal move `m`.
    pub fn next(&self, m: Move) -> State {
        let capture = self.pos.is_capture(m);
        let mover = self.pos.turn();
        let mut pos = self.pos.clone();
        pos.do_move(m);
        let check = pos.is_check();
        State {
            ids: self.ids.after(m),
            counter: self.counter.after(mover, capture, check),
            check,
            last_move: Some(m),
            pos,
        }
    }
}

/// The states the repetition rules look at: those since the last capture (the start counts if
/// there was none), oldest first. Earlier states can never repeat, so they are not kept; taking
/// back the capture itself replays the game from its start ([`Window::rebuild`]).
#[derive(Clone, Debug)]
pub(crate) struct Window {
    /// Ply of `states[0]` (0: the start).
    pub base: usize,
    /// `states[i]` follows move `base + i` (`states[0]` is the start when `base` is 0).
    pub states: Vec<State>,
}

/// Capacity kept after a capture empties the window (a long window's buffer is given back).
const KEPT_CAPACITY: usize = 8;

impl Window {
    /// The window of a game that starts at `start`.
    pub fn new(start: Position) -> Window {
        let mut states = Vec::with_capacity(KEPT_CAPACITY);
        states.push(State::start(start));
        Window { base: 0, states }
    }

    /// The current state.
    pub fn current(&self) -> &State {
        &self.states[self.states.len() - 1]
    }

    /// Plays the legal move `m`, which becomes ply `ply`.
    pub fn push(&mut self, m: Move, ply: usize) {
        let capture = self.current().pos.is_capture(m);
        let next = self.current().next(m);
        if capture {
            self.states.clear();
            if self.states.capacity() > 2 * KEPT_CAPACITY {
                self.states.shrink_to(KEPT_CAPACITY);
            }
            self.base = ply;
        }
        self.states.push(next);
    }

    /// Takes back the last move of `moves` (already removed from it): drops its state, or
    /// replays `moves` from `start` when that state was the first after a capture.
    pub fn pop(&mut self, start: &Position, moves: &[Move]) {
        self.states.pop();
        if self.states.is_empty() {
            self.rebuild(start, moves);
        }
    }

    /// The window after playing `moves` (all legal) from `start`.
    pub fn rebuild(&mut self, start: &Position, moves: &[Move]) {
        *self = Window::new(start.clone());
        for (i, &m) in moves.iter().enumerate() {
            self.push(m, i + 1);
        }
    }
}
