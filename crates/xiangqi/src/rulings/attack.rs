//! Attack geometry for the rulings: which points a piece attacks, which pieces attack a point,
//! and hypothetical captures by the side that is not to move. Written for clarity; these run only
//! on the plies of a detected repetition cycle.

use crate::attacks::{ADVISOR_MOVES, ELEPHANT_MOVES, HORSE_MOVES, KING_MOVES, PAWN_MOVES, RAYS};
use crate::{Bitboard, Color, Move, Piece, Position, Role, Square};

/// The points the piece on `from` attacks (could capture on, were an enemy piece there), given
/// the current occupancy. A king attacks its palace neighbours only (facing kings are handled by
/// [`king_attackers`]). Empty if `from` is empty.
pub(crate) fn attacks(pos: &Position, from: Square) -> Bitboard {
    let Some(piece) = pos.piece_at(from) else {
        return Bitboard::EMPTY;
    };
    let s = from.index();
    let c = piece.color.index();
    let empty = |i: u8| pos.piece_at(Square::new(i as usize)).is_none();
    let mut set = Bitboard::EMPTY;
    let mut add = |t: u8| set.add(Square::new(usize::from(t)));
    match piece.role {
        Role::Chariot => {
            for ray in &RAYS[s] {
                for &t in ray.as_slice() {
                    add(t);
                    if !empty(t) {
                        break;
                    }
                }
            }
        }
        Role::Cannon => {
            for ray in &RAYS[s] {
                let mut screened = false;
                for &t in ray.as_slice() {
                    if empty(t) {
                        continue;
                    }
                    if screened {
                        add(t);
                        break;
                    }
                    screened = true;
                }
            }
        }
        Role::Horse => {
            for step in HORSE_MOVES[s].as_slice() {
                if empty(step.block) {
                    add(step.to);
                }
            }
        }
        Role::Elephant => {
            for step in ELEPHANT_MOVES[c][s].as_slice() {
                if empty(step.block) {
                    add(step.to);
                }
            }
        }
        Role::Advisor => {
            for &t in ADVISOR_MOVES[c][s].as_slice() {
                add(t);
            }
        }
        Role::King => {
            for &t in KING_MOVES[c][s].as_slice() {
                add(t);
            }
        }
        Role::Pawn => {
            for &t in PAWN_MOVES[c][s].as_slice() {
                add(t);
            }
        }
    }
    set
}

/// The pieces of `by` that attack `sq` (palace neighbours only for the king).
pub(crate) fn attackers(pos: &Position, sq: Square, by: Color) -> Bitboard {
    pos.occupied_by(by)
        .into_iter()
        .filter(|&s| attacks(pos, s).contains(sq))
        .collect()
}

/// The enemy pieces attacking `color`'s king, including the enemy king when the two face each
/// other on an open file (the flying-general rule).
pub(crate) fn king_attackers(pos: &Position, color: Color) -> Bitboard {
    let k = pos.king(color);
    let mut set = attackers(pos, k, !color);
    if pos.kings_facing() {
        set.add(pos.king(!color));
    }
    set
}

/// Whether a pawn of `piece` has crossed the river.
pub(crate) fn crossed(piece: Piece, sq: Square) -> bool {
    !sq.on_own_side(piece.color)
}

/// `pos` with `color` to move (a null move if needed).
pub(crate) fn with_turn(pos: &Position, color: Color) -> Position {
    let mut p = pos.clone();
    if p.turn() != color {
        p.do_null_move();
    }
    p
}

/// Plays `m` for the owner of the piece on its source square, whoever is to move, and returns
/// the resulting position (the opponent of the mover to move). `m` must be a pseudo-legal
/// capture or move of that piece.
pub(crate) fn play_for_owner(pos: &Position, m: Move) -> Option<Position> {
    let piece = pos.piece_at(m.from())?;
    let mut p = with_turn(pos, piece.color);
    p.do_move(m);
    Some(p)
}

/// Whether the piece on `m.from()` can make the capture `m` "for chase purposes", whoever is to
/// move: the capture is geometrically possible and afterwards its own king is attacked by no piece
/// outside `tolerated` (the squares of checkers already on the board, which are ignored; a king
/// making the capture must end up not attacked at all).
pub(crate) fn capture_ok(pos: &Position, m: Move, tolerated: Bitboard) -> bool {
    let Some(piece) = pos.piece_at(m.from()) else {
        return false;
    };
    if !attacks(pos, m.from()).contains(m.to()) || !pos.is_color_at(m.to(), !piece.color) {
        return false;
    }
    let tolerated = if piece.role == Role::King {
        Bitboard::EMPTY
    } else {
        tolerated
    };
    match play_for_owner(pos, m) {
        Some(after) => (king_attackers(&after, piece.color) & !tolerated).is_empty(),
        None => false,
    }
}

/// [`capture_ok`] tolerating the checks on the board in `pos` against the capturing side.
pub(crate) fn capture_possible(pos: &Position, m: Move) -> bool {
    match pos.piece_at(m.from()) {
        Some(piece) => capture_ok(pos, m, king_attackers(pos, piece.color)),
        None => false,
    }
}
