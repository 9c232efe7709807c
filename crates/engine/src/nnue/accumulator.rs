//! The accumulators of the positions along the search line, one per ply.
//!
//! Key decision: copy-on-make — making a move writes the child's accumulator from the parent's in
//! one pass (parent + added column − removed columns, both perspectives), and taking it back only
//! lowers the stack pointer, so unmake costs nothing and no update is ever reversed. A null move
//! changes no piece, so it needs no entry: the evaluation reads the same accumulator with the
//! other side to move.

use super::network::{Network, HIDDEN};
use xiangqi::{Position, Square};

/// The first layer's output for both perspectives (index 0: Red's view, 1: Black's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// `HIDDEN` values per perspective.
    pub v: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// An all-zero accumulator.
    #[must_use]
    pub fn zero() -> Accumulator {
        Accumulator {
            v: [[0; HIDDEN]; 2],
        }
    }
}

/// One accumulator per ply of the search line.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    stack: Vec<Accumulator>,
    top: usize,
}

impl AccumulatorStack {
    /// A stack for lines of up to `plies` moves.
    #[must_use]
    pub fn new(plies: usize) -> AccumulatorStack {
        AccumulatorStack {
            stack: vec![Accumulator::zero(); plies + 1],
            top: 0,
        }
    }

    /// Starts a new line at `pos` (the accumulator computed from scratch).
    pub fn reset(&mut self, net: &Network, pos: &Position) {
        self.top = 0;
        self.stack[0] = net.refresh(pos);
    }

    /// The accumulator of the current position.
    #[inline]
    #[must_use]
    pub fn top(&self) -> &Accumulator {
        &self.stack[self.top]
    }

    /// Number of moves above the line's first position.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.top
    }

    /// The piece `mover` moved `from` → `to`, capturing `captured` (0: none).
    #[inline]
    pub fn push_move(&mut self, net: &Network, mover: u8, from: Square, to: Square, captured: u8) {
        let (below, above) = self.stack.split_at_mut(self.top + 1);
        net.update(&below[self.top], &mut above[0], mover, from, to, captured);
        self.top += 1;
    }

    /// Takes the last move back.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0, "pop of an empty accumulator stack");
        self.top -= 1;
    }
}
