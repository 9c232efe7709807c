//! A legal position: the board, the side to move and the counters of FEN fields 5 and 6.
//!
//! The board is a mailbox of piece codes plus, per colour, one 128-bit occupancy set and the
//! bit-rank/bit-file masks of `lines.rs`; make/unmake update all of them and the Zobrist hash
//! incrementally. King-attack tests look sliders up in the line tables. See `movegen.rs` for move
//! generation.

use crate::attacks::{
    HORSE_ATTACKERS, HORSE_CHECK_LEG, KING_RELATION, NO_LEG, PAWN_ATTACKERS, REL_DIAGONAL,
    REL_ON_LINE, STEPPER_ATTACKERS,
};
use crate::bitboard::SQUARE_BIT;
use crate::lines::{file_line, rank_line, FILE_NUM, RANK_NUM};
use crate::zobrist::{PIECE_KEYS, SIDE_KEY};
use crate::{Bitboard, Color, File, Move, Piece, Rank, Role, Square};
use std::fmt;

/// Code of an empty point in the mailbox.
pub(crate) const EMPTY: u8 = 0;

/// Code of `role` for `color` (see [`Piece::code`]).
#[inline]
pub(crate) const fn code(color: Color, role: Role) -> u8 {
    1 + color as u8 * 7 + role as u8
}

/// Whether a non-empty code belongs to `color`.
#[inline]
pub(crate) const fn is_color(code: u8, color: Color) -> bool {
    code.wrapping_sub(1 + 7 * color as u8) < 7
}

/// What [`Position::do_move`] returns so that [`Position::undo_move`] can restore the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: u8,
    halfmoves: u16,
}

impl Undo {
    /// The captured piece, if any.
    #[must_use]
    pub fn captured(&self) -> Option<Piece> {
        Piece::from_code(self.captured)
    }

    /// The code ([`Piece::code`]) of the captured piece, 0 if none.
    #[inline]
    #[must_use]
    pub fn captured_code(&self) -> u8 {
        self.captured
    }
}

