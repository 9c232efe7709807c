//! The AXF/WXF chase (捉) of RULES.md §6.7: which enemy pieces a move newly threatens to win.
//!
//! In one position, an attack by piece `X` on enemy piece `V` is classified ([`attack`]):
//! * victims: any enemy piece except the king and pawns that have not crossed the river;
//! * attackers: any piece except the king and pawns (they may chase freely);
//! * the capture must not expose the attacker's king to a new attack (pins, flying general);
//! * a chariot attacked by a horse or cannon is chased even when protected; so is a chariot,
//!   horse or cannon attacked by an advisor or elephant (optional, on by default);
//! * an attack on a piece of the same type that can capture back is an exchange offer (兑), not
//!   a chase (an impaired horse or a pinned victim cannot capture back, so it is chased);
//! * otherwise the victim is chased when, after the capture, its side cannot take back: roots
//!   that are pinned, or a king that would face the other king or walk into an attack, are fake.
//!
//! A move chases the victims it newly chases ([`new_chases`]): chased after the move by an attack
//! that is new for that attacker (the attacker moved, a line or a cannon mount opened, a pin on
//! the attacker was lifted, the victim lost the right to take back) or that now meets only fake
//! roots (a protector was pinned). Novelty is judged per attacker, not per victim: a victim that
//! another piece already attacked before the move is still newly chased by a new attacker, so a
//! chase handed from piece to piece is a chase on every move (RULES.md §6.3: "two or more pieces
//! chasing one piece in turn is also a chase"; WXF "some perpetual chasing", see docs/rules.md).
//! A victim that merely lost a protector whose line the mover blocked or whose cannon mount it
//! removed is not newly chased (Fairy-Stockfish does not count it either).

use super::attack::{
    attacks, capture_ok, capture_possible, crossed, king_attackers, play_for_owner,
};
use super::ids::{IdSet, Ids};
use crate::{Move, Position, Role, Square};

/// How a piece attacks an enemy piece in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Attack {
    /// No possible capture (or the victim cannot be chased).
    Impossible,
    /// Same type and the victim can capture back: an exchange offer.
    Exchange,
    /// The victim's side can take back with these pieces (identities).
    Protected(IdSet),
    /// A chase.
    Chase,
}

/// Whether a piece can be chased at all: not the king, not an uncrossed pawn.
fn is_victim(pos: &Position, sq: Square) -> bool {
    match pos.piece_at(sq) {
        Some(p) => match p.role {
            Role::King => false,
            Role::Pawn => crossed(p, sq),
            _ => true,
        },
        None => false,
    }
}

/// Classifies the attack of the piece on `from` on the piece on `to`.
fn attack(pos: &Position, ids: &Ids, from: Square, to: Square, minor_chases_major: bool) -> Attack {
    let (Some(x), Some(v)) = (pos.piece_at(from), pos.piece_at(to)) else {
        return Attack::Impossible;
    };
    let m = Move::new(from, to);
    if x.color == v.color
        || matches!(x.role, Role::King | Role::Pawn)
        || !is_victim(pos, to)
        || !capture_possible(pos, m)
    {
        return Attack::Impossible;
    }
    let stronger = v.role == Role::Chariot && matches!(x.role, Role::Horse | Role::Cannon);
    let minor = minor_chases_major
        && matches!(x.role, Role::Advisor | Role::Elephant)
        && matches!(v.role, Role::Chariot | Role::Horse | Role::Cannon);
    if stronger || minor {
        return Attack::Chase;
    }
    if x.role == v.role && capture_possible(pos, Move::new(to, from)) {
        return Attack::Exchange;
    }
    let roots = recapturers(pos, m, ids);
    if roots == 0 {
        Attack::Chase
    } else {
        Attack::Protected(roots)
    }
}

/// The pieces (identities) of the victim's side that could take back after the capture `m`
/// (checks on the board before `m` against that side are ignored; one `m` discovers is not).
fn recapturers(pos: &Position, m: Move, ids: &Ids) -> IdSet {
    let Some(victim) = pos.piece_at(m.to()) else {
        return 0;
    };
    let tolerated = king_attackers(pos, victim.color);
    let Some(after) = play_for_owner(pos, m) else {
        return 0;
    };
    after
        .occupied_by(victim.color)
        .into_iter()
        .filter(|&y| capture_ok(&after, Move::new(y, m.to()), tolerated))
        .fold(0, |acc, y| acc | ids.set_of(y))
}

/// One chase: the attacker's and the victim's points (in the position after the move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pair {
    /// Where the chasing piece stands.
    pub attacker: Square,
    /// Where the chased piece stands.
    pub victim: Square,
}

/// The chases the move from `before` to `after` newly makes (see the module comment), one pair
/// per attacker and victim.
///
/// Each attack is compared with the same attacker's attack on the same victim before the move
/// (tracked by identity). Whether *another* piece chased the victim before does not matter: the
/// AXF rules count "two or more pieces chasing one piece in turn" as a chase (RULES.md §6.3), so
/// a horse that leaves the point from which it attacked a chariot and, by landing, mounts a
/// cannon that now attacks the same chariot chases it again (WXF "some perpetual chasing",
/// `2c1kab2/…`: Red's horse e2-d4-e2 against an idle black cannon loses).
pub(crate) fn new_chases(
    before: &Position,
    ids_before: &Ids,
    after: &Position,
    ids_after: &Ids,
    minor_chases_major: bool,
) -> Vec<Pair> {
    let mover = before.turn();
    let mut pairs = Vec::new();
    for from in after.occupied_by(mover) {
        for to in attacks(after, from) & after.occupied_by(!mover) {
            if attack(after, ids_after, from, to, minor_chases_major) != Attack::Chase {
                continue;
            }
            let was = match (
                ids_before.find(ids_after.at(from)),
                ids_before.find(ids_after.at(to)),
            ) {
                (Some(xb), Some(vb)) => attack(before, ids_before, xb, vb, minor_chases_major),
                _ => Attack::Impossible,
            };
            let new = match was {
                Attack::Impossible | Attack::Exchange => true,
                Attack::Chase => false,
                Attack::Protected(roots) => {
                    has_fake_root(after, ids_after, Move::new(from, to), roots)
                }
            };
            if new {
                pairs.push(Pair {
                    attacker: from,
                    victim: to,
                });
            }
        }
    }
    pairs
}

/// The victims (identities) of `pairs`.
pub(crate) fn victims(pairs: &[Pair], ids: &Ids) -> IdSet {
    pairs.iter().fold(0, |acc, p| acc | ids.set_of(p.victim))
}

/// Whether one of `roots` (which could take back before the move) still reaches the capture
/// point after the capture `m` in `after` but may not take back: a root made fake by a pin.
fn has_fake_root(after: &Position, ids: &Ids, m: Move, roots: IdSet) -> bool {
    let Some(captured) = play_for_owner(after, m) else {
        return false;
    };
    (1..64u8)
        .filter(|id| roots & (1u64 << id) != 0)
        .filter_map(|id| ids.find(id))
        .any(|y| attacks(&captured, y).contains(m.to()))
}
