//! The trainer: a float copy of the network fitted on the CPU, then quantised to the int16 file.
//!
//! Key decision: plain Rust, no dependencies — the net is small (1,260 sparse inputs, at most 32
//! active per perspective), so a sample costs about 100 k floating-point operations and a
//! hand-written forward/backward pass over the active columns, with Adam on dense moments and
//! the batch split over threads, is fast enough on a few cores and keeps the pipeline in one
//! language. The loss is the squared error between `sigmoid(output)` and a blend of
//! `sigmoid(score / SCALE)` (the search's score) and the game result, as bullet and
//! nnue-pytorch do; weights are clipped during training so that quantisation cannot overflow.

use super::network::{feature, Network, HIDDEN, INPUTS, QA, QB, SCALE};
use xiangqi::Position;

/// Largest absolute feature weight or bias: × `QA` (255) × 32 pieces + bias it fits the int16
/// accumulator.
pub const WEIGHT_CLIP: f32 = 1.98;
/// Largest absolute output weight: × `QB` (128) × an activation (255) it fits an `i16`, as the
/// output layer's multiply needs.
pub const OUTPUT_CLIP: f32 = 0.99;

/// One training position, compact: its pieces, side to move, score and result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// `(piece code, square)` of each piece; the first `len` are used.
    pieces: [[u8; 2]; 32],
    len: u8,
    /// 0 Red, 1 Black to move.
    stm: u8,
    /// Search score, centipawns, side to move's view.
    score: i16,
    /// Game result for the side to move, in half points (0 loss, 1 draw, 2 win).
    result: u8,
}

impl Sample {
    /// A sample of `pos` with `score` (centipawns, side to move) and `result` (side to move: 1
    /// win, 0.5 draw, 0 loss). `None` with more than 32 pieces.
    #[must_use]
    pub fn new(pos: &Position, score: i32, result: f32) -> Option<Sample> {
        let mut pieces = [[0u8; 2]; 32];
        let mut len = 0;
        for (sq, piece) in pos.pieces() {
            *pieces.get_mut(len)? = [piece.code(), sq.index() as u8];
            len += 1;
        }
        Some(Sample {
            pieces,
            len: len as u8,
            stm: pos.turn().index() as u8,
            score: score.clamp(-30_000, 30_000) as i16,
            result: (result * 2.0).round().clamp(0.0, 2.0) as u8,
        })
    }

    /// Parses a data line `FEN | score | result`, score in centipawns and result (1, 0.5, 0)
    /// both from Red's point of view (the text format of bullet's chess data).
    ///
    /// # Errors
    /// What is wrong with the line.
    pub fn parse(line: &str) -> Result<Sample, String> {
        let mut parts = line.split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("expected 'FEN | score | result': {line}"));
        };
        let pos = Position::from_fen(fen).map_err(|e| format!("{e}: {fen}"))?;
        let score: i32 = score.parse().map_err(|_| format!("bad score: {line}"))?;
        let result: f32 = result.parse().map_err(|_| format!("bad result: {line}"))?;
        if !(0.0..=1.0).contains(&result) {
            return Err(format!("result out of range: {line}"));
        }
        let red = pos.turn() == xiangqi::Color::Red;
        let (score, result) = if red {
            (score, result)
        } else {
            (-score, 1.0 - result)
        };
        Sample::new(&pos, score, result).ok_or_else(|| format!("too many pieces: {fen}"))
    }

    /// The search score, centipawns, side to move's view.
    #[must_use]
    pub fn score(&self) -> i32 {
        i32::from(self.score)
    }

    /// The game result for the side to move (1 win, 0.5 draw, 0 loss).
    #[must_use]
    pub fn result(&self) -> f32 {
        f32::from(self.result) / 2.0
    }

    /// Active features of the side to move's perspective, then of the other's.
    fn features(&self) -> ([u16; 32], [u16; 32], usize) {
        let (mut us, mut them) = ([0u16; 32], [0u16; 32]);
        let p = usize::from(self.stm);
        let n = usize::from(self.len);
        for (i, &[code, sq]) in self.pieces[..n].iter().enumerate() {
            us[i] = feature(p, code, usize::from(sq)) as u16;
            them[i] = feature(1 - p, code, usize::from(sq)) as u16;
        }
        (us, them, n)
    }

    /// The training target: `lambda · sigmoid(score / SCALE) + (1 − lambda) · result`.
    fn target(&self, lambda: f32) -> f32 {
        let s = sigmoid(f32::from(self.score) / SCALE as f32);
        lambda * s + (1.0 - lambda) * f32::from(self.result) / 2.0
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The network in floating point (what is trained).
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// `INPUTS` columns of `HIDDEN` weights.
    pub w: Vec<f32>,
    /// Accumulator biases.
    pub b: Vec<f32>,
    /// Output weights: side to move's half, then the other's.
    pub ow: Vec<f32>,
    /// Output bias.
    pub ob: f32,
}

