//! Handicaps (让子) on the wire: what `handicap_propose` carries (`HandicapKindMsg`, read by
//! [`handicap`]), and how a handicap is shown ([`HandicapView`] in `TableState`, `GameState` and
//! the handicap events; [`HandicapTag`] in the lobby's `TableSummary`).

use super::client::{BadMessage, HandicapKindMsg, Side};
use platform::table::{Handicap, HandicapKind, HandicapOffsets};
use serde::Serialize;
use xiangqi::Position;

/// The handicap `giver` gives of `kind` (`fen` for a free position).
///
/// # Errors
/// [`BadMessage`] for a `position` without `fen`, or a `fen` with another kind.
pub fn handicap(
    giver: Side,
    kind: HandicapKindMsg,
    fen: Option<String>,
) -> Result<Handicap, BadMessage> {
    let kind = match (kind, fen) {
        (HandicapKindMsg::Position, Some(fen)) => HandicapKind::Position(fen),
        (HandicapKindMsg::Position, None) => {
            return Err(BadMessage("a position handicap needs `fen`".into()))
        }
        (_, Some(_)) => return Err(BadMessage("`fen` goes only with kind `position`".into())),
        (HandicapKindMsg::Horse, None) => HandicapKind::Horse,
        (HandicapKindMsg::TwoHorses, None) => HandicapKind::TwoHorses,
        (HandicapKindMsg::Chariot, None) => HandicapKind::Chariot,
        (HandicapKindMsg::FirstMove, None) => HandicapKind::FirstMove,
    };
    Ok(Handicap::new(giver.into(), kind))
}

/// A handicap as the lobby shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HandicapTag {
    /// The side that gives it.
    pub giver: &'static str,
    /// `horse`, `two_horses`, `chariot`, `first_move` or `position`.
    pub kind: &'static str,
}

impl From<&Handicap> for HandicapTag {
    fn from(h: &Handicap) -> HandicapTag {
        HandicapTag {
            giver: h.giver.name(),
            kind: h.kind.name(),
        }
    }
}

/// A handicap at a table or of a game.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HandicapView {
    /// The side that gives it.
    pub giver: &'static str,
    /// `horse`, `two_horses`, `chariot`, `first_move` or `position`.
    pub kind: &'static str,
    /// The position games start from with it.
    pub start_fen: String,
    /// The rating offset when the room rates handicap games (`null`: unrated).
    pub offset: Option<i32>,
}

impl HandicapView {
    /// `h`, giving `start`, at a room that rates handicap games with `rating` (if it does).
    #[must_use]
    pub fn new(h: &Handicap, start: &Position, rating: Option<&HandicapOffsets>) -> HandicapView {
        HandicapView {
            giver: h.giver.name(),
            kind: h.kind.name(),
            start_fen: start.fen(),
            offset: rating.and_then(|r| r.offset(&h.kind)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_fens_are_read() {
        let h = handicap(Side::Black, HandicapKindMsg::Chariot, None).unwrap();
        assert_eq!(
            h,
            Handicap::new(xiangqi::Color::Black, HandicapKind::Chariot)
        );
        assert!(handicap(Side::Red, HandicapKindMsg::Position, None).is_err());
        assert!(handicap(Side::Red, HandicapKindMsg::Horse, Some("x".into())).is_err());
        let p = handicap(Side::Red, HandicapKindMsg::Position, Some("f".into())).unwrap();
        assert_eq!(p.kind, HandicapKind::Position("f".into()));
    }
}
