//! The engine's own lightweight repetition memory (RULES.md §6.7, simplified for search).
//!
//! Key decision: per position we keep only its Zobrist key, whether the move that led to it gave
//! check, and the plies since the last capture. A repeated position (2-fold inside the search,
//! as Pikafish and Fairy-Stockfish do) is judged at once: if every move of one side in the cycle
//! was a check and not every move of the other side was, the checking side loses (perpetual
//! check, 长将); otherwise the search has the cycle ruled on by `cycle.rs` (perpetual chase, 长捉,
//! by the rules crate's judge), and it is a draw when nobody chased perpetually.

/// One position of the game or search line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepEntry {
    /// Zobrist key of the position.
    pub key: u64,
    /// The move that led to this position gave check (the side to move is in check).
    pub check: bool,
    /// Plies since the last capture, as the position counts them.
    pub halfmoves: u32,
}

/// Verdict on a repeated position, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Not a repetition.
    None,
    /// A neutral repetition: draw.
    Draw,
    /// The opponent checked on every move of the cycle: the side to move wins.
    Win,
    /// The side to move checked on every move of the cycle: it loses.
    Loss,
}

/// Judges the last entry of `stack` against earlier positions with the same side to move.
#[must_use]
pub fn judge(stack: &[RepEntry]) -> Repetition {
    match find(stack) {
        Some(j) => verdict(stack, j, stack.len() - 1),
        None => Repetition::None,
    }
}

/// The index of the latest earlier entry of `stack` (same side to move, no capture since) with
/// the key of the last entry, if any.
#[must_use]
pub fn find(stack: &[RepEntry]) -> Option<usize> {
    let n = stack.len().checked_sub(1)?;
    let cur = stack[n];
    let min_j = n - (cur.halfmoves as usize).min(n);
    let mut j = n.checked_sub(4)?;
    while j >= min_j {
        if stack[j].key == cur.key {
            return Some(j);
        }
        if j < 2 {
            break;
        }
        j -= 2;
    }
    None
}

/// The verdict for the cycle from position `j` to position `n` (same side to move).
#[must_use]
pub fn verdict(stack: &[RepEntry], j: usize, n: usize) -> Repetition {
    // Positions n, n-2, .. j+2 were reached by the opponent's moves.
    let opponent_checks = (j + 2..=n).step_by(2).all(|k| stack[k].check);
    // Positions n-1, n-3, .. j+1 were reached by our moves.
    let our_checks = (j + 1..n).step_by(2).all(|k| stack[k].check);
    match (opponent_checks, our_checks) {
        (true, false) => Repetition::Win,
        (false, true) => Repetition::Loss,
        _ => Repetition::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(key: u64, check: bool, hm: u32) -> RepEntry {
        RepEntry {
            key,
            check,
            halfmoves: hm,
        }
    }

    #[test]
    fn neutral_cycle_is_draw() {
        let s = [
            e(1, false, 0),
            e(2, false, 1),
            e(3, false, 2),
            e(4, false, 3),
            e(1, false, 4),
        ];
        assert_eq!(judge(&s), Repetition::Draw);
    }

    #[test]
    fn opponent_perpetual_check_wins_for_us() {
        // Positions 2 and 4 were reached by opponent checks.
        let s = [
            e(1, false, 0),
            e(2, false, 1),
            e(3, true, 2),
            e(4, false, 3),
            e(1, true, 4),
        ];
        assert_eq!(judge(&s), Repetition::Win);
    }

    #[test]
    fn our_perpetual_check_loses() {
        let s = [
            e(1, false, 0),
            e(2, true, 1),
            e(3, false, 2),
            e(4, true, 3),
            e(1, false, 4),
        ];
        assert_eq!(judge(&s), Repetition::Loss);
    }

    #[test]
    fn capture_in_between_hides_repetition() {
        let s = [
            e(1, false, 0),
            e(2, false, 1),
            e(3, false, 0),
            e(4, false, 1),
            e(1, false, 2),
        ];
        assert_eq!(judge(&s), Repetition::None);
    }
}