/// Small xorshift generator for initialisation and shuffling.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Uniform in `-r..r`.
    fn uniform(&mut self, r: f32) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * r
    }
}

impl FloatNet {
    /// Random initial weights from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> FloatNet {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        FloatNet {
            w: (0..INPUTS * HIDDEN).map(|_| rng.uniform(0.1)).collect(),
            b: (0..HIDDEN).map(|_| rng.uniform(0.1) + 0.1).collect(),
            ow: (0..2 * HIDDEN).map(|_| rng.uniform(0.05)).collect(),
            ob: 0.0,
        }
    }

    /// Pre-activations of one perspective.
    fn hidden(&self, feats: &[u16]) -> [f32; HIDDEN] {
        let mut h = [0f32; HIDDEN];
        h.copy_from_slice(&self.b);
        for &f in feats {
            let col = &self.w[usize::from(f) * HIDDEN..][..HIDDEN];
            for (x, w) in h.iter_mut().zip(col) {
                *x += w;
            }
        }
        h
    }

    /// The raw output (× `SCALE` = centipawns) of a sample.
    fn forward(&self, s: &Sample) -> (f32, [f32; HIDDEN], [f32; HIDDEN]) {
        let (us, them, n) = s.features();
        let (hu, ht) = (self.hidden(&us[..n]), self.hidden(&them[..n]));
        let mut out = self.ob;
        for i in 0..HIDDEN {
            let a = hu[i].clamp(0.0, 1.0);
            let b = ht[i].clamp(0.0, 1.0);
            out += a * a * self.ow[i] + b * b * self.ow[HIDDEN + i];
        }
        (out, hu, ht)
    }

    /// Evaluation of `pos` in centipawns, side to move's view (floating point).
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let s = Sample::new(pos, 0, 0.5).expect("at most 32 pieces");
        self.forward(&s).0 * SCALE as f32
    }

    /// Mean loss over `samples` with the score weight `lambda`.
    #[must_use]
    pub fn loss(&self, samples: &[Sample], lambda: f32) -> f64 {
        if samples.is_empty() {
            return 0.0;
        }
        let total: f64 = samples
            .iter()
            .map(|s| {
                let e = sigmoid(self.forward(s).0) - s.target(lambda);
                f64::from(e * e)
            })
            .sum();
        total / samples.len() as f64
    }

    /// Adds the gradient of one sample's loss to `g`; returns the loss.
    fn backward(&self, s: &Sample, lambda: f32, g: &mut FloatNet) -> f32 {
        let (out, hu, ht) = self.forward(s);
        let p = sigmoid(out);
        let e = p - s.target(lambda);
        let dout = 2.0 * e * p * (1.0 - p);
        g.ob += dout;
        let (us, them, n) = s.features();
        let mut du = [0f32; HIDDEN];
        let mut dt = [0f32; HIDDEN];
        for i in 0..HIDDEN {
            let a = hu[i].clamp(0.0, 1.0);
            let b = ht[i].clamp(0.0, 1.0);
            g.ow[i] += dout * a * a;
            g.ow[HIDDEN + i] += dout * b * b;
            // d(clamp(h)²)/dh = 2h inside (0, 1), 0 outside.
            du[i] = if hu[i] > 0.0 && hu[i] < 1.0 {
                dout * self.ow[i] * 2.0 * hu[i]
            } else {
                0.0
            };
            dt[i] = if ht[i] > 0.0 && ht[i] < 1.0 {
                dout * self.ow[HIDDEN + i] * 2.0 * ht[i]
            } else {
                0.0
            };
        }
        for i in 0..HIDDEN {
            g.b[i] += du[i] + dt[i];
        }
        for (feats, d) in [(&us[..n], &du), (&them[..n], &dt)] {
            for &f in feats {
                let col = &mut g.w[usize::from(f) * HIDDEN..][..HIDDEN];
                for (x, y) in col.iter_mut().zip(d) {
                    *x += y;
                }
            }
        }
        e * e
    }

    fn zeroed() -> FloatNet {
        FloatNet {
            w: vec![0.0; INPUTS * HIDDEN],
            b: vec![0.0; HIDDEN],
            ow: vec![0.0; 2 * HIDDEN],
            ob: 0.0,
        }
    }

    fn clear(&mut self) {
        self.w.fill(0.0);
        self.b.fill(0.0);
        self.ow.fill(0.0);
        self.ob = 0.0;
    }

    /// The quantised network (weights clipped to ±[`WEIGHT_CLIP`] and ±[`OUTPUT_CLIP`] first).
    #[must_use]
    pub fn quantise(&self) -> Network {
        let q = |x: f32, clip: f32, k: i32| {
            (x.clamp(-clip, clip) * k as f32)
                .round()
                .clamp(-32767.0, 32767.0) as i16
        };
        let fw = self.w.iter().map(|&x| q(x, WEIGHT_CLIP, QA)).collect();
        let mut fb = [0i16; HIDDEN];
        for (d, &x) in fb.iter_mut().zip(&self.b) {
            *d = q(x, WEIGHT_CLIP, QA);
        }
        let mut ow = [0i16; 2 * HIDDEN];
        for (d, &x) in ow.iter_mut().zip(&self.ow) {
            *d = q(x, OUTPUT_CLIP, QB);
        }
        let ob = (self.ob * (QA * QB) as f32).round() as i32;
        Network::from_parts(fw, fb, ow, ob)
    }

    /// Flat views of the parameters, in a fixed order (for the optimiser).
    fn params_mut(&mut self) -> [&mut [f32]; 4] {
        [
            &mut self.w,
            &mut self.b,
            &mut self.ow,
            std::slice::from_mut(&mut self.ob),
        ]
    }
}

