//! Helpers shared by the integration tests.

use xiangqi::{Move, MoveList, Position};

/// Plays `len` pseudo-random legal moves from the start position (stops early at a game end) and
/// returns every position visited.
pub fn random_game(seed: u64, len: usize) -> Vec<Position> {
    let mut state = seed | 1;
    let mut pos = Position::startpos();
    let mut out = vec![pos.clone()];
    let mut list = MoveList::new();
    for _ in 0..len {
        pos.legal_moves_into(&mut list);
        if list.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // Prefer captures a third of the time so games reach sparse endgames.
        let captures: Vec<Move> = list
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m))
            .collect();
        let m = if !captures.is_empty() && state.is_multiple_of(3) {
            captures[(state >> 8) as usize % captures.len()]
        } else {
            list[(state >> 8) as usize % list.len()]
        };
        pos.do_move(m);
        out.push(pos.clone());
    }
    out
}
