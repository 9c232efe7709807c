//! Handicaps (让子): what a stronger player gives, and the start position that results.
//!
//! A [`Handicap`] names the side that gives it (the giver, usually the stronger player) and
//! what is given ([`HandicapKind`]): one horse (让单马), both horses (让双马), one chariot
//! (让单车), the first move (让先: the receiver moves first), or any start position a FEN
//! describes. Pieces are removed from the table's own start position: the giver's *left* horse
//! or chariot as the giver sees the board (Red's b0 horse and a0 chariot, Black's h9 horse and
//! i9 chariot). [`Handicap::recognise`] reads a stored start position back into a handicap.
//!
//! Handicap games are unrated unless the room rates them with [`HandicapOffsets`]: the giver's
//! rating is then treated as reduced by the offset when the expected score is computed
//! (`platform::rating::Profile::rate_with_handicap`).

use xiangqi::{Color, Position};

/// What a handicap gives.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HandicapKind {
    /// 让单马: the giver plays without its left horse.
    Horse,
    /// 让双马: without both horses.
    TwoHorses,
    /// 让单车: without its left chariot.
    Chariot,
    /// 让先: the receiver moves first (only Red can give it from a Red-to-move start).
    FirstMove,
    /// Any start position (a FEN) that the rules accept and that differs from the table's.
    Position(String),
}

impl HandicapKind {
    /// The kind's wire name: `horse`, `two_horses`, `chariot`, `first_move` or `position`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            HandicapKind::Horse => "horse",
            HandicapKind::TwoHorses => "two_horses",
            HandicapKind::Chariot => "chariot",
            HandicapKind::FirstMove => "first_move",
            HandicapKind::Position(_) => "position",
        }
    }

    /// The named kinds (all but [`HandicapKind::Position`]), in order of size.
    pub const NAMED: [HandicapKind; 4] = [
        HandicapKind::FirstMove,
        HandicapKind::Horse,
        HandicapKind::TwoHorses,
        HandicapKind::Chariot,
    ];
}

/// A handicap: who gives it and what.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Handicap {
    /// The side that gives it.
    pub giver: Color,
    /// What it gives.
    pub kind: HandicapKind,
}

/// Why a handicap cannot be played from a table's start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    /// The piece to remove is not where the start position has it.
    #[error("the start position has no {0} to give")]
    NoSuchPiece(&'static str),
    /// The position is the table's own start: nothing is given.
    #[error("that is no handicap: the start position is unchanged")]
    Unchanged,
    /// The FEN is not a position the rules accept.
    #[error("bad start position: {0}")]
    BadFen(String),
}

/// Squares (rank from Red's back rank 0, file a = 0) of the pieces each named kind removes.
fn removed(giver: Color, kind: &HandicapKind) -> &'static [(usize, usize, char)] {
    match (giver, kind) {
        (Color::Red, HandicapKind::Horse) => &[(0, 1, 'N')],
        (Color::Red, HandicapKind::TwoHorses) => &[(0, 1, 'N'), (0, 7, 'N')],
        (Color::Red, HandicapKind::Chariot) => &[(0, 0, 'R')],
        (Color::Black, HandicapKind::Horse) => &[(9, 7, 'n')],
        (Color::Black, HandicapKind::TwoHorses) => &[(9, 7, 'n'), (9, 1, 'n')],
        (Color::Black, HandicapKind::Chariot) => &[(9, 8, 'r')],
        _ => &[],
    }
}

/// The FEN's placement as ten ranks of nine points (rank 0 first), or `None` if malformed.
fn board(fen: &str) -> Option<Vec<Vec<char>>> {
    let placement = fen.split(' ').next()?;
    let mut ranks = Vec::new();
    for row in placement.split('/').rev() {
        let mut points = Vec::new();
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => points.extend(std::iter::repeat_n('1', n as usize)),
                None => points.push(c),
            }
        }
        ranks.push(points);
    }
    (ranks.len() == 10 && ranks.iter().all(|r| r.len() == 9)).then_some(ranks)
}

/// The placement of `ranks` ([`board`]'s form) as FEN text.
fn placement(ranks: &[Vec<char>]) -> String {
    let rows: Vec<String> = ranks
        .iter()
        .rev()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in r {
                if c == '1' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    rows.join("/")
}

impl Handicap {
    /// A handicap that `giver` gives.
    #[must_use]
    pub fn new(giver: Color, kind: HandicapKind) -> Handicap {
        Handicap { giver, kind }
    }

    /// The position a game with this handicap starts from, given the table's start `base`.
    ///
    /// # Errors
    /// [`HandicapError`]: a piece to remove is missing, a FEN is bad, or nothing changes.
    pub fn start(&self, base: &Position) -> Result<Position, HandicapError> {
        let bad = |e: xiangqi::FenError| HandicapError::BadFen(e.to_string());
        let pos = match &self.kind {
            HandicapKind::Position(fen) => Position::from_fen(fen).map_err(bad)?,
            HandicapKind::FirstMove => {
                if base.turn() != self.giver {
                    return Err(HandicapError::Unchanged);
                }
                let fen = base.fen();
                let mut fields: Vec<&str> = fen.split(' ').collect();
                let turn = if self.giver == Color::Red { "b" } else { "w" };
                if let Some(side) = fields.get_mut(1) {
                    *side = turn;
                }
                Position::from_fen(&fields.join(" ")).map_err(bad)?
            }
            kind => {
                let fen = base.fen();
                let mut ranks = board(&fen).ok_or(HandicapError::Unchanged)?;
                for &(rank, file, piece) in removed(self.giver, kind) {
                    let point = &mut ranks[rank][file];
                    if *point != piece {
                        return Err(HandicapError::NoSuchPiece(kind.name()));
                    }
                    *point = '1';
                }
                let rest = fen.split_once(' ').map_or("w - - 0 1", |(_, r)| r);
                Position::from_fen(&format!("{} {rest}", placement(&ranks))).map_err(bad)?
            }
        };
        if pos.fen() == base.fen() {
            return Err(HandicapError::Unchanged);
        }
        Ok(pos)
    }

    /// The handicap that turns `base` into `start`: a named kind when one matches exactly,
    /// otherwise [`HandicapKind::Position`] given by the side with less material (Red when
    /// even). `None` when `start` is `base`.
    #[must_use]
    pub fn recognise(base: &Position, start: &Position) -> Option<Handicap> {
        if start.fen() == base.fen() {
            return None;
        }
        for giver in Color::ALL {
            for kind in HandicapKind::NAMED {
                let h = Handicap::new(giver, kind);
                if h.start(base).is_ok_and(|p| p.fen() == start.fen()) {
                    return Some(h);
                }
            }
        }
        let material = |c: Color| start.occupied_by(c).count();
        let giver = if material(Color::Black) < material(Color::Red) {
            Color::Black
        } else {
            Color::Red
        };
        Some(Handicap::new(giver, HandicapKind::Position(start.fen())))
    }
}

/// Rating offsets of handicap games in a room that rates them: points taken off the giver's
/// rating in the expected score, per named kind. Games from any other position stay unrated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandicapOffsets {
    /// 让先.
    pub first_move: i32,
    /// 让单马.
    pub horse: i32,
    /// 让双马.
    pub two_horses: i32,
    /// 让单车.
    pub chariot: i32,
}

