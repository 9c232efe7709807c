//! Move-ordering memory: killer moves, butterfly history and counter-moves.
//!
//! Key decision: history uses the "gravity" update (`h += b - h·|b|/MAX`), which keeps values
//! bounded without periodic rescaling; it is aged (halved) between searches instead of cleared so
//! that a game's searches help each other.

use crate::search::MAX_PLY;
use xiangqi::{Color, Move};

/// Bound of a history value.
pub const HISTORY_MAX: i32 = 16384;

/// Killers, history and counter-moves.
pub struct History {
    killers: Vec<[Option<Move>; 2]>,
    butterfly: Vec<i32>,
    counter: Vec<Option<Move>>,
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
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.butterfly.fill(0);
        self.counter.fill(None);
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

    /// History score of the quiet move `m` by `color`.
    #[inline]
    #[must_use]
    pub fn score(&self, color: Color, m: Move) -> i32 {
        self.butterfly[Self::idx(color, m)]
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

    /// A quiet move `m` caused a beta cut-off at `ply` with `depth` left; `tried` are the quiet
    /// moves searched before it without success.
    pub fn update_cutoff(
        &mut self,
        color: Color,
        ply: usize,
        depth: i32,
        m: Move,
        prev: Option<Move>,
        tried: &[Move],
    ) {
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
        for &t in tried {
            if t != m {
                self.bump(color, t, -bonus);
            }
        }
    }

    #[inline]
    fn bump(&mut self, color: Color, m: Move, bonus: i32) {
        let h = &mut self.butterfly[Self::idx(color, m)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}
