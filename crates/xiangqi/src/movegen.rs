//! Legal move generation.
//!
//! Pseudo-legal moves are generated from the precomputed tables of `attacks.rs`; a move is then
//! tested for king safety only when it can matter: when in check, when the king moves, when the
//! piece leaves the king's file, rank or a horse-leg point next to the king, or lands on the king's
//! file or rank (where it may become a cannon screen). All other moves are legal as generated.

use crate::attacks::{
    ADVISOR_MOVES, ELEPHANT_MOVES, HORSE_MOVES, KING_MOVES, KING_RELATION, PAWN_MOVES, REL_ON_LINE,
    STEP_REACH,
};
use crate::lines::{file_line, rank_line, FILE_NUM, RANK_NUM};
use crate::position::{is_color, EMPTY};
use crate::{Color, Move, MoveList, Position, Role, Square};

/// Role of each non-empty piece code (index 0 unused).
const ROLE_OF_CODE: [Role; 15] = [
    Role::King,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Pawn,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Pawn,
];

/// Pushes the moves from `from` to the points of `bits` (line bit `i` = square `base + i * step`),
/// lowest bit first.
#[inline]
fn push_ascending(list: &mut MoveList, from: Square, mut bits: u16, base: usize, step: usize) {
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        list.push(Move::new(from, Square::from_table(base + i * step)));
    }
}

/// Like [`push_ascending`], highest bit first.
#[inline]
fn push_descending(list: &mut MoveList, from: Square, mut bits: u16, base: usize, step: usize) {
    while bits != 0 {
        let i = 15 - bits.leading_zeros() as usize;
        bits ^= 1 << i;
        list.push(Move::new(from, Square::from_table(base + i * step)));
    }
}

/// Index into `STEP_REACH` of each role (by `Role as usize`; sliders unused).
const STEP_KIND: [usize; 7] = {
    let mut t = [0; 7];
    t[Role::Horse as usize] = 0;
    t[Role::Elephant as usize] = 1;
    t[Role::Advisor as usize] = 2;
    t[Role::King as usize] = 3;
    t[Role::Pawn as usize] = 4;
    t
};

/// Which moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gen {
    All,
    Captures,
    Quiets,
}

impl Position {
    /// All legal moves of the side to move, appended to `list` (which is cleared first).
    pub fn legal_moves_into(&mut self, list: &mut MoveList) {
        list.clear();
        self.pseudo_moves(list, Gen::All);
        self.filter_legal(list);
    }

