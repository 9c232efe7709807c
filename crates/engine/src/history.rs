//! Move-ordering memory: killer moves, butterfly history, counter-moves and continuation
//! history.
//!
//! Key decision: history uses the "gravity" update (`h += b - h·|b|/MAX`), which keeps values
//! bounded without periodic rescaling; the butterfly table is aged (halved) between searches
//! instead of cleared so that a game's searches help each other. Continuation history scores a
//! quiet move (piece, destination) by the moves one and two plies before it (piece,
//! destination), as Stockfish's counter-move and follow-up histories do.

use crate::types::MAX_PLY;
use xiangqi::{Color, Move, Position};

/// The "gravity" update of a history value `h` by `bonus`: stays within ±[`HISTORY_MAX`].
#[inline]
fn gravity(h: i32, bonus: i32) -> i32 {
    h + bonus - h * bonus.abs() / HISTORY_MAX
}

/// Number of `(piece code, destination)` keys: piece codes 0–15 times 90 points. Key 0..90
/// (piece code 0) means "no move" (root, null move).
pub const CONT_KEYS: usize = 16 * 90;

/// The continuation key of `m` played by the piece on its origin in `pos` (before the move).
#[inline]
#[must_use]
pub fn cont_key(pos: &Position, m: Move) -> usize {
    usize::from(pos.code_at(m.from()) & 15) * 90 + m.to().index()
}

/// Bound of a history value.
pub const HISTORY_MAX: i32 = 16384;

/// Killers, history and counter-moves.
pub struct History {
    killers: Vec<[Option<Move>; 2]>,
    butterfly: Vec<i32>,
    counter: Vec<Option<Move>>,
    /// Continuation history; `i16` suffices (gravity keeps values within ±[`HISTORY_MAX`]) and
    /// halves the table's cache footprint.
    cont: Vec<i16>,
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    /// Empty tables.
    #[must_use]
    pub fn new() -> History {
        History {
            killers: vec![[None; 2]; MAX_PLY + 2],
            butterfly: vec![0; 2 * 90 * 90],
            counter: vec![None; 90 * 90],
            cont: vec![0; CONT_KEYS * CONT_KEYS],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.butterfly.fill(0);
        self.counter.fill(None);
        self.cont.fill(0);
    }

    /// Prepares for a new search: killers cleared, history halved.
    pub fn age(&mut self) {
        self.killers.fill([None; 2]);
        for h in &mut self.butterfly {
            *h /= 2;
        }
    }

    #[inline]
    fn idx(color: Color, m: Move) -> usize {
        color.index() * 8100 + m.from().index() * 90 + m.to().index()
    }

    /// Butterfly plus continuation history of the quiet move `m` (continuation key `key`) after
    /// the moves with continuation keys `ctx` (one and two plies before; below 90 = none).
    #[inline]
    #[must_use]
    pub fn quiet_score(&self, color: Color, m: Move, key: usize, ctx: [usize; 2]) -> i32 {
        self.butterfly[Self::idx(color, m)]
            + i32::from(self.cont[ctx[0] * CONT_KEYS + key])
            + i32::from(self.cont[ctx[1] * CONT_KEYS + key])
    }

    /// The killers at `ply`.
    #[inline]
    #[must_use]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// The remembered reply to `prev`.
    #[inline]
    #[must_use]
    pub fn counter(&self, prev: Option<Move>) -> Option<Move> {
        prev.and_then(|p| self.counter[p.from().index() * 90 + p.to().index()])
    }

    /// A quiet move `m` caused a beta cut-off in `pos` at `ply` with `depth` left, after the
    /// moves with continuation keys `ctx`; `tried` are the quiet moves searched before it
    /// without success.
    #[allow(clippy::too_many_arguments)]
    pub fn update_cutoff(
        &mut self,
        pos: &Position,
        ply: usize,
        depth: i32,
        m: Move,
        prev: Option<Move>,
        ctx: [usize; 2],
        tried: &[Move],
    ) {
        let color = pos.turn();
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(p) = prev {
            self.counter[p.from().index() * 90 + p.to().index()] = Some(m);
        }
        let bonus = (depth * depth * 16).min(1600);
        self.bump(color, m, bonus);
        self.bump_cont(ctx, cont_key(pos, m), bonus);
        for &t in tried {
            if t != m {
                self.bump(color, t, -bonus);
                self.bump_cont(ctx, cont_key(pos, t), -bonus);
            }
        }
    }

    #[inline]
    fn bump_cont(&mut self, ctx: [usize; 2], key: usize, bonus: i32) {
        for c in ctx {
            if c >= 90 {
                let h = &mut self.cont[c * CONT_KEYS + key];
                // Within ±HISTORY_MAX by the gravity update, so the narrowing is exact.
                *h = gravity(i32::from(*h), bonus) as i16;
            }
        }
    }

    #[inline]
    fn bump(&mut self, color: Color, m: Move, bonus: i32) {
        let h = &mut self.butterfly[Self::idx(color, m)];
        *h = gravity(*h, bonus);
    }
}
