//! Perft: counts the leaf nodes of the legal move tree, the standard check of a move generator
//! (RULES.md §7). The last ply is counted by the length of the legal move list.

use crate::{Move, MoveList, Position};

/// Leaf nodes at `depth` plies below `pos`.
#[must_use]
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    // One move list per ply, allocated once: the recursion itself allocates nothing.
    let mut lists = vec![MoveList::new(); depth as usize];
    perft_with(pos, depth, &mut lists)
}

fn perft_with(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let Some((list, rest)) = lists.split_first_mut() else {
        return 1;
    };
    pos.legal_moves_into(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        let undo = pos.do_move(m);
        nodes += perft_with(pos, depth - 1, rest);
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
