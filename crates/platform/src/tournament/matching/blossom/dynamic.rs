//! A maximum-weight matching kept between edits of the weights (the idea of bbpPairings'
//! matching computer, implemented here on our own matcher): after the edges of a few vertices
//! change, only those vertices are freed and given duals that make their edges feasible, and the
//! primal-dual stages repair the optimum from them — O(n²) per changed vertex instead of a new
//! O(n³) solve.
//!
//! Between solves the state is a feasible dual solution (vertex duals; blossoms are flattened
//! into their vertices' duals, which keeps every edge feasible) and a matching whose edges are
//! tight. Exposed vertices with a positive dual are the roots of the next stages; a stage ends
//! with an augmentation between two roots, from a root to an exposed vertex of dual zero, or
//! when an outer vertex's dual reaches zero (the path to its root is flipped, leaving it
//! exposed with dual zero). When no root is left, the complementary slackness conditions hold,
//! so the matching is maximum.

use super::{Matcher, NONE};
use crate::tournament::matching::Weight;

/// A complete graph on `n` vertices whose edge weights can be edited between solves; an edge of
/// weight ≤ 0 is absent.
pub struct DynamicMatching<W: Weight> {
    m: Matcher<W>,
    dirty: Vec<bool>,
    fresh: bool,
}

impl<W: Weight> DynamicMatching<W> {
    /// The graph on `n` vertices with every edge absent.
    #[must_use]
    pub fn new(n: usize) -> Self {
        let mut edges = Vec::with_capacity(n * n.saturating_sub(1) / 2);
        for i in 0..n {
            for j in i + 1..n {
                edges.push((i, j, W::ZERO));
            }
        }
        let mut m = Matcher::new(n, edges, false, true);
        m.dynamic = true;
        m.dense = vec![W::ZERO; n * n];
        m.allowdense = vec![0; n * n];
        m.live = vec![false; n * n];
        m.dualvar.iter_mut().for_each(|d| *d = W::ZERO);
        DynamicMatching {
            m,
            dirty: vec![false; n],
            fresh: true,
        }
    }

