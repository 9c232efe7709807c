//! Perft: counts the leaf nodes of the legal move tree, the standard check of a move generator
//! (RULES.md §7). The last ply is counted by the length of the legal move list.

use crate::{Move, MoveList, Position};

/// Leaf nodes at `depth` plies below `pos`.
#[must_use]
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        let undo = pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m, undo);
    }
    nodes
}

/// Perft of each root move ("divide"), in generation order.
#[must_use]
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    list.iter()
        .map(|&m| {
            let undo = pos.do_move(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.undo_move(m, undo);
            (m, n)
        })
        .collect()
}
