//! A tiny built-in opening book: mainline first moves and replies from the start position.
//!
//! Key decision: the search alone prefers odd cannon moves in the opening, so the first one or
//! two moves come from a short list of mainlines (中炮 炮二平五, 起马 马二进三, 飞相 相三进五,
//! 仙人指路 兵七进一 and the usual replies), chosen at random by weight. Lines are stored as ICCS
//! move sequences from the start position and matched by Zobrist key, so a position reached by
//! transposition or given as a FEN uses the book too. The book is consulted only for searches
//! limited by time (not for `go depth`/`nodes`/`infinite`, benchmarks or analysis).

use crate::level::Rng;
use xiangqi::{Move, Position};

/// `(line from the start position, [(reply, weight)])`, moves in ICCS.
const LINES: &[(&str, &[(&str, u32)])] = &[
    (
        "",
        &[
            ("h2e2", 40), // 炮二平五
            ("h0g2", 20), // 马二进三
            ("g0e2", 15), // 相三进五
            ("c3c4", 15), // 兵七进一
            ("b2e2", 10), // 炮八平五
        ],
    ),
    ("h2e2", &[("h9g7", 50), ("b9c7", 30), ("h7e7", 20)]),
    ("b2e2", &[("b9c7", 50), ("h9g7", 30), ("b7e7", 20)]),
    ("h0g2", &[("g6g5", 40), ("h9g7", 30), ("c6c5", 30)]),
    ("g0e2", &[("g6g5", 35), ("b7d7", 35), ("h9g7", 30)]),
    ("c3c4", &[("g6g5", 40), ("b7c7", 30), ("c9e7", 30)]),
    ("h2e2 h9g7", &[("h0g2", 60), ("b0c2", 40)]),
    ("h2e2 b9c7", &[("h0g2", 60), ("b0c2", 40)]),
    ("h2e2 h7e7", &[("h0g2", 70), ("b0c2", 30)]),
];

/// The legal book moves of `pos` with their weights (empty when `pos` is not in the book).
#[must_use]
pub fn book_moves(pos: &Position) -> Vec<(Move, u32)> {
    for (line, replies) in LINES {
        let mut p = Position::startpos();
        let mut ok = true;
        for word in line.split_whitespace() {
            match word.parse::<Move>() {
                Ok(m) if p.play_mut(m).is_ok() => {}
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok || p.hash() != pos.hash() || p.turn() != pos.turn() {
            continue;
        }
        return replies
            .iter()
            .filter_map(|&(m, w)| m.parse::<Move>().ok().map(|m| (m, w)))
            .filter(|&(m, _)| pos.is_legal(m))
            .collect();
    }
    Vec::new()
}

/// A book move for `pos`, drawn by weight (uniformly when `uniform`), if `pos` is in the book.
pub fn book_move(pos: &Position, uniform: bool, rng: &mut Rng) -> Option<Move> {
    let moves = book_moves(pos);
    let weight = |w: u32| if uniform { 1 } else { u64::from(w) };
    let total: u64 = moves.iter().map(|&(_, w)| weight(w)).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.below(total);
    for &(m, w) in &moves {
        if r < weight(w) {
            return Some(m);
        }
        r -= weight(w);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_book_line_and_reply_is_legal() {
        for (line, replies) in LINES {
            let mut p = Position::startpos();
            for word in line.split_whitespace() {
                let m: Move = word.parse().expect("ICCS move");
                p.play_mut(m).expect("legal line");
            }
            assert_eq!(book_moves(&p).len(), replies.len(), "line '{line}'");
        }
    }

    #[test]
    fn start_position_draws_mainline_moves_by_weight() {
        let mut rng = Rng::new(7);
        let pos = Position::startpos();
        let mut central_cannon = 0;
        for _ in 0..400 {
            let m = book_move(&pos, false, &mut rng).expect("in book");
            if m.to_string() == "h2e2" {
                central_cannon += 1;
            }
        }
        // Weight 40 of 100: about 160 of 400.
        assert!((110..=210).contains(&central_cannon), "{central_cannon}");
        let middle = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").expect("FEN");
        assert_eq!(book_move(&middle, false, &mut rng), None);
    }
}
