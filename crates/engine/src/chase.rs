//! Perpetual-chase guard at the root (长捉, RULES.md §6.7): a second, simpler chase model than
//! the rules crate's judge, applied only to the root moves.
//!
//! Key decision: the search itself rules on chases with the rules crate's AXF judge (`cycle.rs`,
//! called from the node search when `repetition.rs` finds a cycle without perpetual check; a
//! cycle reaching back before the root at its third occurrence). This file adds a cheap
//! heuristic of its own on top: a root move that would make a position occur for the
//! third time, in a cycle where every move of the mover chased one victim, is excluded like a
//! `banmoves` entry (unless nothing else is legal). The two models differ, so this guard can ban
//! a move the judge would allow, and miss a chase the judge rules on (the search's score then
//! still steers away from it). Putting the judge in its place could change which moves are
//! banned, a change of behaviour, so the guard stays as it is.
//!
//! A move *chases* a victim here when, after it, the moved piece itself (not a king or pawn) can
//! legally capture an enemy piece (not the king, not an uncrossed pawn) that is a chariot
//! attacked by a horse or cannon, or that has no legal recapture; attacking a piece of the same
//! kind that can take back is an exchange offer, not a chase. Checking moves chase nothing.
//! Unlike the judge it does not ask whether the attack is new, counts no attack a move
//! discovers, knows no advisor or elephant chasing a major piece even when protected, and
//! follows a victim by its square (one that moved is matched only as `moved_victim` says). The
//! side chases perpetually when one victim is chased by all its moves of the cycle.

use xiangqi::{Color, Move, MoveList, Position, Role, Square};

/// Victims chased by `m` (played in `pos`), as squares after the move.
fn chased_by(pos: &Position, m: Move) -> Vec<Square> {
    let mut after = pos.clone();
    let Ok(_) = after.play_mut(m) else {
        return Vec::new();
    };
    if after.is_check() {
        return Vec::new();
    }
    let Some(attacker) = after.piece_at(m.to()) else {
        return Vec::new();
    };
    if matches!(attacker.role, Role::King | Role::Pawn) {
        return Vec::new();
    }
    let us = attacker.color;
    // Let the mover move again to list the captures of the moved piece.
    let mut probe = after.clone();
    let _ = probe.do_null_move();
    if probe.is_check() {
        return Vec::new();
    }
    let mut victims = Vec::new();
    for c in probe.legal_moves_from(m.to()).iter() {
        let Some(victim) = probe.piece_at(c.to()) else {
            continue;
        };
        if victim.role == Role::King
            || (victim.role == Role::Pawn && c.to().on_own_side(victim.color))
        {
            continue;
        }
        let always =
            victim.role == Role::Chariot && matches!(attacker.role, Role::Horse | Role::Cannon);
        if always || !recapturable(&probe, *c, us) {
            if victim.role == attacker.role && can_take_back(&after, c.to(), m.to()) {
                continue;
            }
            victims.push(c.to());
        }
    }
    victims
}

/// Whether, after `capture` by `us`, the other side can legally take back on its square.
fn recapturable(pos: &Position, capture: Move, us: Color) -> bool {
    let mut p = pos.clone();
    if p.play_mut(capture).is_err() || p.turn() == us {
        return false;
    }
    let mut list = MoveList::new();
    p.legal_captures_into(&mut list);
    list.iter().any(|r| r.to() == capture.to())
}

/// Whether the piece on `victim` (side to move in `pos`) can legally capture on `attacker`.
fn can_take_back(pos: &Position, victim: Square, attacker: Square) -> bool {
    pos.legal_moves_from(victim)
        .iter()
        .any(|r| r.to() == attacker)
}

