//! Blossom surgery: finding, shrinking, expanding and augmenting through blossoms.

use super::{Matcher, NONE};
use crate::tournament::matching::Weight;

impl<W: Weight> Matcher<W> {
    pub(super) fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        // The least-slack edge from the new blossom to each other outer blossom.
        let mut bestedgeto = vec![NONE; 2 * self.n];
        let mut bestslackto = vec![W::ZERO; 2 * self.n];
        let mut consider = |m: &Self, k: usize, u: usize, slack: W| {
            let bj = m.inblossom[u];
            if bj != b && m.label[bj] == 1 && (bestedgeto[bj] == NONE || slack < bestslackto[bj]) {
                bestedgeto[bj] = k;
                bestslackto[bj] = slack;
            }
        };
        for &bv in &path {
            if let Some(list) = self.blossombestedges[bv].take() {
                for k in list {
                    if self.present(k) {
                        let (i, j, _) = self.edges[k];
                        let u = if self.inblossom[j] == b { i } else { j };
                        consider(self, k, u, self.slack(k));
                    }
                }
            } else if self.dense.is_empty() {
                for v in self.leaves_of(bv) {
                    for &p in &self.neighbend[v] {
                        let k = p / 2;
                        let u = self.endpoint[p];
                        if self.present(k) {
                            let u = if self.inblossom[u] == b { v } else { u };
                            consider(self, k, u, self.slack(k));
                        }
                    }
                }
            } else {
                // Complete graph: the rows of the leaves (same edge order as `neighbend`).
                let n = self.n;
                for v in self.leaves_of(bv) {
                    let dv = self.dualvar[v];
                    for u in 0..n {
                        let bu = self.inblossom[u];
                        if bu == b || self.label[bu] != 1 || !self.live[v * n + u] {
                            continue;
                        }
                        let wt = self.dense[v * n + u];
                        let slack = dv.add(self.dualvar[u]).sub(wt.double());
                        consider(self, self.edge_index(v, u), u, slack);
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.iter().copied().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for (bj, &k) in bestedgeto.iter().enumerate() {
            if k != NONE && (self.bestedge[b] == NONE || bestslackto[bj] < self.bestslack[b]) {
                self.set_best(b, k, bestslackto[bj]);
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let e = self.blossomendps[b][at(j - endptrick as isize)];
                self.label[self.endpoint[e ^ endptrick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allow(e / 2);
                j += jstep;
                p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
                self.allow(p / 2);
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.endpoint[p ^ 1];
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let found = self.leaves_of(bv).into_iter().find(|&v| self.label[v] != 0);
                if let Some(v) = found {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[mb]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = u8::MAX;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0) as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    pub(super) fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        self.augment_from(v, 2 * k + 1);
        self.augment_from(w, 2 * k);
    }

    /// Flips the alternating path from `s` to the root of its tree; `s` gets mate endpoint `p`
    /// (`NONE`: it becomes exposed).
    pub(super) fn augment_from(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint[self.labelend[bs]];
            let bt = self.inblossom[t];
            s = self.endpoint[self.labelend[bt]];
            let j = self.endpoint[self.labelend[bt] ^ 1];
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }
}
