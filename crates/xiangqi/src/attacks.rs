//! Move geometry, computed at compile time: rays, horse legs, elephant eyes, palace and pawn steps.
//!
//! Everything is indexed by square (`rank * 9 + file`) so that move generation never checks board
//! bounds at run time.

use crate::{Bitboard, Color, Square};

/// A short list of squares, used for the precomputed tables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SqList<const N: usize> {
    pub len: u8,
    pub sq: [u8; N],
}

impl<const N: usize> SqList<N> {
    const EMPTY: SqList<N> = SqList { len: 0, sq: [0; N] };

    const fn push(mut self, s: u8) -> Self {
        self.sq[self.len as usize] = s;
        self.len += 1;
        self
    }

    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.sq[..self.len as usize]
    }
}

/// A step with its blocking point: the horse leg or the elephant eye.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BlockedStep {
    pub to: u8,
    pub block: u8,
}

/// Up to eight steps with blocking points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepList {
    pub len: u8,
    pub steps: [BlockedStep; 8],
}

impl StepList {
    const EMPTY: StepList = StepList {
        len: 0,
        steps: [BlockedStep { to: 0, block: 0 }; 8],
    };

    const fn push(mut self, to: u8, block: u8) -> Self {
        self.steps[self.len as usize] = BlockedStep { to, block };
        self.len += 1;
        self
    }

    #[inline]
    pub fn as_slice(&self) -> &[BlockedStep] {
        &self.steps[..self.len as usize]
    }
}

const fn sq(file: i32, rank: i32) -> Option<u8> {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        Some((rank * 9 + file) as u8)
    } else {
        None
    }
}

const fn in_palace(file: i32, rank: i32, color: usize) -> bool {
    file >= 3 && file <= 5 && if color == 0 { rank <= 2 } else { rank >= 7 }
}

const fn own_side(rank: i32, color: usize) -> bool {
    if color == 0 {
        rank <= 4
    } else {
        rank >= 5
    }
}

