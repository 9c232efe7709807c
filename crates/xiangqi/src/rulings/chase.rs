//! The AXF/WXF chase (捉) of RULES.md §6.7: which enemy pieces a move newly threatens to win.
//!
//! `chase_set` lists, in one position, the enemy pieces that one side "chases"; a move chases
//! the pieces in the set after it that were not in the set before it (novelty). The rules:
//! * victims: any enemy piece except the king and pawns that have not crossed the river;
//! * attackers: any piece except the king and pawns (they may chase freely);
//! * the capture must not expose the attacker's king to a new attack (pins, flying general);
//! * a chariot attacked by a horse or cannon is chased even when protected; so is a chariot,
//!   horse or cannon attacked by an advisor or elephant (optional, on by default);
//! * otherwise the victim is chased when it is unprotected: after the capture its side has no
//!   legal recapture (fake roots — pinned protectors, a king that would face the other king or
//!   walk into an attack — do not count);
//! * an attack on a piece of the same type that can legally capture back is an exchange offer,
//!   not a chase (an impaired horse or a pinned victim cannot capture back, so it is chased).

use super::attack::{
    attacks, can_recapture, capture_legal, capture_possible, crossed, play_for_owner, squares,
};
use super::ids::{IdSet, Ids};
use crate::{Color, Move, Position, Role};

/// The enemy pieces (by identity) that `attacker`'s pieces chase in `pos`, whoever is to move.
pub(crate) fn chase_set(
    pos: &Position,
    ids: &Ids,
    attacker: Color,
    minor_chases_major: bool,
) -> IdSet {
    let mut set = 0;
    for from in squares(pos.occupied_by(attacker)) {
        let Some(x) = pos.piece_at(from) else {
            continue;
        };
        if matches!(x.role, Role::King | Role::Pawn) {
            continue;
        }
        for to in squares(attacks(pos, from) & pos.occupied_by(!attacker)) {
            let Some(v) = pos.piece_at(to) else { continue };
            let victim_id = ids.set_of(to);
            if set & victim_id != 0 || !is_victim(v.role, v, to) {
                continue;
            }
            let m = Move::new(from, to);
            if !capture_possible(pos, m) {
                continue;
            }
            let stronger = v.role == Role::Chariot && matches!(x.role, Role::Horse | Role::Cannon);
            let minor = minor_chases_major
                && matches!(x.role, Role::Advisor | Role::Elephant)
                && matches!(v.role, Role::Chariot | Role::Horse | Role::Cannon);
            let chased = if stronger || minor {
                true
            } else if x.role == v.role && capture_legal(pos, Move::new(to, from)) {
                false // an exchange offer (兑)
            } else {
                !protected_after_capture(pos, m)
            };
            if chased {
                set |= victim_id;
            }
        }
    }
    set
}

/// Whether a piece can be chased at all: not the king, not an uncrossed pawn.
fn is_victim(role: Role, piece: crate::Piece, sq: crate::Square) -> bool {
    match role {
        Role::King => false,
        Role::Pawn => crossed(piece, sq),
        _ => true,
    }
}

/// Whether, after the capture `m`, the captured piece's side can legally take back.
fn protected_after_capture(pos: &Position, m: Move) -> bool {
    match play_for_owner(pos, m) {
        Some(after) => can_recapture(&after, m.to()),
        None => false,
    }
}

/// The enemy pieces newly chased by the move `m` of `before` (giving `after`): chased after it
/// and not already chased before it by the same side.
pub(crate) fn new_chases(
    before: &Position,
    ids_before: &Ids,
    after: &Position,
    ids_after: &Ids,
    minor_chases_major: bool,
) -> IdSet {
    let mover = before.turn();
    chase_set(after, ids_after, mover, minor_chases_major)
        & !chase_set(before, ids_before, mover, minor_chases_major)
}
