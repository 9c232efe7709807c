//! The two matchers of the Dutch pairer: the bracket matcher (a weight per pair, edited step by
//! step to fix S1, S2 and transpositions) and the validity matcher (can the rest of the round
//! still be paired under the absolute criteria C.1–C.3?).

use super::player::Player;
use super::Field;
use crate::tournament::matching::DynamicMatching;

/// The weighted graph of one bracket (MDPs, residents, then the next score group), kept as a
/// [`DynamicMatching`]: each edit frees only the edited player, so a step costs O(n²).
pub(super) struct BracketMatcher<W: Field> {
    /// Round player index of each vertex.
    pub list: Vec<usize>,
    /// Vertex of each round player index (`usize::MAX` when not in the bracket).
    index: Vec<usize>,
    graph: DynamicMatching<W>,
    max_weight: W,
}

impl<W: Field> BracketMatcher<W> {
    /// The bracket's players `list` (vertices in that order) with the edge weights
    /// `weight(i, j)` (`i < j`, vertex indices).
    pub fn new(list: Vec<usize>, weight: impl FnMut(usize, usize) -> W, total_bits: u32) -> Self {
        let max_weight = W::small(1).shl(total_bits - 1).sub(W::small(1));
        let n = list.len();
        let mut index = vec![usize::MAX; list.iter().map(|&p| p + 1).max().unwrap_or(0)];
        for (v, &p) in list.iter().enumerate() {
            index[p] = v;
        }
        let graph = DynamicMatching::with_weights(n, weight);
        let mut m = BracketMatcher {
            list,
            index,
            graph,
            max_weight,
        };
        m.update();
        m
    }

    fn vertex(&self, player: usize) -> usize {
        self.index.get(player).copied().unwrap_or(usize::MAX)
    }

    /// The round player matched with `player` (itself when unmatched).
    pub fn mate_of(&self, player: usize) -> usize {
        let v = self.vertex(player);
        self.list[self.graph.mate(v).unwrap_or(v)]
    }

    /// Brings the matching back to a maximum weight after edits.
    pub fn update(&mut self) {
        self.graph.solve();
    }

    /// Adds `value` to the edge between two players, if it exists.
    pub fn add(&mut self, a: usize, b: usize, value: i64) {
        let (i, j) = (self.vertex(a), self.vertex(b));
        if i == usize::MAX || j == usize::MAX || i == j || self.graph.weight(i, j).is_zero() {
            return;
        }
        let w = self.graph.weight(i, j).add(W::small(value));
        self.graph.set_weight(i, j, w);
    }

    /// Adds `value` (plus `k` if `increment`, for the k-th) to the edges from `a` to `others`.
    pub fn add_all(&mut self, a: usize, others: &[usize], mut value: i64, increment: bool) {
        for &o in others {
            self.add(a, o, value);
            value += i64::from(increment);
        }
    }

    /// Removes the edges from `a` to `others`.
    pub fn remove_all(&mut self, a: usize, others: &[usize]) {
        let i = self.vertex(a);
        for &o in others {
            let j = self.vertex(o);
            if i != usize::MAX && j != usize::MAX && i != j {
                self.graph.set_weight(i, j, W::small(0));
            }
        }
    }

    /// Forces `a` and `b` to be matched with each other.
    pub fn finalize(&mut self, a: usize, b: usize) {
        let (i, j) = (self.vertex(a), self.vertex(b));
        if i == usize::MAX || j == usize::MAX {
            return;
        }
        for k in 0..self.list.len() {
            if k != i {
                self.graph.set_weight(i, k, W::small(0));
            }
            if k != j {
                self.graph.set_weight(j, k, W::small(0));
            }
        }
        if i != j {
            self.graph.set_weight(i, j, self.max_weight);
        }
    }
}

/// Absolute criteria C.1 (no rematch, no forbidden pair) and C.3 (absolute colour conflicts,
/// except for topscorers) for a pair.
pub(super) fn is_allowed(p1: &Player, p2: &Player, forbidden: &[(u32, u32)]) -> bool {
    let (a, b) = (p1.number, p2.number);
    if forbidden
        .iter()
        .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    {
        return false;
    }
    if p2.opponents.contains(&a) {
        return false;
    }
    let ts = p1.top_scorer || p2.top_scorer;
    ts || p1.side != p2.side || p1.strength != 3 || p2.strength != 3
}

/// Whether the whole round can still be paired, with some pairs already fixed: a maximum
/// matching of the allowed pairs (weight 1 each), kept between brackets.
pub(super) struct ValidityMatcher {
    n: usize,
    graph: DynamicMatching<i64>,
}

impl ValidityMatcher {
    pub fn new(players: &[Player], forbidden: &[(u32, u32)]) -> Self {
        let n = players.len() + players.len() % 2;
        // The extra vertex of an odd field is the bye.
        let graph = DynamicMatching::with_weights(n, |i, j| {
            let ok = match players.get(j) {
                Some(p) => is_allowed(&players[i], p, forbidden),
                None => !players[i].bye_received,
            };
            i64::from(ok)
        });
        ValidityMatcher { n, graph }
    }

    /// Fixes the pair `i`–`j` (round player indices).
    pub fn finalize(&mut self, i: usize, j: usize) {
        for k in 0..self.n {
            if k != i {
                self.graph.set_weight(i, k, 0);
            }
            if k != j {
                self.graph.set_weight(j, k, 0);
            }
        }
        if i != j {
            self.graph.set_weight(i, j, 1);
        }
    }

    /// Whether a perfect matching of the allowed pairs exists.
    pub fn is_valid(&mut self) -> bool {
        self.graph.solve();
        (0..self.n).all(|v| self.graph.mate(v).is_some())
    }
}
