//! The accumulators of the positions along the search line, one per ply.
//!
//! Key decision: lazy copy-on-make — making a move only records it (piece, from, to, captured)
//! on the next entry; the accumulator is computed when the position is evaluated, from the
//! nearest computed ancestor forward, each step writing the child from its parent in one pass
//! (parent + added column − removed columns, both perspectives). Nodes that are never evaluated
//! (hash cut-offs, nodes in check, hash entries that carry the evaluation) cost no update, and
//! taking a move back only lowers the stack pointer, so no update is ever reversed. A null move
//! changes no piece, so it needs no entry: the evaluation reads the same accumulator with the
//! other side to move.

use super::network::{Accumulator, Network};
use xiangqi::{Position, Square};

/// One ply of the line: the move that reached it and, once computed, its accumulator.
#[derive(Clone, Debug)]
struct Entry {
    acc: Accumulator,
    computed: bool,
    mover: u8,
    from: Square,
    to: Square,
    captured: u8,
}

/// One accumulator per ply of the search line.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    stack: Vec<Entry>,
    top: usize,
}

impl AccumulatorStack {
    /// A stack for lines of up to `plies` moves.
    #[must_use]
    pub fn new(plies: usize) -> AccumulatorStack {
        let a = Square::new(0);
        let empty = Entry {
            acc: Accumulator::zero(),
            computed: false,
            mover: 0,
            from: a,
            to: a,
            captured: 0,
        };
        AccumulatorStack {
            stack: vec![empty; plies + 1],
            top: 0,
        }
    }

    /// Starts a new line at `pos` (the accumulator computed from scratch).
    pub fn reset(&mut self, net: &Network, pos: &Position) {
        self.top = 0;
        self.stack[0].acc = net.refresh(pos);
        self.stack[0].computed = true;
    }

    /// The accumulator of the current position, computing the missing ones of the line first.
    #[inline]
    pub fn current(&mut self, net: &Network) -> &Accumulator {
        if !self.stack[self.top].computed {
            self.compute(net);
        }
        &self.stack[self.top].acc
    }

    #[inline(never)]
    fn compute(&mut self, net: &Network) {
        // Entry 0 is always computed (`reset`).
        let mut k = self.top;
        while k > 0 && !self.stack[k].computed {
            k -= 1;
        }
        for i in k + 1..=self.top {
            let (below, above) = self.stack.split_at_mut(i);
            let (src, dst) = (&below[i - 1], &mut above[0]);
            net.update(
                &src.acc,
                &mut dst.acc,
                dst.mover,
                dst.from,
                dst.to,
                dst.captured,
            );
            dst.computed = true;
        }
    }

    /// Number of moves above the line's first position.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.top
    }

    /// The piece `mover` moved `from` → `to`, capturing `captured` (0: none).
    #[inline]
    pub fn push_move(&mut self, mover: u8, from: Square, to: Square, captured: u8) {
        self.top += 1;
        let e = &mut self.stack[self.top];
        e.computed = false;
        e.mover = mover;
        e.from = from;
        e.to = to;
        e.captured = captured;
    }

    /// Takes the last move back.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0, "pop of an empty accumulator stack");
        self.top -= 1;
    }
}
