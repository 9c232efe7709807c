//! [`ClockHistory`]: the mover's side of the clock just before each ply, kept only as far back
//! as an undo can still reach (each undo takes back at most two plies, and each player has
//! `max_undos`): a long game does not keep a clock per ply it can never return to.

use crate::clock::PlayerClock;
use std::collections::VecDeque;

/// The movers' sides of the clock before plies `from..len()`.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClockHistory {
    /// The ply of `kept[0]`: the sides before it are forgotten.
    from: usize,
    kept: VecDeque<PlayerClock>,
}

impl ClockHistory {
    /// Plies recorded, kept or forgotten (the game's ply).
    pub fn len(&self) -> usize {
        self.from + self.kept.len()
    }

    /// Records the mover's side before the next ply.
    pub fn push(&mut self, side: PlayerClock) {
        self.kept.push_back(side);
    }

    /// Forgets the sides before ply `ply`.
    pub fn forget_before(&mut self, ply: usize) {
        while self.from < ply && self.kept.pop_front().is_some() {
            self.from += 1;
        }
    }

    /// Keeps the sides before the first `len` plies only.
    pub fn truncate(&mut self, len: usize) {
        if len < self.from {
            self.kept.clear();
            self.from = len;
        } else {
            self.kept.truncate(len - self.from);
        }
    }

    /// The sides saved before plies `ply..`, with their ply (`None` if `ply` was not played or
    /// is forgotten).
    pub fn since(
        &self,
        ply: usize,
    ) -> Option<impl DoubleEndedIterator<Item = (usize, &PlayerClock)>> {
        if ply < self.from || ply >= self.len() {
            return None;
        }
        let from = self.from;
        Some(
            self.kept
                .iter()
                .enumerate()
                .skip(ply - from)
                .map(move |(i, s)| (from + i, s)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::ids::Millis;

    fn side(n: u64) -> PlayerClock {
        PlayerClock::new(&TimeControl::fischer(Millis(n), Millis(0)))
    }

    #[test]
    fn forgets_the_oldest_and_answers_only_what_it_keeps() {
        let mut h = ClockHistory::default();
        for n in 1..=10 {
            h.push(side(n * 1_000));
        }
        h.forget_before(6);
        assert_eq!(h.len(), 10);
        assert!(h.since(5).is_none());
        let kept: Vec<(usize, u64)> = h
            .since(6)
            .unwrap()
            .map(|(i, s)| (i, s.remaining.0))
            .collect();
        assert_eq!(kept, vec![(6, 7_000), (7, 8_000), (8, 9_000), (9, 10_000)]);
        assert!(h.since(10).is_none());
        h.truncate(8);
        assert_eq!(h.len(), 8);
        assert_eq!(h.since(7).unwrap().count(), 1);
        h.truncate(3);
        assert_eq!(h.len(), 3);
        assert!(h.since(2).is_none());
        h.push(side(1));
        assert_eq!(h.since(3).unwrap().next().map(|(i, _)| i), Some(3));
    }
}