/// A legal Xiangqi position. Build one with [`Position::startpos`] or [`Position::from_fen`].
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [u8; 90],
    pub(crate) occ: [u128; 2],
    /// Per colour, one mask per rank (bit = file): see `lines.rs`.
    pub(crate) rank_bits: [[u16; 10]; 2],
    /// Per colour, one mask per file (bit = rank).
    pub(crate) file_bits: [[u16; 9]; 2],
    pub(crate) kings: [Square; 2],
    pub(crate) turn: Color,
    pub(crate) hash: u64,
    pub(crate) halfmoves: u16,
    pub(crate) fullmoves: u32,
}

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Position {
    /// The standard start position.
    #[must_use]
    pub fn startpos() -> Position {
        match Position::from_fen(START_FEN) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN is valid: {e}"),
        }
    }

    /// Builds a position from a board without any validation; the caller (FEN parsing) checks it.
    pub(crate) fn from_parts(
        pieces: &[Option<Piece>; 90],
        turn: Color,
        halfmoves: u16,
        fullmoves: u32,
    ) -> Position {
        let mut pos = Position {
            board: [EMPTY; 90],
            occ: [0; 2],
            rank_bits: [[0; 10]; 2],
            file_bits: [[0; 9]; 2],
            kings: [Square::new(0); 2],
            turn,
            hash: 0,
            halfmoves,
            fullmoves,
        };
        for (i, p) in pieces.iter().enumerate() {
            if let Some(p) = *p {
                pos.put(Square::new(i), p.code());
                if p.role == Role::King {
                    pos.kings[p.color.index()] = Square::new(i);
                }
            }
        }
        if turn == Color::Black {
            pos.hash ^= SIDE_KEY;
        }
        pos
    }

    /// The same position seen from the other side: the board turned 180°, the colours swapped
    /// and the other side to move, so every move keeps its mover-relative meaning (handy for
    /// symmetry tests of notation and evaluation).
    #[must_use]
    pub fn flipped(&self) -> Position {
        let mut pieces = [None; 90];
        for (sq, p) in self.pieces() {
            pieces[sq.flip().index()] = Some(Piece::new(!p.color, p.role));
        }
        Position::from_parts(&pieces, !self.turn, self.halfmoves, self.fullmoves)
    }

    #[inline]
    fn put(&mut self, sq: Square, code: u8) {
        let i = sq.index();
        self.board[i] = code;
        let c = ((code - 1) / 7) as usize;
        self.occ[c] |= 1u128 << i;
        let (f, r) = (FILE_NUM[i], RANK_NUM[i]);
        self.rank_bits[c][r as usize] |= 1 << f;
        self.file_bits[c][f as usize] |= 1 << r;
        self.hash ^= PIECE_KEYS[code as usize][i];
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The code ([`Piece::code`]) of the piece on `sq`, 0 if the point is empty.
    #[inline]
    #[must_use]
    pub fn code_at(&self, sq: Square) -> u8 {
        self.board[sq.index()]
    }

    /// The square of `color`'s king.
    #[inline]
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Zobrist hash of placement and side to move (not of the counters).
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The [`Position::hash`] after the pseudo-legal move `m`, without making it (an engine
    /// fetches the hash-table entry of the next position early with it).
    #[inline]
    #[must_use]
    pub fn hash_after(&self, m: Move) -> u64 {
        let (from, to) = (m.from().index(), m.to().index());
        let piece = self.board[from] as usize;
        self.hash
            ^ PIECE_KEYS[self.board[to] as usize][to]
            ^ PIECE_KEYS[piece][from]
            ^ PIECE_KEYS[piece][to]
            ^ SIDE_KEY
    }

    /// Plies since the last capture (FEN field 5).
    #[inline]
    #[must_use]
    pub fn halfmoves(&self) -> u32 {
        u32::from(self.halfmoves)
    }

    /// Full-move number (FEN field 6), incremented after Black's move.
    #[inline]
    #[must_use]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The squares of `color`'s pieces.
    #[inline]
    #[must_use]
    pub fn occupied_by(&self, color: Color) -> Bitboard {
        Bitboard(self.occ[color.index()])
    }

    /// All occupied squares.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.occ[0] | self.occ[1])
    }

    /// Iterates over `(square, piece)` for every piece on the board.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |s| self.piece_at(s).map(|p| (s, p)))
    }

    /// Number of pieces of `color` and `role` on the board.
    #[must_use]
    pub fn count(&self, color: Color, role: Role) -> usize {
        let c = code(color, role);
        self.board.iter().filter(|&&b| b == c).count()
    }

    /// Whether the move captures a piece in this position.
    #[inline]
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        self.board[m.to().index()] != EMPTY
    }

    /// Plays `m`, which must be legal (or at least pseudo-legal for the side to move), and returns
    /// what [`Position::undo_move`] needs.
    #[inline(always)]
    pub fn do_move(&mut self, m: Move) -> Undo {
        let (from, to) = (m.from().index(), m.to().index());
        let piece = self.board[from];
        let captured = self.board[to];
        let us = self.turn.index();
        let undo = Undo {
            captured,
            halfmoves: self.halfmoves,
        };
        let from_bit = SQUARE_BIT[from];
        let to_bit = SQUARE_BIT[to];
        let (ff, fr) = (FILE_NUM[from], RANK_NUM[from]);
        let (tf, tr) = (FILE_NUM[to], RANK_NUM[to]);
        self.rank_bits[us][fr as usize] ^= 1 << ff;
        self.file_bits[us][ff as usize] ^= 1 << fr;
        self.rank_bits[us][tr as usize] ^= 1 << tf;
        self.file_bits[us][tf as usize] ^= 1 << tr;
        if captured != EMPTY {
            self.rank_bits[us ^ 1][tr as usize] ^= 1 << tf;
            self.file_bits[us ^ 1][tf as usize] ^= 1 << tr;
            self.occ[us ^ 1] &= !to_bit;
            self.hash ^= PIECE_KEYS[captured as usize][to];
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        self.board[from] = EMPTY;
        self.board[to] = piece;
        self.occ[us] ^= from_bit | to_bit;
        self.hash ^= PIECE_KEYS[piece as usize][from] ^ PIECE_KEYS[piece as usize][to] ^ SIDE_KEY;
        if piece == code(self.turn, Role::King) {
            self.kings[us] = m.to();
        }
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        undo
    }

    /// Takes back `m`, played with [`Position::do_move`] that returned `undo`.
    #[inline(always)]
    pub fn undo_move(&mut self, m: Move, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        let (from, to) = (m.from().index(), m.to().index());
        let us = self.turn.index();
        let piece = self.board[to];
        self.board[from] = piece;
        self.board[to] = undo.captured;
        self.occ[us] ^= SQUARE_BIT[from] | SQUARE_BIT[to];
        let (ff, fr) = (FILE_NUM[from], RANK_NUM[from]);
        let (tf, tr) = (FILE_NUM[to], RANK_NUM[to]);
        self.rank_bits[us][fr as usize] ^= 1 << ff;
        self.file_bits[us][ff as usize] ^= 1 << fr;
        self.rank_bits[us][tr as usize] ^= 1 << tf;
        self.file_bits[us][tf as usize] ^= 1 << tr;
        self.hash ^= PIECE_KEYS[piece as usize][from] ^ PIECE_KEYS[piece as usize][to] ^ SIDE_KEY;
        if undo.captured != EMPTY {
            self.rank_bits[us ^ 1][tr as usize] ^= 1 << tf;
            self.file_bits[us ^ 1][tf as usize] ^= 1 << tr;
            self.occ[us ^ 1] |= SQUARE_BIT[to];
            self.hash ^= PIECE_KEYS[undo.captured as usize][to];
        }
        if piece == code(self.turn, Role::King) {
            self.kings[us] = m.from();
        }
        self.halfmoves = undo.halfmoves;
    }

    /// Passes the turn (a "null move", for the engine's null-move pruning). Undo with
    /// [`Position::undo_null_move`].
    pub fn do_null_move(&mut self) -> Undo {
        let undo = Undo {
            captured: EMPTY,
            halfmoves: self.halfmoves,
        };
        self.hash ^= SIDE_KEY;
        self.turn = !self.turn;
        undo
    }

    /// Takes back a null move.
    pub fn undo_null_move(&mut self, undo: Undo) {
        self.hash ^= SIDE_KEY;
        self.turn = !self.turn;
        self.halfmoves = undo.halfmoves;
    }

    /// Whether `color`'s king is attacked: by a chariot, cannon, horse or pawn, or facing the
    /// enemy king on an open file (the flying-general rule).
    #[must_use]
    pub fn king_attacked(&self, color: Color) -> bool {
        let k = self.kings[color.index()].index();
        let t = (!color).index();
        let (kf, kr) = (usize::from(FILE_NUM[k]), usize::from(RANK_NUM[k]));
        self.line_attacks_king(k, true, !color, self.file_occ(kf), self.file_bits[t][kf])
            || self.line_attacks_king(k, false, !color, self.rank_occ(kr), self.rank_bits[t][kr])
            || self.king_attacked_by_steppers(k, color)
    }

    /// Whether the two kings stand on one file with nothing between them.
    pub(crate) fn kings_facing(&self) -> bool {
        let (r, b) = (self.kings[0].index(), self.kings[1].index());
        if r % 9 != b % 9 {
            return false;
        }
        (r + 9..b).step_by(9).all(|i| self.board[i] == EMPTY)
    }

    /// Whether the side to move is in check.
    #[inline]
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    /// The occupied points of `rank` (both colours) as a 9-bit mask, bit = file (see
    /// [`crate::lines`]).
    #[inline]
    #[must_use]
    pub fn rank_occupancy(&self, rank: Rank) -> u16 {
        self.rank_occ(rank.index())
    }

    /// The occupied points of `file` (both colours) as a 10-bit mask, bit = rank.
    #[inline]
    #[must_use]
    pub fn file_occupancy(&self, file: File) -> u16 {
        self.file_occ(file.index())
    }

    /// The points of `rank` holding a piece of `color`, bit = file.
    #[inline]
    #[must_use]
    pub fn rank_pieces(&self, color: Color, rank: Rank) -> u16 {
        self.rank_pcs(color, rank.index())
    }

    /// The points of `file` holding a piece of `color`, bit = rank.
    #[inline]
    #[must_use]
    pub fn file_pieces(&self, color: Color, file: File) -> u16 {
        self.file_pcs(color, file.index())
    }

    /// [`Position::rank_occupancy`] by rank number, for the crate's own bit arithmetic.
    #[inline]
    pub(crate) fn rank_occ(&self, rank: usize) -> u16 {
        self.rank_bits[0][rank] | self.rank_bits[1][rank]
    }

    /// [`Position::file_occupancy`] by file number.
    #[inline]
    pub(crate) fn file_occ(&self, file: usize) -> u16 {
        self.file_bits[0][file] | self.file_bits[1][file]
    }

    /// [`Position::rank_pieces`] by rank number.
    #[inline]
    pub(crate) fn rank_pcs(&self, color: Color, rank: usize) -> u16 {
        self.rank_bits[color.index()][rank]
    }

    /// [`Position::file_pieces`] by file number.
    #[inline]
    pub(crate) fn file_pcs(&self, color: Color, file: usize) -> u16 {
        self.file_bits[color.index()][file]
    }

    /// `bits` (a mask over the points of `line`, a file when `file` is set, else a rank) after a
    /// piece left `from` (`remove`: its bit is cleared) and one arrived on `to` (`add`: its bit
    /// is set, else cleared — a captured piece leaves the mask).
    #[inline]
    fn line_after(bits: u16, file: bool, line: usize, from: usize, to: usize, add: bool) -> u16 {
        let (on, at) = if file {
            (&FILE_NUM, &RANK_NUM)
        } else {
            (&RANK_NUM, &FILE_NUM)
        };
        let mut o = bits;
        if usize::from(on[from]) == line {
            o &= !(1 << at[from]);
        }
        if usize::from(on[to]) == line {
            if add {
                o |= 1 << at[to];
            } else {
                o &= !(1 << at[to]);
            }
        }
        o
    }

    /// Whether a piece of the colour `them` attacks the point `k` along its file (`file` set) or
    /// its rank: a chariot as the first piece met, a cannon as the second, and on the file also
    /// a king met first (the flying general; no king can face `k` along a rank). `occ` is the
    /// line's occupancy and `att` its points holding `them`'s pieces; identities of those pieces
    /// come from the mailbox. The one king-attack scan of the lines, for every caller.
    #[inline(always)]
    fn line_attacks_king(&self, k: usize, file: bool, them: Color, occ: u16, att: u16) -> bool {
        let (kf, kr) = (usize::from(FILE_NUM[k]), usize::from(RANK_NUM[k]));
        // A line bit `i` stands for the board point `base + i * stride`.
        let (e, base, stride) = if file {
            (file_line(kr, occ), kf, 9)
        } else {
            (rank_line(kf, occ), kr * 9, 1)
        };
        let mut first = e.first & att;
        let mut second = e.second & att;
        if first | second == 0 {
            return false;
        }
        let b = &self.board;
        let chariot = code(them, Role::Chariot);
        let king = if file {
            code(them, Role::King)
        } else {
            chariot
        };
        while first != 0 {
            let p = b[base + first.trailing_zeros() as usize * stride];
            first &= first - 1;
            if p == chariot || p == king {
                return true;
            }
        }
        let cannon = code(them, Role::Cannon);
        while second != 0 {
            let p = b[base + second.trailing_zeros() as usize * stride];
            second &= second - 1;
            if p == cannon {
                return true;
            }
        }
        false
    }

    /// Whether a king of `color` standing on `k` would be attacked after the piece on `from`
    /// moved to `to` (the mailbox must already show the move; the masks do not).
    #[inline]
    pub(crate) fn king_attacked_after(
        &self,
        k: usize,
        color: Color,
        from: usize,
        to: usize,
    ) -> bool {
        let them = !color;
        let (kf, kr) = (usize::from(FILE_NUM[k]), usize::from(RANK_NUM[k]));
        let t = them.index();
        let file_occ = Self::line_after(self.file_occ(kf), true, kf, from, to, true);
        let file_att = Self::line_after(self.file_bits[t][kf], true, kf, from, to, false);
        if self.line_attacks_king(k, true, them, file_occ, file_att) {
            return true;
        }
        let rank_occ = Self::line_after(self.rank_occ(kr), false, kr, from, to, true);
        let rank_att = Self::line_after(self.rank_bits[t][kr], false, kr, from, to, false);
        if self.line_attacks_king(k, false, them, rank_occ, rank_att) {
            return true;
        }
        self.king_attacked_by_steppers(k, color)
    }

    /// Whether an enemy horse or pawn attacks a king of `color` on `k` (mailbox only).
    #[inline]
    fn king_attacked_by_steppers(&self, k: usize, color: Color) -> bool {
        let them = !color;
        if STEPPER_ATTACKERS[them.index()][k] & self.occ[them.index()] == 0 {
            return false;
        }
        let b = &self.board;
        let horse = code(them, Role::Horse);
        for step in HORSE_ATTACKERS[k].as_slice() {
            if b[step.to as usize] == horse && b[step.block as usize] == EMPTY {
                return true;
            }
        }
        let pawn = code(them, Role::Pawn);
        for &s in PAWN_ATTACKERS[them.index()][k].as_slice() {
            if b[s as usize] == pawn {
                return true;
            }
        }
        false
    }

    /// Whether the move `m` (pseudo-legal for the side to move) leaves the mover's own king safe.
    /// Only the mailbox is touched, then restored.
    #[inline]
    pub(crate) fn leaves_king_safe(&mut self, m: Move) -> bool {
        let (from, to) = (m.from().index(), m.to().index());
        let piece = self.board[from];
        let captured = self.board[to];
        self.board[from] = EMPTY;
        self.board[to] = piece;
        let us = self.turn;
        let k = if piece == code(us, Role::King) {
            to
        } else {
            self.kings[us.index()].index()
        };
        let attacked = self.king_attacked_after(k, us, from, to);
        self.board[from] = piece;
        self.board[to] = captured;
        !attacked
    }

    /// Like [`Position::leaves_king_safe`] for a non-king move when the mover is not in check:
    /// only the lines and horse legs that the move touches (`rf`, `rt` from `KING_RELATION`) can
    /// open an attack, so only those are examined. The board is not changed: the enemy pieces
    /// examined are never on the origin, and a captured one is left out of the masks.
    #[inline]
    pub(crate) fn move_keeps_king_safe(&self, m: Move, rf: u8, rt: u8) -> bool {
        let (from, to) = (m.from().index(), m.to().index());
        let us = self.turn;
        let them = !us;
        let t = them.index();
        let k = self.kings[us.index()].index();
        let (kf, kr) = (usize::from(FILE_NUM[k]), usize::from(RANK_NUM[k]));
        let lines = rf | rt;
        if lines & REL_ON_LINE != 0 {
            let on_file =
                (rf & REL_ON_LINE != 0 && rf & 2 == 0) || (rt & REL_ON_LINE != 0 && rt & 2 == 0);
            if on_file {
                let occ = Self::line_after(self.file_occ(kf), true, kf, from, to, true);
                let att = Self::line_after(self.file_bits[t][kf], true, kf, from, to, false);
                if self.line_attacks_king(k, true, them, occ, att) {
                    return false;
                }
            }
            let on_rank =
                (rf & REL_ON_LINE != 0 && rf & 2 != 0) || (rt & REL_ON_LINE != 0 && rt & 2 != 0);
            if on_rank {
                let occ = Self::line_after(self.rank_occ(kr), false, kr, from, to, true);
                let att = Self::line_after(self.rank_bits[t][kr], false, kr, from, to, false);
                if self.line_attacks_king(k, false, them, occ, att) {
                    return false;
                }
            }
        }
        if rf & REL_DIAGONAL != 0 {
            let horse = code(them, Role::Horse);
            let freed = HORSE_ATTACKERS[k].as_slice().iter().any(|s| {
                s.block as usize == from
                    && s.to as usize != to
                    && self.board[s.to as usize] == horse
            });
            if freed {
                return false;
            }
        }
        true
    }

    /// Whether `m` gives check (the opponent's king is attacked after it). `m` must be legal.
    ///
    /// Only what the move can change is examined: the moved piece's own attack (horse, pawn; a
    /// chariot or cannon is found on the king's line through its destination), the king's line
    /// through the origin (a discovered chariot or cannon attack), the king's line through the
    /// destination (the piece may become a cannon screen) and the horse leg the origin may free.
    /// Before the move the opponent's king was not attacked (the position is legal), so nothing
    /// else can attack it afterwards.
    #[must_use]
    #[inline(always)]
    pub fn gives_check(&mut self, m: Move) -> bool {
        let (from, to) = (m.from().index(), m.to().index());
        let piece = self.board[from];
        let them = !self.turn;
        let ek = self.kings[them.index()].index();
        let relation = &KING_RELATION[ek];
        let (rf, rt) = (relation[from], relation[to]);
        // Direct attacks of a horse or pawn from the destination (a leg never is the origin).
        if piece == code(self.turn, Role::Horse) {
            let leg = HORSE_CHECK_LEG[ek][to];
            if leg != NO_LEG && (usize::from(leg) == from || self.board[usize::from(leg)] == EMPTY)
            {
                return true;
            }
        } else if piece == code(self.turn, Role::Pawn)
            && PAWN_ATTACKERS[self.turn.index()][ek]
                .as_slice()
                .contains(&(to as u8))
        {
            return true;
        }
        if (rf | rt) & REL_ON_LINE == 0 && rf & REL_DIAGONAL == 0 {
            return false;
        }
        let us = self.turn.index();
        let (kf, kr) = (usize::from(FILE_NUM[ek]), usize::from(RANK_NUM[ek]));
        // Our pieces on the enemy king's file and rank after the move: without one of them in
        // the first two places of a line, no slider attack is possible.
        let on_file =
            (rf & REL_ON_LINE != 0 && rf & 2 == 0) || (rt & REL_ON_LINE != 0 && rt & 2 == 0);
        let on_rank =
            (rf & REL_ON_LINE != 0 && rf & 2 != 0) || (rt & REL_ON_LINE != 0 && rt & 2 != 0);
        let (mut file_att, mut file_occ, mut rank_att, mut rank_occ) = (0, 0, 0, 0);
        if on_file {
            file_att = Self::line_after(self.file_bits[us][kf], true, kf, from, to, true);
            file_occ = Self::line_after(self.file_occ(kf), true, kf, from, to, true);
            let e = file_line(kr, file_occ);
            file_att &= e.first | e.second;
        }
        if on_rank {
            rank_att = Self::line_after(self.rank_bits[us][kr], false, kr, from, to, true);
            rank_occ = Self::line_after(self.rank_occ(kr), false, kr, from, to, true);
            let e = rank_line(kf, rank_occ);
            rank_att &= e.first | e.second;
        }
        if file_att | rank_att == 0 && rf & REL_DIAGONAL == 0 {
            return false;
        }
        let captured = self.board[to];
        self.board[from] = EMPTY;
        self.board[to] = piece;
        let attacker = self.turn;
        let mut check = (file_att != 0
            && self.line_attacks_king(ek, true, attacker, file_occ, file_att))
            || (rank_att != 0 && self.line_attacks_king(ek, false, attacker, rank_occ, rank_att));
        if !check && rf & REL_DIAGONAL != 0 {
            let horse = code(self.turn, Role::Horse);
            check = HORSE_ATTACKERS[ek]
                .as_slice()
                .iter()
                .any(|s| s.block as usize == from && self.board[s.to as usize] == horse);
        }
        self.board[from] = piece;
        self.board[to] = captured;
        check
    }

    /// Plays `m` if it is legal and returns the new position.
    ///
    /// # Errors
    /// [`IllegalMove`] if `m` is not legal here.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        let mut next = self.clone();
        next.do_move(m);
        Ok(next)
    }

    /// Plays `m` in place if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] if `m` is not legal here; the position is unchanged.
    pub fn play_mut(&mut self, m: Move) -> Result<Undo, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        Ok(self.do_move(m))
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl std::error::Error for IllegalMove {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    /// An ASCII diagram, Black at the top, with FEN letters and `.` for empty points.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            write!(f, "{rank} ")?;
            for file in File::ALL {
                let c = self
                    .piece_at(Square::from_coords(file, rank))
                    .map_or('.', Piece::fen_char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i")
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}
