//! Helpers shared by the engine tests.
#![allow(dead_code)]

use xiangqi::{Move, MoveList, Position};

/// Whether the side to move can force mate within `moves` of its moves (exhaustive, rules only).
pub fn forced_mate(pos: &mut Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    for &m in list.iter() {
        if mate_after(pos, m, moves) {
            return true;
        }
    }
    false
}

/// Whether playing `m` forces mate within `moves` moves (counting `m`).
pub fn mate_after(pos: &mut Position, m: Move, moves: u32) -> bool {
    let undo = pos.do_move(m);
    let mut replies = MoveList::new();
    pos.legal_moves_into(&mut replies);
    let result = if replies.is_empty() {
        true
    } else if moves <= 1 {
        false
    } else {
        replies.iter().all(|&r| {
            let u = pos.do_move(r);
            let ok = forced_mate(pos, moves - 1);
            pos.undo_move(r, u);
            ok
        })
    };
    pos.undo_move(m, undo);
    result
}

/// A small deterministic generator for random playouts.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}