impl Default for HandicapOffsets {
    fn default() -> Self {
        HandicapOffsets {
            first_move: 50,
            horse: 200,
            two_horses: 350,
            chariot: 450,
        }
    }
}

impl HandicapOffsets {
    /// The offset of `kind`; `None` for a free position (such games are unrated).
    #[must_use]
    pub fn offset(&self, kind: &HandicapKind) -> Option<i32> {
        match kind {
            HandicapKind::FirstMove => Some(self.first_move),
            HandicapKind::Horse => Some(self.horse),
            HandicapKind::TwoHorses => Some(self.two_horses),
            HandicapKind::Chariot => Some(self.chariot),
            HandicapKind::Position(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(giver: Color, kind: HandicapKind) -> Result<String, HandicapError> {
        Handicap::new(giver, kind)
            .start(&Position::startpos())
            .map(|p| p.fen())
    }

    #[test]
    fn named_handicaps_remove_the_givers_left_pieces() {
        use HandicapKind::*;
        let rest = "/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/";
        assert_eq!(
            start(Color::Red, Horse).unwrap(),
            format!("rnbakabnr{rest}R1BAKABNR w - - 0 1")
        );
        assert_eq!(
            start(Color::Red, TwoHorses).unwrap(),
            format!("rnbakabnr{rest}R1BAKAB1R w - - 0 1")
        );
        assert_eq!(
            start(Color::Red, Chariot).unwrap(),
            format!("rnbakabnr{rest}1NBAKABNR w - - 0 1")
        );
        assert_eq!(
            start(Color::Black, Horse).unwrap(),
            format!("rnbakab1r{rest}RNBAKABNR w - - 0 1")
        );
        assert_eq!(
            start(Color::Black, Chariot).unwrap(),
            format!("rnbakabn1{rest}RNBAKABNR w - - 0 1")
        );
        assert_eq!(
            start(Color::Red, FirstMove).unwrap(),
            format!("rnbakabnr{rest}RNBAKABNR b - - 0 1")
        );
    }

    #[test]
    fn nothing_given_or_missing_pieces_are_refused() {
        assert_eq!(
            start(Color::Black, HandicapKind::FirstMove),
            Err(HandicapError::Unchanged)
        );
        let same = HandicapKind::Position(xiangqi::START_FEN.into());
        assert_eq!(start(Color::Red, same), Err(HandicapError::Unchanged));
        let bad = HandicapKind::Position("rnbakabnr/9 w".into());
        assert!(matches!(
            start(Color::Red, bad),
            Err(HandicapError::BadFen(_))
        ));
        let base = Handicap::new(Color::Red, HandicapKind::Horse)
            .start(&Position::startpos())
            .unwrap();
        assert_eq!(
            Handicap::new(Color::Red, HandicapKind::TwoHorses).start(&base),
            Err(HandicapError::NoSuchPiece("two_horses"))
        );
    }

    #[test]
    fn stored_starts_are_recognised() {
        let base = Position::startpos();
        assert_eq!(Handicap::recognise(&base, &base), None);
        for giver in Color::ALL {
            for kind in [
                HandicapKind::Horse,
                HandicapKind::TwoHorses,
                HandicapKind::Chariot,
            ] {
                let h = Handicap::new(giver, kind);
                let pos = h.start(&base).unwrap();
                assert_eq!(Handicap::recognise(&base, &pos), Some(h));
            }
        }
        let first = Handicap::new(Color::Red, HandicapKind::FirstMove);
        let pos = first.start(&base).unwrap();
        assert_eq!(Handicap::recognise(&base, &pos), Some(first));
        // Black without both advisors: a free position given by Black.
        let fen = "rnb1k1bnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(
            Handicap::recognise(&base, &pos),
            Some(Handicap::new(
                Color::Black,
                HandicapKind::Position(pos.fen())
            ))
        );
    }

    #[test]
    fn offsets_cover_named_kinds_only() {
        let o = HandicapOffsets::default();
        assert_eq!(o.offset(&HandicapKind::Horse), Some(200));
        assert_eq!(o.offset(&HandicapKind::Position(String::new())), None);
    }
}
