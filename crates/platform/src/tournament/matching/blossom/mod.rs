//! Edmonds' maximum-weight matching with blossoms and dual variables, O(n³), written from the
//! published primal-dual algorithm (Galil 1986). All arithmetic is exact: dual variables are
//! kept doubled so that every quantity stays integral.

use super::Weight;

mod dense;
mod dual;
mod dynamic;
mod ops;

pub use dynamic::DynamicMatching;

const NONE: usize = usize::MAX;

/// A maximum-weight matching of the graph on `n` vertices with `edges` `(i, j, weight)`;
/// with `max_cardinality`, the heaviest among the matchings of maximum size. Edges of weight
/// ≤ 0 are ignored unless `max_cardinality` is set. Returns each vertex's mate.
#[must_use]
pub fn max_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let edges: Vec<(usize, usize, W)> = edges
        .iter()
        .copied()
        .filter(|&(i, j, w)| i != j && i < n && j < n && (max_cardinality || w > W::ZERO))
        .collect();
    if edges.is_empty() || n == 0 {
        return vec![None; n];
    }
    let mut m = Matcher::new(n, edges, max_cardinality, false);
    m.solve();
    (0..n)
        .map(|v| (m.mate[v] != NONE).then(|| m.endpoint[m.mate[v]]))
        .collect()
}

struct Matcher<W: Weight> {
    n: usize,
    edges: Vec<(usize, usize, W)>,
    max_cardinality: bool,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    /// Stage stamp of each edge: allowed (tight) in the stage whose number it holds.
    allowedge: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
    /// Incremental mode (see `dynamic`): edges of weight ≤ 0 are absent, exposed vertices may
    /// keep positive duals between solves (they are the roots), and a stage also ends when an
    /// outer vertex's dual reaches zero.
    dynamic: bool,
    /// Dynamic mode: the weights as an `n × n` matrix (row-major), for scanning a vertex's
    /// edges in memory order.
    dense: Vec<W>,
    /// Dense mode: the stage stamps of `allowedge` as an `n × n` matrix (both directions).
    allowdense: Vec<u32>,
    /// Dense mode: whether each edge is present (weight > 0), `n × n`: a row scan skips the
    /// absent edges without loading their weights.
    live: Vec<bool>,
    /// The slack of `bestedge[b]`, valid while `bestepoch[b] == epoch`.
    bestslack: Vec<W>,
    bestepoch: Vec<u64>,
    /// Bumped whenever a vertex dual or a weight may have changed (every dual step and solve).
    epoch: u64,
}

/// What a dual adjustment led to.
enum Step {
    Continue,
    Stop,
    Augmented,
}

