//! Reading and writing FEN (RULES.md §1.3): `n`/`b` letters and `w`/`b` side on output; `h`/`e`
//! letters, `r` for Red and truncated FENs on input. Impossible positions are rejected with an error
//! that names the problem.

use crate::attacks::reachable;
use crate::{Color, File, Piece, Position, Rank, Role, Square};
use std::fmt;

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The string is empty.
    Empty,
    /// The placement field does not have ten ranks.
    WrongRankCount(usize),
    /// A rank (0 = Red's back rank) does not describe exactly nine points.
    WrongRankLength {
        /// The rank, 0–9.
        rank: u8,
    },
    /// A character in the placement field is not a piece letter or a digit 1–9.
    InvalidPieceChar(char),
    /// The side-to-move field is not `w`, `r` or `b`.
    InvalidTurn(String),
    /// The half-move or full-move field is not a number.
    InvalidCounter(String),
    /// A field other than `-` where castling or en passant would be.
    InvalidField(String),
    /// Fields after the sixth.
    TrailingFields(String),
    /// A side has no king or more than one.
    KingCount {
        /// Whose king.
        color: Color,
        /// How many were found.
        count: usize,
    },
    /// A side has more pieces of a kind than the game allows.
    TooMany {
        /// Whose pieces.
        color: Color,
        /// Which kind.
        role: Role,
        /// How many were found.
        count: usize,
    },
    /// A piece stands where it can never be (king or advisor outside its palace, an elephant off
    /// its seven points or across the river, a pawn behind its start rank).
    PieceOnImpossibleSquare {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The kings face each other on an open file.
    KingsFacing,
    /// The side that is not to move is in check (its king could be captured).
    OpponentInCheck(Color),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::WrongRankCount(n) => {
                write!(
                    f,
                    "the board must have 10 ranks separated by '/', found {n}"
                )
            }
            FenError::WrongRankLength { rank } => {
                write!(f, "rank {rank} does not describe exactly 9 points")
            }
            FenError::InvalidPieceChar(c) => write!(f, "invalid piece letter '{c}'"),
            FenError::InvalidTurn(s) => {
                write!(f, "invalid side to move '{s}' (expected w, r or b)")
            }
            FenError::InvalidCounter(s) => write!(f, "invalid move counter '{s}'"),
            FenError::InvalidField(s) => {
                write!(f, "invalid castling/en-passant field '{s}' (expected -)")
            }
            FenError::TrailingFields(s) => write!(f, "unexpected text after the FEN: '{s}'"),
            FenError::KingCount { color, count } => {
                write!(f, "{color} must have exactly one king, found {count}")
            }
            FenError::TooMany { color, role, count } => write!(
                f,
                "{color} has {count} pieces '{}', at most {} allowed",
                role.fen_char(),
                role.max_count()
            ),
            FenError::PieceOnImpossibleSquare { piece, square } => write!(
                f,
                "{} {:?} on {square} is on a point it can never reach",
                piece.color, piece.role
            ),
            FenError::KingsFacing => write!(f, "the kings face each other on an open file"),
            FenError::OpponentInCheck(c) => {
                write!(f, "{c} is in check but it is not {c}'s move")
            }
        }
    }
}

impl std::error::Error for FenError {}

fn parse_placement(field: &str) -> Result<[Option<Piece>; 90], FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::WrongRankCount(ranks.len()));
    }
    let mut board = [None; 90];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file: u8 = 0;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(FenError::InvalidPieceChar(c));
                }
                file = file.saturating_add(d as u8);
            } else {
                let piece = Piece::from_fen_char(c).ok_or(FenError::InvalidPieceChar(c))?;
                let f = File::try_new(file).ok_or(FenError::WrongRankLength { rank })?;
                let sq = Square::from_coords(f, Rank::new(rank));
                board[sq.index()] = Some(piece);
                file += 1;
            }
            if file > 9 {
                return Err(FenError::WrongRankLength { rank });
            }
        }
        if file != 9 {
            return Err(FenError::WrongRankLength { rank });
        }
    }
    Ok(board)
}

fn validate(board: &[Option<Piece>; 90]) -> Result<(), FenError> {
    for color in Color::ALL {
        for role in Role::ALL {
            let count = board
                .iter()
                .filter(|p| **p == Some(Piece::new(color, role)))
                .count();
            if role == Role::King && count != 1 {
                return Err(FenError::KingCount { color, count });
            }
            if count > role.max_count() {
                return Err(FenError::TooMany { color, role, count });
            }
        }
    }
    for (i, p) in board.iter().enumerate() {
        if let Some(piece) = *p {
            let square = Square::new(i);
            if !reachable(piece.color, piece.role, square) {
                return Err(FenError::PieceOnImpossibleSquare { piece, square });
            }
        }
    }
    Ok(())
}

impl Position {
    /// Parses a FEN. Only the placement and side-to-move fields are required.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let pos = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")?;
    /// assert_eq!(pos, Position::startpos());
    /// # Ok::<_, xiangqi::FenError>(())
    /// ```
    ///
    /// # Errors
    /// [`FenError`] naming what is malformed or impossible.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let board = parse_placement(placement)?;
        let turn = match fields.next() {
            None => Color::Red,
            Some(t) => match t.to_ascii_lowercase().as_str() {
                "w" | "r" => Color::Red,
                "b" => Color::Black,
                _ => return Err(FenError::InvalidTurn(t.to_string())),
            },
        };
        let rest: Vec<&str> = fields.collect();
        // Castling and en-passant fields are optional; skip leading '-' fields.
        let mut idx = 0;
        while idx < rest.len() && idx < 2 && !rest[idx].chars().all(|c| c.is_ascii_digit()) {
            if rest[idx] != "-" {
                return Err(FenError::InvalidField(rest[idx].to_string()));
            }
            idx += 1;
        }
        let counter = |s: Option<&&str>, default: u32| -> Result<u32, FenError> {
            match s {
                None => Ok(default),
                Some(s) => s
                    .parse::<u32>()
                    .map_err(|_| FenError::InvalidCounter(s.to_string())),
            }
        };
        let halfmoves = counter(rest.get(idx), 0)?;
        let fullmoves = counter(rest.get(idx + 1), 1)?.max(1);
        if rest.len() > idx + 2 {
            return Err(FenError::TrailingFields(rest[idx + 2..].join(" ")));
        }
        validate(&board)?;
        let halfmoves = u16::try_from(halfmoves)
            .map_err(|_| FenError::InvalidCounter(halfmoves.to_string()))?;
        let pos = Position::from_parts(&board, turn, halfmoves, fullmoves);
        if pos.kings_facing() {
            return Err(FenError::KingsFacing);
        }
        if pos.king_attacked(!turn) {
            return Err(FenError::OpponentInCheck(!turn));
        }
        Ok(pos)
    }

    /// The placement field of the FEN.
    #[must_use]
    pub fn board_fen(&self) -> String {
        write_placement(|q| self.piece_at(q))
    }

    /// The full six-field FEN: `<board> w|b - - <halfmoves> <fullmoves>`.
    #[must_use]
    pub fn fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            self.board_fen(),
            self.turn.fen_char(),
            self.halfmoves,
            self.fullmoves
        )
    }
}

/// The placement field of a FEN for the board on which `piece_at` tells what stands on each
/// point: the one writer of it, for positions and for the records' boards before they are ones.
pub(crate) fn write_placement(piece_at: impl Fn(Square) -> Option<Piece>) -> String {
    let mut s = String::with_capacity(64);
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match piece_at(Square::from_coords(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank.index() > 0 {
            s.push('/');
        }
    }
    s
}