/// Root moves that would complete a third occurrence in which the mover chases perpetually.
/// `base` + `moves` is the game; the last position is the root.
#[must_use]
pub fn losing_chase_moves(base: &Position, moves: &[Move]) -> Vec<Move> {
    let mut positions = vec![base.clone()];
    for &m in moves {
        let mut next = positions[positions.len() - 1].clone();
        if next.play_mut(m).is_err() {
            return Vec::new();
        }
        positions.push(next);
    }
    let Some(root) = positions.last().cloned() else {
        return Vec::new();
    };
    let n = positions.len(); // index the new position would get
    let reach = (root.halfmoves() as usize + 1).min(n);
    let mut banned = Vec::new();
    for &m in root.legal_moves().iter() {
        if root.is_capture(m) {
            continue;
        }
        let Ok(next) = root.play(m) else { continue };
        let key = next.hash();
        let earlier: Vec<usize> = (n - reach..n)
            .filter(|&j| (n - j).is_multiple_of(2) && positions[j].hash() == key)
            .collect();
        if earlier.len() < 2 {
            continue;
        }
        // The cycle since the last occurrence: our moves are played from positions j+1, j+3, …,
        // n-1 (the root move itself is the last of them).
        let j = earlier[earlier.len() - 1];
        let mut common: Option<Vec<Square>> = None;
        let mut k = j + 1;
        let mut chasing = true;
        while k < n {
            let (pos, mv) = if k == n - 1 {
                (&root, m)
            } else {
                (&positions[k], moves[k])
            };
            // Track victims by where they stand after our move; a victim that moved between our
            // moves is matched by its new square only if it stands still — a simplification.
            let v = chased_by(pos, mv);
            common = Some(match common {
                None => v,
                Some(c) => c
                    .into_iter()
                    .filter(|s| v.contains(s) || moved_victim(&positions, k, *s, &v))
                    .collect(),
            });
            if common.as_ref().is_some_and(Vec::is_empty) {
                chasing = false;
                break;
            }
            k += 2;
        }
        if chasing && common.is_some_and(|c| !c.is_empty()) {
            banned.push(m);
        }
    }
    banned
}

/// A victim that stood on `old` may have moved since; accept it when the opponent's last move
/// left `old` and landed on one of the newly chased squares.
fn moved_victim(positions: &[Position], k: usize, old: Square, now: &[Square]) -> bool {
    // The opponent's move between our moves k-2 and k is the one from positions[k-1] to
    // positions[k]; find which square changed from occupied to empty.
    if k == 0 || k >= positions.len() {
        return false;
    }
    let before = &positions[k - 1];
    let after = &positions[k];
    let left = before.piece_at(old).is_some() && after.piece_at(old).is_none();
    left && now
        .iter()
        .any(|&s| before.piece_at(s).is_none() && after.piece_at(s).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(s: &str) -> Vec<Move> {
        s.split_whitespace().map(|m| m.parse().unwrap()).collect()
    }

    /// A game Chuhe lost by perpetual chase against Fairy-Stockfish: Black's chariot kept
    /// attacking Red's unprotected horse while Red's cannon moved to and fro.
    const GAME: &str =
        "h2e2 h7e7 b0c2 h9g7 c3c4 i9h9 e2g2 g6g5 g2g5 g7f5 h0g2 h9h1 d0e1 f5g3 c0e2 \
        g9i7 g5g6 e7g7 a0d0 g3e2 g0e2 g7g2 d0d7 b7b3 d7b7 g2c2 b7b3 h1g1 g6h6 g1h1 h6g6 h1g1 g6h6 \
        g1h1 h6f6 h1f1 f6h6";

    #[test]
    fn the_losing_chase_is_detected() {
        let moves = line(GAME);
        let banned = losing_chase_moves(&Position::startpos(), &moves);
        assert!(banned.contains(&"f1h1".parse().unwrap()), "{banned:?}");
    }

    #[test]
    fn neutral_repetition_is_not_a_chase() {
        let moves = line("b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0");
        assert!(losing_chase_moves(&Position::startpos(), &moves).is_empty());
    }

    #[test]
    fn no_ban_without_repetition() {
        let moves = line("h2e2 h7e7 b0c2 h9g7");
        assert!(losing_chase_moves(&Position::startpos(), &moves).is_empty());
    }
}
