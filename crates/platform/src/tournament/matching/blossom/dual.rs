//! The dual adjustment of a stage: the least change of the dual variables that makes an edge
//! tight, expands an inner blossom or (dynamic mode) brings an outer vertex's dual to zero.

use super::{Matcher, Step, NONE};
use crate::tournament::matching::Weight;

impl<W: Weight> Matcher<W> {
    /// One dual adjustment.
    pub(super) fn dual_step(&mut self) -> Step {
        let n = self.n;
        let mut deltatype = 0u8;
        let mut delta = W::ZERO;
        let mut deltaedge = NONE;
        let mut deltablossom = NONE;
        let mut deltavertex = NONE;
        if self.dynamic {
            // The outer vertex of least dual (roots' duals may differ).
            for v in 0..n {
                if self.label[self.inblossom[v]] == 1
                    && (deltavertex == NONE || self.dualvar[v] < delta)
                {
                    delta = self.dualvar[v];
                    deltavertex = v;
                }
            }
            deltatype = 1;
        } else if !self.max_cardinality {
            deltatype = 1;
            delta = self.dualvar[..n].iter().copied().min().unwrap_or(W::ZERO);
        }
        for v in 0..n {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.best_slack(v);
                if deltatype == 0 || d < delta {
                    delta = d;
                    deltatype = 2;
                    deltaedge = self.bestedge[v];
                }
            }
        }
        for b in 0..2 * n {
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.best_slack(b).half();
                if deltatype == 0 || d < delta {
                    delta = d;
                    deltatype = 3;
                    deltaedge = self.bestedge[b];
                }
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && (deltatype == 0 || self.dualvar[b] < delta)
            {
                delta = self.dualvar[b];
                deltatype = 4;
                deltablossom = b;
            }
        }
        if deltatype == 0 {
            deltatype = 1;
            let m = self.dualvar[..n].iter().copied().min().unwrap_or(W::ZERO);
            delta = if m > W::ZERO { m } else { W::ZERO };
        }
        self.epoch += 1;
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 => self.dualvar[v] = self.dualvar[v].sub(delta),
                2 => self.dualvar[v] = self.dualvar[v].add(delta),
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b] = self.dualvar[b].add(delta),
                    2 => self.dualvar[b] = self.dualvar[b].sub(delta),
                    _ => {}
                }
            }
        }
        match deltatype {
            1 if self.dynamic => {
                // An outer vertex reached dual zero: it becomes exposed, its root matched.
                self.augment_from(deltavertex, NONE);
                Step::Augmented
            }
            2 => {
                self.allow(deltaedge);
                let (mut i, j, _) = self.edges[deltaedge];
                if self.label[self.inblossom[i]] == 0 {
                    i = j;
                }
                self.queue.push(i);
                Step::Continue
            }
            3 => {
                self.allow(deltaedge);
                let (i, _, _) = self.edges[deltaedge];
                self.queue.push(i);
                Step::Continue
            }
            4 => {
                self.expand_blossom(deltablossom, false);
                Step::Continue
            }
            _ => Step::Stop,
        }
    }
}
