//! Board geometry the taggers share: who attacks what, screens, palace neighbours, material.

use xiangqi::{Color, MoveList, Piece, Position, Role, Square};

/// The points the pieces of `by` could capture on (pseudo-legal captures, king safety ignored),
/// as (from, to) pairs.
pub(super) fn captures(pos: &Position, by: Color) -> Vec<(Square, Square)> {
    let mut p = pos.clone();
    if p.turn() != by {
        p.do_null_move();
    }
    let mut list = MoveList::new();
    p.pseudo_captures_into(&mut list);
    list.iter().map(|m| (m.from(), m.to())).collect()
}

/// The pieces of `by` attacking `target` (pseudo-legally).
pub(super) fn attackers_of(pos: &Position, target: Square, by: Color) -> Vec<(Square, Piece)> {
    captures(pos, by)
        .into_iter()
        .filter(|&(_, to)| to == target)
        .filter_map(|(from, _)| pos.piece_at(from).map(|p| (from, p)))
        .collect()
}

/// The enemy pieces the piece on `from` attacks.
pub(super) fn attacked_by(pos: &Position, from: Square) -> Vec<(Square, Piece)> {
    let Some(piece) = pos.piece_at(from) else {
        return vec![];
    };
    captures(pos, piece.color)
        .into_iter()
        .filter(|&(f, _)| f == from)
        .filter_map(|(_, to)| pos.piece_at(to).map(|p| (to, p)))
        .collect()
}

/// The points strictly between two points on one rank or file (empty otherwise).
pub(super) fn between(a: Square, b: Square) -> Vec<Square> {
    let (fa, ra) = (a.file().index(), a.rank().index());
    let (fb, rb) = (b.file().index(), b.rank().index());
    let mut out = vec![];
    if fa == fb {
        for r in ra.min(rb) + 1..ra.max(rb) {
            out.push(Square::new(r * 9 + fa));
        }
    } else if ra == rb {
        for f in fa.min(fb) + 1..fa.max(fb) {
            out.push(Square::new(ra * 9 + f));
        }
    }
    out
}

/// The one piece between a cannon and its target (its screen), if exactly one.
pub(super) fn screen(pos: &Position, cannon: Square, target: Square) -> Option<(Square, Piece)> {
    let pieces: Vec<(Square, Piece)> = between(cannon, target)
        .into_iter()
        .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
        .collect();
    match pieces.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The king's orthogonal neighbours inside its palace.
pub(super) fn palace_neighbours(king: Square, color: Color) -> Vec<Square> {
    [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(|(df, dr)| king.offset(df, dr))
        .filter(|s| s.in_palace(color))
        .collect()
}

/// The rank index of `color`'s back rank.
pub(super) fn back_rank(color: Color) -> usize {
    match color {
        Color::Red => 0,
        Color::Black => 9,
    }
}

/// Material in points (pawn 1, advisor and elephant 2, horse 4, cannon 4.5, chariot 9).
pub(super) fn material(pos: &Position, color: Color) -> f64 {
    pos.pieces()
        .filter(|(_, p)| p.color == color)
        .map(|(_, p)| value(p.role))
        .sum()
}

/// A piece's value in points.
pub(super) fn value(role: Role) -> f64 {
    match role {
        Role::King => 0.0,
        Role::Pawn => 1.0,
        Role::Advisor | Role::Elephant => 2.0,
        Role::Horse => 4.0,
        Role::Cannon => 4.5,
        Role::Chariot => 9.0,
    }
}

/// Whether a role is a major piece (chariot, horse, cannon).
pub(super) fn major(role: Role) -> bool {
    matches!(role, Role::Chariot | Role::Horse | Role::Cannon)
}