    /// The number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.m.n
    }

    /// Whether the graph has no vertex.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.m.n == 0
    }

    fn edge(&self, i: usize, j: usize) -> usize {
        self.m.edge_index(i, j)
    }

    /// The weight of edge `i`–`j`.
    #[must_use]
    pub fn weight(&self, i: usize, j: usize) -> W {
        self.m.dense[i * self.m.n + j]
    }

    /// Sets the weight of edge `i`–`j` (`i != j`). `i` is the vertex whose matching is redone
    /// by the next [`solve`](Self::solve): edit the edges of as few vertices as possible.
    pub fn set_weight(&mut self, i: usize, j: usize, w: W) {
        let n = self.m.n;
        if self.m.dense[i * n + j] != w {
            let k = self.edge(i, j);
            self.m.edges[k].2 = w;
            self.m.dense[i * n + j] = w;
            self.m.dense[j * n + i] = w;
            self.m.live[i * n + j] = w > W::ZERO;
            self.m.live[j * n + i] = w > W::ZERO;
            self.dirty[i] = true;
        }
    }

    /// The graph on `n` vertices with the weights `weight(i, j)` for `i < j`, as if each were
    /// set by [`set_weight`](Self::set_weight) (but computed and stored in memory order).
    #[must_use]
    pub fn with_weights(n: usize, mut weight: impl FnMut(usize, usize) -> W) -> Self {
        let mut g = Self::new(n);
        let m = &mut g.m;
        let mut k = 0;
        for i in 0..n {
            for j in i + 1..n {
                let w = weight(i, j);
                m.edges[k].2 = w;
                m.dense[i * n + j] = w;
                m.live[i * n + j] = w > W::ZERO;
                k += 1;
            }
        }
        // Mirror the upper triangle, tile by tile (cache friendly).
        const T: usize = 16;
        for bi in (0..n).step_by(T) {
            for bj in (bi..n).step_by(T) {
                for i in bi..(bi + T).min(n) {
                    for j in bj.max(i + 1)..(bj + T).min(n) {
                        m.dense[j * n + i] = m.dense[i * n + j];
                        m.live[j * n + i] = m.live[i * n + j];
                    }
                }
            }
        }
        g
    }

    /// Each vertex's mate after the last [`solve`](Self::solve).
    #[must_use]
    pub fn mate(&self, v: usize) -> Option<usize> {
        let p = self.m.mate[v];
        (p != NONE).then(|| self.m.endpoint[p])
    }

    /// Brings the matching to a maximum weight for the current weights.
    pub fn solve(&mut self) {
        let n = self.m.n;
        if n == 0 {
            return;
        }
        self.flatten();
        if self.fresh {
            self.fresh = false;
            for v in 0..n {
                self.m.dualvar[v] = self.max_edge(v);
                self.m.mate[v] = NONE;
            }
        } else {
            for v in 0..n {
                if self.dirty[v] {
                    self.refit(v);
                }
            }
        }
        self.dirty.iter_mut().for_each(|d| *d = false);
        self.match_tight();
        // The roots of a stage must share the parity of their duals.
        for v in 0..n {
            if self.m.mate[v] == NONE && self.m.dualvar[v].half().double() != self.m.dualvar[v] {
                self.m.dualvar[v] = self.m.dualvar[v].add(W::ONE);
            }
        }
        self.m.solve();
        #[cfg(debug_assertions)]
        self.check();
    }

    /// A greedy start: roots matched along tight edges to other exposed vertices.
    fn match_tight(&mut self) {
        let n = self.m.n;
        for v in 0..n {
            if self.m.mate[v] != NONE || self.m.dualvar[v] <= W::ZERO {
                continue;
            }
            let dv = self.m.dualvar[v];
            for u in 0..n {
                let w = self.m.dense[v * n + u];
                if u != v
                    && self.m.mate[u] == NONE
                    && w > W::ZERO
                    && dv.add(self.m.dualvar[u]) == w.double()
                {
                    let k = self.m.edge_index(v, u);
                    let (i, j) = if v < u { (v, u) } else { (u, v) };
                    self.m.mate[i] = 2 * k + 1;
                    self.m.mate[j] = 2 * k;
                    break;
                }
            }
        }
    }

    fn row(&self, v: usize) -> &[W] {
        let n = self.m.n;
        &self.m.dense[v * n..(v + 1) * n]
    }

    fn max_edge(&self, v: usize) -> W {
        self.row(v)
            .iter()
            .copied()
            .fold(W::ZERO, |a, w| if w > a { w } else { a })
    }

    /// Gives `v`, whose edges changed, a dual that keeps its edges feasible: if its matched
    /// edge can be tight with such a dual, `v` stays matched (no repair needed); otherwise `v`
    /// and its mate become exposed, `v` with the least feasible dual.
    fn refit(&mut self, v: usize) {
        let p = self.m.mate[v];
        let mate = if p == NONE { NONE } else { self.m.endpoint[p] };
        let need = self.least_feasible_dual(v, mate);
        if mate != NONE {
            let w = self.row(v)[mate];
            if w > W::ZERO {
                let tight = w.double().sub(self.m.dualvar[mate]);
                if tight >= need {
                    self.m.dualvar[v] = tight;
                    return;
                }
            }
            self.m.mate[mate] = NONE;
            self.m.mate[v] = NONE;
        }
        let w = if mate == NONE {
            W::ZERO
        } else {
            self.row(v)[mate]
        };
        let with_mate = if w > W::ZERO {
            w.double().sub(self.m.dualvar[mate])
        } else {
            W::ZERO
        };
        self.m.dualvar[v] = if with_mate > need { with_mate } else { need };
    }

    /// The least dual of `v` (≥ 0) keeping every edge of `v` but the one to `except` feasible.
    fn least_feasible_dual(&self, v: usize, except: usize) -> W {
        let mut best = W::ZERO;
        for (u, &w) in self.row(v).iter().enumerate() {
            if w <= W::ZERO || u == v || u == except {
                continue;
            }
            let need = w.double().sub(self.m.dualvar[u]);
            if need > best {
                best = need;
            }
        }
        best
    }

    /// Dissolves every blossom into its vertices' duals (edges stay feasible); matched edges
    /// that are no longer tight (or no longer present) are unmatched.
    fn flatten(&mut self) {
        let m = &mut self.m;
        let n = m.n;
        for v in 0..n {
            let mut b = m.blossomparent[v];
            let mut add = W::ZERO;
            while b != NONE {
                add = add.add(m.dualvar[b]);
                b = m.blossomparent[b];
            }
            m.dualvar[v] = m.dualvar[v].add(add);
        }
        for v in 0..n {
            m.inblossom[v] = v;
            m.blossomparent[v] = NONE;
            m.blossombase[v] = v;
        }
        for b in n..2 * n {
            m.blossomparent[b] = NONE;
            m.blossomchilds[b] = Vec::new();
            m.blossomendps[b] = Vec::new();
            m.blossombase[b] = NONE;
            m.blossombestedges[b] = None;
            m.bestedge[b] = NONE;
            m.dualvar[b] = W::ZERO;
            m.label[b] = 0;
            m.labelend[b] = NONE;
        }
        m.unusedblossoms = (n..2 * n).collect();
        for v in 0..n {
            let p = m.mate[v];
            if p == NONE {
                continue;
            }
            let k = p / 2;
            if m.edges[k].2 <= W::ZERO || m.slack(k) != W::ZERO {
                let u = m.endpoint[p];
                m.mate[u] = NONE;
                m.mate[v] = NONE;
            }
        }
    }

    /// Debug builds: the matching weighs as much as one computed from scratch.
    #[cfg(debug_assertions)]
    fn check(&self) {
        let n = self.m.n;
        let edges: Vec<(usize, usize, W)> = self
            .m
            .edges
            .iter()
            .copied()
            .filter(|e| e.2 > W::ZERO)
            .collect();
        let fresh = super::max_weight_matching(n, &edges, false);
        let total = |mate: &dyn Fn(usize) -> Option<usize>| {
            let mut t = W::ZERO;
            for v in 0..n {
                if let Some(u) = mate(v) {
                    assert_eq!(mate(u), Some(v));
                    if v < u {
                        assert!(self.weight(v, u) > W::ZERO);
                        t = t.add(self.weight(v, u));
                    }
                }
            }
            t
        };
        let a = total(&|v| self.mate(v));
        let b = total(&|v| fresh[v]);
        assert_eq!(a, b, "dynamic matching is not maximum");
    }
}