    /// All legal moves of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.clone().legal_moves_into(&mut list);
        list
    }

    /// The legal captures of the side to move, appended to `list` (which is cleared first).
    pub fn legal_captures_into(&mut self, list: &mut MoveList) {
        list.clear();
        self.pseudo_moves(list, Gen::Captures);
        self.filter_legal(list);
    }

    /// Like [`Position::legal_moves_into`] when the caller already knows whether the side to move
    /// is in check (`in_check` must equal [`Position::is_check`]); saves the king-attack test.
    pub fn legal_moves_known_check_into(&mut self, list: &mut MoveList, in_check: bool) {
        list.clear();
        self.pseudo_moves(list, Gen::All);
        self.filter_legal_known(list, in_check);
    }

    /// Like [`Position::legal_captures_into`] when the caller already knows whether the side to
    /// move is in check (`in_check` must equal [`Position::is_check`]).
    pub fn legal_captures_known_check_into(&mut self, list: &mut MoveList, in_check: bool) {
        list.clear();
        self.pseudo_moves(list, Gen::Captures);
        self.filter_legal_known(list, in_check);
    }

    /// The legal non-captures of the side to move, appended to `list` (cleared first), in the
    /// order [`Position::legal_moves_into`] lists them; `in_check` must equal
    /// [`Position::is_check`]. With [`Position::legal_captures_known_check_into`] this lets an
    /// engine generate captures first and the quiet moves only when it needs them.
    pub fn legal_quiets_known_check_into(&mut self, list: &mut MoveList, in_check: bool) {
        list.clear();
        self.pseudo_moves(list, Gen::Quiets);
        self.filter_legal_known(list, in_check);
    }

    /// The pseudo-legal moves of the side to move (own king safety not tested), appended to
    /// `list` (cleared first), in the order [`Position::legal_moves_into`] would list them. An
    /// engine tests each one with [`Position::pseudo_is_legal`] only when it is about to play it.
    pub fn pseudo_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.pseudo_moves(list, Gen::All);
    }

    /// The pseudo-legal captures of the side to move (see [`Position::pseudo_moves_into`]).
    pub fn pseudo_captures_into(&self, list: &mut MoveList) {
        list.clear();
        self.pseudo_moves(list, Gen::Captures);
    }

    /// The pseudo-legal non-captures of the side to move, appended to `list` after what it
    /// already holds (not cleared): with [`Position::pseudo_captures_into`] first, an engine
    /// generates the quiet moves only when the captures did not already end the node.
    pub fn pseudo_quiets_append(&self, list: &mut MoveList) {
        self.pseudo_moves(list, Gen::Quiets);
    }

    /// Whether `m`, a move from [`Position::pseudo_moves_into`] or
    /// [`Position::pseudo_captures_into`] of this position, leaves the mover's king safe;
    /// `in_check` must equal [`Position::is_check`]. Only moves that touch the king's lines or
    /// horse legs (or any move when in check) are actually tried on the board.
    #[inline(always)]
    pub fn pseudo_is_legal(&mut self, m: Move, in_check: bool) -> bool {
        let king = self.kings[self.turn.index()];
        if in_check || m.from() == king {
            return self.leaves_king_safe(m);
        }
        let relation = &KING_RELATION[king.index()];
        let rf = relation[m.from().index()];
        let rt = relation[m.to().index()];
        rf | (rt & REL_ON_LINE) == 0 || self.move_keeps_king_safe(m, rf, rt)
    }

    /// Number of legal moves of the side to move.
    #[must_use]
    pub fn count_legal_moves(&mut self) -> usize {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.len()
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_move(&mut self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether `m` is a legal move for the side to move.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let us = self.turn;
        let from = m.from().index();
        if !is_color(self.board[from], us) {
            return false;
        }
        let mut list = MoveList::new();
        let mut pos = self.clone();
        pos.piece_moves(m.from(), &mut list, Gen::All);
        list.contains(m) && pos.leaves_king_safe(m)
    }

    /// Like [`Position::is_legal`] without copying the position: the board is changed only
    /// temporarily and restored before returning (for engines testing hash-table moves).
    #[must_use]
    pub fn is_legal_in_place(&mut self, m: Move) -> bool {
        if !is_color(self.board[m.from().index()], self.turn) {
            return false;
        }
        let mut list = MoveList::new();
        self.piece_moves(m.from(), &mut list, Gen::All);
        list.contains(m) && self.leaves_king_safe(m)
    }

    /// Like [`Position::is_legal_in_place`] when the caller knows whether the side to move is in
    /// check (`in_check` must equal [`Position::is_check`]): king safety is then tested only
    /// where the move can affect it, as [`Position::pseudo_is_legal`] does.
    #[must_use]
    pub fn is_legal_known_check(&mut self, m: Move, in_check: bool) -> bool {
        if !is_color(self.board[m.from().index()], self.turn) {
            return false;
        }
        let mut list = MoveList::new();
        self.piece_moves(m.from(), &mut list, Gen::All);
        list.contains(m) && self.pseudo_is_legal(m, in_check)
    }

    /// The legal moves of the piece on `from` (empty if it is not the mover's piece).
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        if is_color(self.board[from.index()], self.turn) {
            let mut pos = self.clone();
            pos.piece_moves(from, &mut list, Gen::All);
            list.retain(|m| pos.leaves_king_safe(m));
        }
        list
    }

    fn filter_legal(&mut self, list: &mut MoveList) {
        let in_check = self.king_attacked(self.turn);
        self.filter_legal_known(list, in_check);
    }

    fn filter_legal_known(&mut self, list: &mut MoveList, in_check: bool) {
        let us = self.turn;
        let king = self.kings[us.index()];
        if in_check {
            list.retain(|m| self.leaves_king_safe(m));
            return;
        }
        let relation = &KING_RELATION[king.index()];
        list.retain(|m| {
            if m.from() == king {
                return self.leaves_king_safe(m);
            }
            let rf = relation[m.from().index()];
            let rt = relation[m.to().index()] & REL_ON_LINE;
            rf | rt == 0 || self.move_keeps_king_safe(m, rf, relation[m.to().index()])
        });
    }

    #[inline(always)]
    fn pseudo_moves(&self, list: &mut MoveList, gen: Gen) {
        let mut own = self.occ[self.turn.index()];
        while own != 0 {
            let s = own.trailing_zeros() as usize;
            own &= own - 1;
            self.piece_moves_inline(Square::from_table(s), list, gen);
        }
    }

    /// [`Position::piece_moves_inline`] as a separate function, for the rare single-piece uses.
    fn piece_moves(&self, from: Square, list: &mut MoveList, gen: Gen) {
        self.piece_moves_inline(from, list, gen);
    }

    #[inline]
    fn push_if_target(&self, list: &mut MoveList, from: usize, to: u8, gen: Gen) {
        let t = self.board[to as usize];
        let ok = if t == EMPTY {
            gen != Gen::Captures
        } else {
            gen != Gen::Quiets && !is_color(t, self.turn)
        };
        if ok {
            list.push(Move::new(
                Square::from_table(from),
                Square::from_table(to as usize),
            ));
        }
    }

    /// Appends the pseudo-legal moves of the mover's piece on `from` (the generation loop's
    /// body, inlined there).
    #[inline(always)]
    fn piece_moves_inline(&self, from: Square, list: &mut MoveList, gen: Gen) {
        let s = from.index();
        let us = self.turn;
        let b = &self.board;
        let role = ROLE_OF_CODE[b[s] as usize];
        match role {
            Role::Chariot | Role::Cannon => {
                let (f, r) = (usize::from(FILE_NUM[s]), usize::from(RANK_NUM[s]));
                let them = !us;
                let file = file_line(r, self.file_occ(f));
                let rank = rank_line(f, self.rank_occ(r));
                let (file_hits, rank_hits) = if role == Role::Chariot {
                    (file.first, rank.first)
                } else {
                    (file.second, rank.second)
                };
                let mut file_targets = file_hits & self.file_pcs(them, f);
                let mut rank_targets = rank_hits & self.rank_pcs(them, r);
                match gen {
                    Gen::Captures => {}
                    Gen::All => {
                        file_targets |= file.quiet;
                        rank_targets |= rank.quiet;
                    }
                    Gen::Quiets => {
                        file_targets = file.quiet;
                        rank_targets = rank.quiet;
                    }
                }
                // Ray order as the mailbox walk: north, south, east, west, nearest first.
                let below_rank = (1u16 << r) - 1;
                push_ascending(list, from, file_targets & !below_rank & !(1 << r), f, 9);
                push_descending(list, from, file_targets & below_rank, f, 9);
                let below_file = (1u16 << f) - 1;
                push_ascending(list, from, rank_targets & !below_file & !(1 << f), r * 9, 1);
                push_descending(list, from, rank_targets & below_file, r * 9, 1);
            }
            _ if gen == Gen::Captures
                && STEP_REACH[us.index()][STEP_KIND[role as usize]][s]
                    & self.occ[us.index() ^ 1]
                    == 0 => {}
            Role::Horse => {
                for step in HORSE_MOVES[s].as_slice() {
                    if b[step.block as usize] == EMPTY {
                        self.push_if_target(list, s, step.to, gen);
                    }
                }
            }
            Role::Elephant => {
                for step in ELEPHANT_MOVES[us.index()][s].as_slice() {
                    if b[step.block as usize] == EMPTY {
                        self.push_if_target(list, s, step.to, gen);
                    }
                }
            }
            Role::Advisor => {
                for &t in ADVISOR_MOVES[us.index()][s].as_slice() {
                    self.push_if_target(list, s, t, gen);
                }
            }
            Role::King => {
                for &t in KING_MOVES[us.index()][s].as_slice() {
                    self.push_if_target(list, s, t, gen);
                }
            }
            Role::Pawn => {
                for &t in PAWN_MOVES[us.index()][s].as_slice() {
                    self.push_if_target(list, s, t, gen);
                }
            }
        }
    }

    /// Whether the side to move is checkmated or stalemated — in Xiangqi both lose.
    #[must_use]
    pub fn is_game_over(&mut self) -> bool {
        !self.has_legal_move()
    }

    /// Whether `square` holds a piece of `color` (helper for notation and rulings).
    #[must_use]
    pub fn is_color_at(&self, square: Square, color: Color) -> bool {
        is_color(self.board[square.index()], color)
    }
}