/// Ray directions: north (toward Black), south, east (toward file i), west.
pub(crate) const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// `RAYS[square][direction]`: the squares along each ray, nearest first.
pub(crate) static RAYS: [[SqList<9>; 4]; 90] = {
    let mut t = [[SqList::<9>::EMPTY; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(q) = sq(x, y) {
                t[s][d] = t[s][d].push(q);
                x += df;
                y += dr;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// The eight horse jumps as (file step, rank step) with the leg offset.
const HORSE_JUMPS: [(i32, i32, i32, i32); 8] = [
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// `HORSE_MOVES[square]`: targets of a horse on `square`, each with its leg.
pub(crate) static HORSE_MOVES: [StepList; 90] = {
    let mut t = [StepList::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_JUMPS[i];
            if let (Some(to), Some(leg)) = (sq(f + df, r + dr), sq(f + lf, r + lr)) {
                t[s] = t[s].push(to, leg);
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// `HORSE_ATTACKERS[square]`: squares from which a horse attacks `square` (in `to`), each with
/// the leg (in `block`) that must be empty.
pub(crate) static HORSE_ATTACKERS: [StepList; 90] = {
    let mut t = [StepList::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_JUMPS[i];
            // A horse at (f - df, r - dr) jumping (df, dr) lands here; its leg is at (from + l).
            let (hf, hr) = (f - df, r - dr);
            if let (Some(from), Some(leg)) = (sq(hf, hr), sq(hf + lf, hr + lr)) {
                t[s] = t[s].push(from, leg);
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// `ELEPHANT_MOVES[color][square]`: targets on the own side of the river, each with its eye.
pub(crate) static ELEPHANT_MOVES: [[StepList; 90]; 2] = {
    let mut t = [[StepList::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            let mut i = 0;
            while i < 4 {
                let df = if i & 1 == 0 { 2 } else { -2 };
                let dr = if i & 2 == 0 { 2 } else { -2 };
                if let (Some(to), Some(eye)) = (sq(f + df, r + dr), sq(f + df / 2, r + dr / 2)) {
                    if own_side(r + dr, c) {
                        t[c][s] = t[c][s].push(to, eye);
                    }
                }
                i += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
};

const fn palace_steps(diagonal: bool) -> [[SqList<4>; 90]; 2] {
    let mut t = [[SqList::<4>::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            let mut i = 0;
            while i < 4 {
                let (df, dr) = if diagonal {
                    (
                        if i & 1 == 0 { 1 } else { -1 },
                        if i & 2 == 0 { 1 } else { -1 },
                    )
                } else {
                    DIRS[i]
                };
                if in_palace(f + df, r + dr, c) {
                    if let Some(to) = sq(f + df, r + dr) {
                        t[c][s] = t[c][s].push(to);
                    }
                }
                i += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// `ADVISOR_MOVES[color][square]`: diagonal steps inside the palace.
pub(crate) static ADVISOR_MOVES: [[SqList<4>; 90]; 2] = palace_steps(true);

/// `KING_MOVES[color][square]`: orthogonal steps inside the palace.
pub(crate) static KING_MOVES: [[SqList<4>; 90]; 2] = palace_steps(false);

/// `PAWN_MOVES[color][square]`: forward, and sideways once across the river.
pub(crate) static PAWN_MOVES: [[SqList<3>; 90]; 2] = {
    let mut t = [[SqList::<3>::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            if let Some(to) = sq(f, r + fwd) {
                t[c][s] = t[c][s].push(to);
            }
            if !own_side(r, c) {
                if let Some(to) = sq(f - 1, r) {
                    t[c][s] = t[c][s].push(to);
                }
                if let Some(to) = sq(f + 1, r) {
                    t[c][s] = t[c][s].push(to);
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// `PAWN_ATTACKERS[color][square]`: squares from which a pawn of `color` attacks `square`.
pub(crate) static PAWN_ATTACKERS: [[SqList<3>; 90]; 2] = {
    let mut t = [[SqList::<3>::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let mut from = 0;
            while from < 90 {
                let moves = PAWN_MOVES[c][from];
                let mut i = 0;
                while i < moves.len as usize {
                    if moves.sq[i] as usize == s {
                        t[c][s] = t[c][s].push(from as u8);
                    }
                    i += 1;
                }
                from += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// `KING_RELATION[king][square]`: how `square` relates to a king on `king`. Bits 0–1: the ray
/// direction (index into [`DIRS`]) from the king, valid when [`REL_ON_LINE`] is set;
/// [`REL_DIAGONAL`]: `square` is a diagonal neighbour (a horse leg for attacks on the king).
pub(crate) static KING_RELATION: [[u8; 90]; 90] = {
    let mut t = [[0u8; 90]; 90];
    let mut k = 0;
    while k < 90 {
        let (f, r) = ((k % 9) as i32, (k / 9) as i32);
        let mut q = 0;
        while q < 90 {
            let (qf, qr) = ((q % 9) as i32, (q / 9) as i32);
            let df = qf - f;
            let dr = qr - r;
            let mut v = 0u8;
            if q != k {
                if df == 0 {
                    v = REL_ON_LINE | if dr > 0 { 0 } else { 1 };
                } else if dr == 0 {
                    v = REL_ON_LINE | if df > 0 { 2 } else { 3 };
                } else if (df == 1 || df == -1) && (dr == 1 || dr == -1) {
                    v = REL_DIAGONAL;
                }
            }
            t[k][q] = v;
            q += 1;
        }
        k += 1;
    }
    t
};

/// Flag in [`KING_RELATION`]: the square is on the king's file or rank.
pub(crate) const REL_ON_LINE: u8 = 4;
/// Flag in [`KING_RELATION`]: the square is a diagonal neighbour of the king.
pub(crate) const REL_DIAGONAL: u8 = 8;

/// Squares where a piece of `role` and `color` can ever stand (used by FEN validation).
#[must_use]
pub fn reachable(color: Color, role: crate::Role, square: Square) -> bool {
    use crate::Role;
    let f = square.file().index() as i32;
    let r = square.rank().index() as i32;
    // Rank as seen from `color`'s side.
    let rr = if color == Color::Red { r } else { 9 - r };
    match role {
        Role::King => square.in_palace(color),
        Role::Advisor => {
            square.in_palace(color) && ((f == 4 && rr == 1) || ((f == 3 || f == 5) && rr != 1))
        }
        Role::Elephant => {
            matches!((f, rr), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4))
        }
        Role::Pawn => rr >= 5 || ((rr == 3 || rr == 4) && f % 2 == 0),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

/// All destinations of a step list as a 90-bit set.
const fn step_reach(list: &StepList) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < list.len as usize {
        m |= 1u128 << list.steps[i].to;
        i += 1;
    }
    m
}

/// All squares of a square list as a 90-bit set.
const fn list_reach<const N: usize>(list: &SqList<N>) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < list.len as usize {
        m |= 1u128 << list.sq[i];
        i += 1;
    }
    m
}

/// `STEP_REACH[color][kind][square]`: every point a horse (kind 0), elephant (1), advisor (2),
/// king (3) or pawn (4) of `color` on `square` may move to, ignoring blockers: a capture
/// generator skips the piece when no enemy stands on one of them.
pub(crate) static STEP_REACH: [[[u128; 90]; 5]; 2] = {
    let mut t = [[[0u128; 90]; 5]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            t[c][0][s] = step_reach(&HORSE_MOVES[s]);
            t[c][1][s] = step_reach(&ELEPHANT_MOVES[c][s]);
            t[c][2][s] = list_reach(&ADVISOR_MOVES[c][s]);
            t[c][3][s] = list_reach(&KING_MOVES[c][s]);
            t[c][4][s] = list_reach(&PAWN_MOVES[c][s]);
            s += 1;
        }
        c += 1;
    }
    t
};

/// `STEPPER_ATTACKERS[color][square]`: the points from which a horse (ignoring its leg) or a pawn
/// of `color` could attack `square`, as a 90-bit set: a king-attack test skips the horse and
/// pawn loops when no piece of `color` stands on any of them.
pub(crate) static STEPPER_ATTACKERS: [[u128; 90]; 2] = {
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            t[c][s] = step_reach(&HORSE_ATTACKERS[s]) | list_reach(&PAWN_ATTACKERS[c][s]);
            s += 1;
        }
        c += 1;
    }
    t
};

/// `PALACE_PAWN_ATTACKERS[color][kind][square]`: the points from which an advisor (kind 0), king
/// (1) or pawn (2) of `color` attacks `square`, as a 90-bit set (empty when that piece can never
/// move onto `square`).
static PALACE_PAWN_ATTACKERS: [[[u128; 90]; 3]; 2] = {
    let mut t = [[[0u128; 90]; 3]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            // Palace steps are symmetric: the sources of a palace point are its own steps.
            if in_palace((s % 9) as i32, (s / 9) as i32, c) {
                t[c][0][s] = list_reach(&ADVISOR_MOVES[c][s]);
                t[c][1][s] = list_reach(&KING_MOVES[c][s]);
            }
            t[c][2][s] = list_reach(&PAWN_ATTACKERS[c][s]);
            s += 1;
        }
        c += 1;
    }
    t
};

/// The points from which an advisor, king or pawn of `color` attacks `square` (one step, no
/// blocker possible); empty for any other role.
#[inline]
#[must_use]
pub fn step_attackers(color: Color, role: crate::Role, square: Square) -> Bitboard {
    use crate::Role;
    let kind = match role {
        Role::Advisor => 0,
        Role::King => 1,
        Role::Pawn => 2,
        _ => return Bitboard::EMPTY,
    };
    Bitboard(PALACE_PAWN_ATTACKERS[color.index()][kind][square.index()])
}

/// The points from which a horse attacks `square`, each with the leg that must be empty:
/// `(from, leg)`.
#[inline]
pub fn horse_attackers(square: Square) -> impl Iterator<Item = (Square, Square)> {
    HORSE_ATTACKERS[square.index()].as_slice().iter().map(|b| {
        (
            Square::from_table(b.to.into()),
            Square::from_table(b.block.into()),
        )
    })
}

/// The points from which an elephant of `color` attacks `square`, each with the eye that must be
/// empty: `(from, eye)` (none across the river).
#[inline]
pub fn elephant_attackers(color: Color, square: Square) -> impl Iterator<Item = (Square, Square)> {
    // Elephant steps are symmetric and keep to one side of the river.
    let list = if square.on_own_side(color) {
        ELEPHANT_MOVES[color.index()][square.index()].as_slice()
    } else {
        &[]
    };
    list.iter().map(|b| {
        (
            Square::from_table(b.to.into()),
            Square::from_table(b.block.into()),
        )
    })
}

/// `HORSE_CHECK_LEG[king][square]`: the leg of a horse on `square` that attacks `king`, or
/// [`NO_LEG`] when a horse there cannot attack it.
pub(crate) static HORSE_CHECK_LEG: [[u8; 90]; 90] = {
    let mut t = [[NO_LEG; 90]; 90];
    let mut k = 0;
    while k < 90 {
        let list = HORSE_ATTACKERS[k];
        let mut i = 0;
        while i < list.len as usize {
            t[k][list.steps[i].to as usize] = list.steps[i].block;
            i += 1;
        }
        k += 1;
    }
    t
};

/// Entry of [`HORSE_CHECK_LEG`] for "no attack".
pub(crate) const NO_LEG: u8 = 0xFF;
