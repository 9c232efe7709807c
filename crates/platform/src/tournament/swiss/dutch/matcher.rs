//! The two matchers of the Dutch pairer: the bracket matcher (a weight per pair, edited step by
//! step to fix S1, S2 and transpositions) and the validity matcher (can the rest of the round
//! still be paired under the absolute criteria C.1–C.3?).

use super::player::Player;
use super::Field;
use crate::tournament::matching::max_weight_matching;

/// The weighted graph of one bracket (MDPs, residents, then the next score group).
pub(super) struct BracketMatcher<W: Field> {
    /// Round player index of each vertex.
    pub list: Vec<usize>,
    weights: Vec<Vec<W>>,
    max_weight: W,
    /// Mate (vertex) of each vertex; itself when unmatched.
    mate: Vec<usize>,
}

impl<W: Field> BracketMatcher<W> {
    pub fn new(list: Vec<usize>, weights: Vec<Vec<W>>, total_bits: u32) -> Self {
        let max_weight = W::small(1).shl(total_bits - 1).sub(W::small(1));
        let n = list.len();
        let mut m = BracketMatcher {
            list,
            weights,
            max_weight,
            mate: (0..n).collect(),
        };
        m.update();
        m
    }

    fn vertex(&self, player: usize) -> usize {
        self.list
            .iter()
            .position(|&p| p == player)
            .unwrap_or(usize::MAX)
    }

    /// The round player matched with `player` (itself when unmatched).
    pub fn mate_of(&self, player: usize) -> usize {
        let v = self.vertex(player);
        self.list[self.mate[v]]
    }

    /// Recomputes a maximum-weight matching.
    pub fn update(&mut self) {
        let n = self.list.len();
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if !self.weights[i][j].is_zero() {
                    edges.push((i, j, self.weights[i][j]));
                }
            }
        }
        let mates = max_weight_matching(n, &edges, false);
        self.mate = mates
            .iter()
            .enumerate()
            .map(|(v, m)| m.unwrap_or(v))
            .collect();
    }

    fn set(&mut self, i: usize, j: usize, w: W) {
        self.weights[i][j] = w;
        self.weights[j][i] = w;
    }

    /// Adds `value` to the edge between two players, if it exists.
    pub fn add(&mut self, a: usize, b: usize, value: i64) {
        let (i, j) = (self.vertex(a), self.vertex(b));
        if i == usize::MAX || j == usize::MAX || self.weights[i][j].is_zero() {
            return;
        }
        let w = self.weights[i][j].add(W::small(value));
        self.set(i, j, w);
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
            if i != usize::MAX && j != usize::MAX {
                self.set(i, j, W::small(0));
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
            self.set(i, k, W::small(0));
            self.set(j, k, W::small(0));
        }
        self.set(i, j, self.max_weight);
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

/// Whether the whole round can still be paired, with some pairs already fixed.
pub(super) struct ValidityMatcher {
    n: usize,
    allowed: Vec<Vec<bool>>,
}

impl ValidityMatcher {
    pub fn new(players: &[Player], forbidden: &[(u32, u32)]) -> Self {
        let n = players.len() + players.len() % 2;
        let mut allowed = vec![vec![false; n]; n];
        for i in 0..players.len() {
            for j in i + 1..players.len() {
                let ok = is_allowed(&players[i], &players[j], forbidden);
                allowed[i][j] = ok;
                allowed[j][i] = ok;
            }
            if players.len() % 2 == 1 {
                let ok = !players[i].bye_received;
                allowed[i][n - 1] = ok;
                allowed[n - 1][i] = ok;
            }
        }
        ValidityMatcher { n, allowed }
    }

    /// Fixes the pair `i`–`j` (round player indices).
    pub fn finalize(&mut self, i: usize, j: usize) {
        for k in 0..self.n {
            self.allowed[i][k] = false;
            self.allowed[k][i] = false;
            self.allowed[j][k] = false;
            self.allowed[k][j] = false;
        }
        self.allowed[i][j] = true;
        self.allowed[j][i] = true;
    }

    /// Whether a perfect matching of the allowed pairs exists.
    pub fn is_valid(&self) -> bool {
        let mut edges = Vec::new();
        for i in 0..self.n {
            for j in i + 1..self.n {
                if self.allowed[i][j] {
                    edges.push((i, j, 1i64));
                }
            }
        }
        max_weight_matching(self.n, &edges, false)
            .iter()
            .all(Option::is_some)
    }
}