impl<W: Weight> Matcher<W> {
    /// The matcher of the graph on `n` vertices with `edges`; `dense`: the complete graph of
    /// [`DynamicMatching`], whose rows are scanned in the weight matrix, so no edge lists.
    fn new(n: usize, edges: Vec<(usize, usize, W)>, max_cardinality: bool, dense: bool) -> Self {
        let maxweight = edges
            .iter()
            .map(|e| e.2)
            .fold(W::ZERO, |a, b| if b > a { b } else { a });
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            if !dense {
                neighbend[i].push(2 * k + 1);
                neighbend[j].push(2 * k);
            }
        }
        let ne = edges.len();
        let mut dualvar = vec![maxweight; n];
        dualvar.resize(2 * n, W::ZERO);
        Matcher {
            n,
            edges,
            max_cardinality,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..2 * n).map(|v| if v < n { v } else { NONE }).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![0; ne],
            stamp: 0,
            queue: Vec::new(),
            dynamic: false,
            dense: Vec::new(),
            allowdense: Vec::new(),
            live: Vec::new(),
            bestslack: vec![W::ZERO; 2 * n],
            bestepoch: vec![0; 2 * n],
            epoch: 1,
        }
    }

    #[inline]
    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        self.dualvar[i].add(self.dualvar[j]).sub(w.double())
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            if b < self.n {
                self.queue.push(b);
            } else {
                let mut queue = std::mem::take(&mut self.queue);
                self.leaves(b, &mut queue);
                self.queue = queue;
            }
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    #[inline]
    fn allowed(&self, k: usize) -> bool {
        self.allowedge[k] == self.stamp
    }

    #[inline]
    fn allow(&mut self, k: usize) {
        self.allowedge[k] = self.stamp;
        if !self.allowdense.is_empty() {
            let (i, j, _) = self.edges[k];
            self.allowdense[i * self.n + j] = self.stamp;
            self.allowdense[j * self.n + i] = self.stamp;
        }
    }

    /// The slack of `bestedge[b]` (which must be an edge), cached until the duals change.
    #[inline]
    fn best_slack(&mut self, b: usize) -> W {
        if self.bestepoch[b] != self.epoch {
            self.bestslack[b] = self.slack(self.bestedge[b]);
            self.bestepoch[b] = self.epoch;
        }
        self.bestslack[b]
    }

    /// Sets `bestedge[b]` to edge `k` of slack `slack`.
    #[inline]
    fn set_best(&mut self, b: usize, k: usize, slack: W) {
        self.bestedge[b] = k;
        self.bestslack[b] = slack;
        self.bestepoch[b] = self.epoch;
    }

    #[inline]
    fn present(&self, k: usize) -> bool {
        !self.dynamic || self.edges[k].2 > W::ZERO
    }

    /// Index of edge `i`–`j` in a complete graph (dense mode).
    #[inline]
    fn edge_index(&self, i: usize, j: usize) -> usize {
        let (i, j) = if i < j { (i, j) } else { (j, i) };
        i * self.n - i * (i + 1) / 2 + (j - i - 1)
    }

    /// Scans the edge of endpoint `p` from outer vertex `v`; `true` when it augmented.
    /// `known`: the edge's slack, when the caller has it.
    #[inline]
    fn visit(&mut self, v: usize, p: usize, known: Option<W>) -> bool {
        let k = p / 2;
        let w = self.endpoint[p];
        if self.inblossom[v] == self.inblossom[w] || !self.present(k) {
            return false;
        }
        let mut kslack = W::ZERO;
        if !self.allowed(k) {
            kslack = known.unwrap_or_else(|| self.slack(k));
            if kslack <= W::ZERO {
                self.allow(k);
            }
        }
        if self.allowed(k) {
            let bw = self.inblossom[w];
            if self.label[bw] == 0 && self.mate[self.blossombase[bw]] == NONE {
                // An exposed vertex of dual zero (dynamic mode only).
                self.labelend[bw] = NONE;
                self.augment_matching(k);
                return true;
            } else if self.label[bw] == 0 {
                self.assign_label(w, 2, p ^ 1);
            } else if self.label[self.inblossom[w]] == 1 {
                let base = self.scan_blossom(v, w);
                if base != NONE {
                    self.add_blossom(base, k);
                } else {
                    self.augment_matching(k);
                    return true;
                }
            } else if self.label[w] == 0 {
                self.label[w] = 2;
                self.labelend[w] = p ^ 1;
            }
        } else if self.label[self.inblossom[w]] == 1 {
            let b = self.inblossom[v];
            if self.bestedge[b] == NONE || kslack < self.best_slack(b) {
                self.set_best(b, k, kslack);
            }
        } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.best_slack(w)) {
            self.set_best(w, k, kslack);
        }
        false
    }

    fn solve(&mut self) {
        let n = self.n;
        let mut stage = 0;
        loop {
            if !self.dynamic && stage >= n {
                break;
            }
            stage += 1;
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.epoch += 1;
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.allowedge.iter_mut().for_each(|a| *a = 0);
                self.allowdense.iter_mut().for_each(|a| *a = 0);
                self.stamp = 1;
            }
            self.queue.clear();
            let mut roots = false;
            for v in 0..n {
                if self.mate[v] == NONE
                    && self.label[self.inblossom[v]] == 0
                    && (!self.dynamic || self.dualvar[v] > W::ZERO)
                {
                    self.assign_label(v, 1, NONE);
                    roots = true;
                }
            }
            if self.dynamic && !roots {
                break;
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if augmented {
                        break;
                    }
                    if self.dense.is_empty() {
                        for pi in 0..self.neighbend[v].len() {
                            let p = self.neighbend[v][pi];
                            if self.visit(v, p, None) {
                                augmented = true;
                                break;
                            }
                        }
                    } else if self.scan_dense_row(v) {
                        augmented = true;
                    }
                }
                if augmented {
                    break;
                }
                match self.dual_step() {
                    Step::Continue => {}
                    Step::Stop => break,
                    Step::Augmented => {
                        augmented = true;
                        break;
                    }
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}
