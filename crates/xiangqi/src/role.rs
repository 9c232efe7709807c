//! The seven kinds of pieces and coloured pieces.

use crate::Color;
use std::fmt;

/// A kind of piece, independent of colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帅/将 — King (General).
    King = 0,
    /// 仕/士 — Advisor.
    Advisor = 1,
    /// 相/象 — Elephant.
    Elephant = 2,
    /// 马 — Horse.
    Horse = 3,
    /// 车 — Chariot.
    Chariot = 4,
    /// 炮 — Cannon.
    Cannon = 5,
    /// 兵/卒 — Pawn (Soldier).
    Pawn = 6,
}

impl Role {
    /// All roles, king first.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Pawn,
    ];

    /// 0..7 in the order of [`Role::ALL`].
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The canonical lowercase FEN letter (`k a b n r c p`).
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Role::King => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Pawn => 'p',
        }
    }

    /// Parses a FEN letter of either case, accepting `h` for horse and `e` for elephant.
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::King,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Pawn,
            _ => return None,
        })
    }

    /// The WXF letter (`K A E H R C P`).
    #[must_use]
    pub const fn wxf_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// Maximum number of this role per side in a legal position.
    #[must_use]
    pub const fn max_count(self) -> usize {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }
}

/// A coloured piece, packed in one byte (`1 + color * 7 + role`; 0 is reserved for "empty").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which kind.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for Red.
    #[must_use]
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Parses a FEN letter (`h`/`e` accepted); the case gives the colour.
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        match Role::from_fen_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::Red
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The traditional Chinese character (red 帥仕相俥傌炮兵, black 將士象車馬砲卒).
    #[must_use]
    pub const fn traditional_char(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::King) => '帥',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Red, Role::Elephant) => '相',
            (Color::Red, Role::Horse) => '傌',
            (Color::Red, Role::Chariot) => '俥',
            (Color::Red, Role::Cannon) => '炮',
            (Color::Red, Role::Pawn) => '兵',
            (Color::Black, Role::King) => '將',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Horse) => '馬',
            (Color::Black, Role::Chariot) => '車',
            (Color::Black, Role::Cannon) => '砲',
            (Color::Black, Role::Pawn) => '卒',
        }
    }

    /// The simplified character used in Chinese move notation (帅仕相马车炮兵 / 将士象马车炮卒).
    #[must_use]
    pub const fn notation_char(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::King) => '帅',
            (Color::Black, Role::King) => '将',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Black, Role::Advisor) => '士',
            (Color::Red, Role::Elephant) => '相',
            (Color::Black, Role::Elephant) => '象',
            (_, Role::Horse) => '马',
            (_, Role::Chariot) => '车',
            (_, Role::Cannon) => '炮',
            (Color::Red, Role::Pawn) => '兵',
            (Color::Black, Role::Pawn) => '卒',
        }
    }

    /// Packed code 1..=14 (0 means an empty point in a board array).
    #[inline]
    #[must_use]
    pub const fn code(self) -> u8 {
        1 + self.color as u8 * 7 + self.role as u8
    }

    /// Inverse of [`Piece::code`]; `None` for 0 or out of range.
    #[inline]
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 14 {
            return None;
        }
        let c = code - 1;
        let color = if c >= 7 { Color::Black } else { Color::Red };
        let role = Role::ALL[(c % 7) as usize];
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}
