//! The attacking moves the Chinese (CXA) profile needs besides checks (RULES.md §6.2, §6.7):
//! * 杀 (mate threat): were the mover to move again, it could mate by a short series of checks
//!   (a bounded checks-only search);
//! * 捉 (chase): a piece other than the king or a pawn could capture an enemy piece and come
//!   out ahead in material after the exchange on that point (values 车 4, 马 = 炮 2, 仕 = 相 1, a
//!   crossed pawn 1, an uncrossed pawn 0), unless the capture allows an immediate mate. Only new
//!   chases count: an attacker chasing a victim it did not chase before the move.

use super::attack::{attacks, capture_possible, crossed, play_for_owner, with_turn};
use super::chase::Pair;
use super::ids::Ids;
use crate::{Color, Move, MoveList, Piece, Position, Role, Square};

/// Material value of `piece` standing on `sq` for the CXA chase test.
fn value(piece: Piece, sq: Square) -> i32 {
    match piece.role {
        Role::Chariot => 4,
        Role::Horse | Role::Cannon => 2,
        Role::Advisor | Role::Elephant => 1,
        Role::Pawn => i32::from(crossed(piece, sq)),
        Role::King => 0,
    }
}

/// Whether the side to move can mate with a series of at most `checks` checking moves, whatever
/// the defender replies.
pub(crate) fn mate_by_checks(pos: &mut Position, checks: u8) -> bool {
    if checks == 0 {
        return false;
    }
    let moves = pos.legal_moves();
    moves.iter().any(|&m| {
        if !pos.gives_check(m) {
            return false;
        }
        let undo = pos.do_move(m);
        let replies = pos.legal_moves();
        let mated = replies.is_empty()
            || (checks > 1
                && replies.iter().all(|&r| {
                    let u = pos.do_move(r);
                    let mated = mate_by_checks(pos, checks - 1);
                    pos.undo_move(r, u);
                    mated
                }));
        pos.undo_move(m, undo);
        mated
    })
}

/// Whether the move that led to `after` (played by the side not to move in `after`) threatens
/// mate: given another move, its side would mate by at most `checks` checks.
pub(crate) fn is_mate_threat(after: &Position, checks: u8) -> bool {
    if after.is_check() {
        return false; // a check, not a threat
    }
    let mut p = with_turn(after, !after.turn());
    mate_by_checks(&mut p, checks)
}

/// Best material gain of the side to move from captures on `sq` (0 if it prefers not to capture).
fn exchange_gain(pos: &mut Position, sq: Square) -> i32 {
    let mut captures = MoveList::new();
    pos.legal_captures_into(&mut captures);
    let mut best = 0;
    for &m in captures.iter().filter(|m| m.to() == sq) {
        let Some(victim) = pos.piece_at(sq) else {
            continue;
        };
        let undo = pos.do_move(m);
        let gain = value(victim, sq) - exchange_gain(pos, sq);
        pos.undo_move(m, undo);
        best = best.max(gain);
    }
    best
}

/// Whether the side to move can mate in one move.
fn mate_in_one(pos: &mut Position) -> bool {
    mate_by_checks(pos, 1)
}

/// The chases (CXA sense) of `attacker`'s pieces in `pos`, whoever is to move, with the
/// identities of attacker and victim.
fn chases(pos: &Position, ids: &Ids, attacker: Color) -> Vec<(u8, u8, Pair)> {
    let mut found = Vec::new();
    for from in pos.occupied_by(attacker) {
        let Some(x) = pos.piece_at(from) else {
            continue;
        };
        if matches!(x.role, Role::King | Role::Pawn) {
            continue;
        }
        for to in attacks(pos, from) & pos.occupied_by(!attacker) {
            let Some(v) = pos.piece_at(to) else { continue };
            if value(v, to) == 0 {
                continue;
            }
            let m = Move::new(from, to);
            if !capture_possible(pos, m) {
                continue;
            }
            let Some(mut after) = play_for_owner(pos, m) else {
                continue;
            };
            if value(v, to) - exchange_gain(&mut after, to) > 0 && !mate_in_one(&mut after) {
                let pair = Pair {
                    attacker: from,
                    victim: to,
                };
                found.push((ids.at(from), ids.at(to), pair));
            }
        }
    }
    found
}

/// The chases (CXA sense) newly made by the move from `before` to `after`: an attacker chasing
/// a victim it did not chase before (by identity; a piece that keeps attacking what it already
/// attacked is idle, one that takes over the chase from another piece chases — CXA counts the
/// moved piece, a piece it unmasks, or both, RULES.md §6.2).
pub(crate) fn new_chases(
    before: &Position,
    ids_before: &Ids,
    after: &Position,
    ids_after: &Ids,
) -> Vec<Pair> {
    let mover = before.turn();
    let old = chases(before, ids_before, mover);
    chases(after, ids_after, mover)
        .into_iter()
        .filter(|&(x, v, _)| !old.iter().any(|&(ox, ov, _)| ox == x && ov == v))
        .map(|(_, _, pair)| pair)
        .collect()
}