/// Training settings.
#[derive(Clone, Copy, Debug)]
pub struct TrainConfig {
    /// Passes over the data.
    pub epochs: usize,
    /// Samples per gradient step.
    pub batch: usize,
    /// Adam's learning rate.
    pub lr: f32,
    /// Learning rate multiplied by this after each epoch.
    pub lr_decay: f32,
    /// Weight of the search score in the target (the rest is the game result).
    pub lambda: f32,
    /// Worker threads for a batch.
    pub threads: usize,
    /// Seed of the shuffling.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 10,
            batch: 16_384,
            lr: 0.001,
            lr_decay: 0.9,
            lambda: 0.75,
            threads: 1,
            seed: 1,
        }
    }
}

/// Adam's moments.
struct Adam {
    m: FloatNet,
    v: FloatNet,
    t: i32,
}

impl Adam {
    fn step(&mut self, net: &mut FloatNet, g: &mut FloatNet, lr: f32, scale: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let step = lr * c2.sqrt() / c1;
        let gs = g.params_mut();
        let ms = self.m.params_mut();
        let vs = self.v.params_mut();
        for (k, p) in net.params_mut().into_iter().enumerate() {
            let (gk, mk, vk) = (&mut *gs[k], &mut *ms[k], &mut *vs[k]);
            // The output weights (k = 2) have their own, tighter bound.
            let clip = if k == 2 { OUTPUT_CLIP } else { WEIGHT_CLIP };
            for i in 0..p.len() {
                let gi = gk[i] * scale;
                mk[i] = B1 * mk[i] + (1.0 - B1) * gi;
                vk[i] = B2 * vk[i] + (1.0 - B2) * gi * gi;
                p[i] = (p[i] - step * mk[i] / (vk[i].sqrt() + 1e-8)).clamp(-clip, clip);
            }
        }
    }
}

/// Trains `net` on `samples`; `on_epoch(epoch, mean training loss)` after each pass. Returns
/// the training loss of each epoch.
pub fn train(
    net: &mut FloatNet,
    samples: &[Sample],
    cfg: &TrainConfig,
    on_epoch: &mut dyn FnMut(usize, f64, &FloatNet),
) -> Vec<f64> {
    let threads = cfg.threads.max(1);
    let batch = cfg.batch.max(1);
    let mut adam = Adam {
        m: FloatNet::zeroed(),
        v: FloatNet::zeroed(),
        t: 0,
    };
    let mut grads: Vec<FloatNet> = (0..threads).map(|_| FloatNet::zeroed()).collect();
    let mut order: Vec<u32> = (0..samples.len() as u32).collect();
    let mut rng = Rng(cfg.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
    let mut lr = cfg.lr;
    let mut losses = Vec::new();
    for epoch in 0..cfg.epochs {
        for i in (1..order.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let mut total = 0f64;
        for chunk in order.chunks(batch) {
            let per = chunk.len().div_ceil(threads);
            let net_ref = &*net;
            let sums: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(chunk.chunks(per))
                    .map(|(g, part)| {
                        scope.spawn(move || {
                            g.clear();
                            part.iter()
                                .map(|&i| {
                                    f64::from(net_ref.backward(&samples[i as usize], cfg.lambda, g))
                                })
                                .sum::<f64>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("trainer thread"))
                    .collect()
            });
            total += sums.iter().sum::<f64>();
            let used = chunk.len().div_ceil(per);
            let (first, rest) = grads.split_at_mut(1);
            for g in &rest[..used - 1] {
                for (a, b) in first[0].w.iter_mut().zip(&g.w) {
                    *a += b;
                }
                for (a, b) in first[0].b.iter_mut().zip(&g.b) {
                    *a += b;
                }
                for (a, b) in first[0].ow.iter_mut().zip(&g.ow) {
                    *a += b;
                }
                first[0].ob += g.ob;
            }
            adam.step(net, &mut first[0], lr, 1.0 / chunk.len() as f32);
        }
        let mean = total / samples.len().max(1) as f64;
        losses.push(mean);
        on_epoch(epoch, mean, net);
        lr *= cfg.lr_decay;
    }
    losses
}
