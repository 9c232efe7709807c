//! The scan of an outer vertex's edges in dense mode (the complete graph of
//! [`DynamicMatching`](super::DynamicMatching)), the matcher's hot loop.
//!
//! It does exactly what calling `visit` on every edge of the row, in vertex order, does, but
//! reads only row-major arrays (weights, allowed stamps) and handles the two common cases in
//! place: an edge that is not tight only updates the least-slack edges (their slacks cached
//! until the duals change), and a tight edge to a vertex already labelled inner changes nothing
//! but its allowed stamp.

use super::{Matcher, NONE};
use crate::tournament::matching::Weight;

impl<W: Weight> Matcher<W> {
    /// Scans the row of outer vertex `v`; `true` when it augmented the matching.
    pub(super) fn scan_dense_row(&mut self, v: usize) -> bool {
        let n = self.n;
        let row = v * n;
        let dv = self.dualvar[v];
        let mut bv = self.inblossom[v];
        for w in 0..n {
            let bw = self.inblossom[w];
            if w == v || bw == bv {
                continue;
            }
            if !self.live[row + w] {
                continue;
            }
            let wt = self.dense[row + w];
            let known = if self.allowdense[row + w] == self.stamp {
                None
            } else {
                let kslack = dv.add(self.dualvar[w]).sub(wt.double());
                if kslack > W::ZERO {
                    self.note_slack(v, w, bv, bw, kslack);
                    continue;
                }
                Some(kslack)
            };
            if self.label[bw] == 2 && self.label[w] != 0 {
                // A tight edge to an inner vertex: `visit` would only mark it allowed.
                if known.is_some() {
                    let k = self.edge_index(v, w);
                    self.allow(k);
                }
                continue;
            }
            let k = self.edge_index(v, w);
            let p = if v < w { 2 * k + 1 } else { 2 * k };
            if self.visit(v, p, known) {
                return true;
            }
            bv = self.inblossom[v];
        }
        false
    }

    /// The least-slack bookkeeping of `visit` for the non-tight edge `v`–`w` (`bv`, `bw`:
    /// their top-level blossoms).
    #[inline]
    fn note_slack(&mut self, v: usize, w: usize, bv: usize, bw: usize, kslack: W) {
        if self.label[bw] == 1 {
            if self.bestedge[bv] == NONE || kslack < self.best_slack(bv) {
                let k = self.edge_index(v, w);
                self.set_best(bv, k, kslack);
            }
        } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.best_slack(w)) {
            let k = self.edge_index(v, w);
            self.set_best(w, k, kslack);
        }
    }
}
