//! Insufficient material (RULES.md §6.6): a side with only its king, advisors and elephants can
//! never mate; when both sides are in that state the game is drawn.

use crate::{Color, Position, Role};

/// Whether `color` still has a piece that can take part in a mate: a chariot, horse, cannon or
/// pawn. (Stalemate loses in Xiangqi, so even a lone horse or pawn is enough.)
///
/// ```
/// use xiangqi::{Color, Position};
/// use xiangqi::rulings::has_mating_material;
/// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3KN4 w - - 0 1")?;
/// assert!(has_mating_material(&pos, Color::Red));
/// assert!(!has_mating_material(&pos, Color::Black));
/// # Ok::<_, xiangqi::FenError>(())
/// ```
#[must_use]
pub fn has_mating_material(pos: &Position, color: Color) -> bool {
    [Role::Chariot, Role::Horse, Role::Cannon, Role::Pawn]
        .into_iter()
        .any(|role| pos.count(color, role) > 0)
}

/// Whether neither side has mating material (only kings, advisors and elephants remain).
#[must_use]
pub fn insufficient_material(pos: &Position) -> bool {
    !has_mating_material(pos, Color::Red) && !has_mating_material(pos, Color::Black)
}
