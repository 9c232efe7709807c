//! Training the tables of a format from sample games: the move-ordering weights (a softmax
//! model of which legal move was played, fitted by stochastic gradient ascent), then the Huffman
//! code lengths of the ranks those weights give and of the clock residual classes. The result is
//! written as the Rust source of a `formatN.rs` file.
//!
//! Deterministic: the same games in the same order give the same tables.

use super::clocks::{class_of, residuals, CLOCK_CLASSES};
use super::huffman::code_lengths;
use super::order::{for_each_move, History, FEATURES, WEIGHTS};
use crate::{Move, Position, MAX_MOVES};
use std::fmt::Write;

/// One training game.
#[derive(Clone, Copy, Debug)]
pub struct Sample<'a> {
    /// The start position.
    pub start: &'a Position,
    /// The moves (legal from `start`; the game stops at the first that is not).
    pub moves: &'a [Move],
    /// Clock readings (ms), one per ply.
    pub clocks: &'a [u32],
}

/// Trained tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Feature weights.
    pub weights: Vec<i16>,
    /// Code lengths of ranks.
    pub rank_lengths: Vec<u8>,
    /// Code lengths of clock residual classes.
    pub clock_lengths: Vec<u8>,
}

/// One position: its moves' features and which was played.
struct Choice {
    feats: Vec<[u16; FEATURES]>,
    played: usize,
}

fn choices(games: &[Sample<'_>]) -> Vec<Choice> {
    let mut out = Vec::new();
    for g in games {
        let mut pos = g.start.clone();
        let mut hist = History::default();
        for &m in g.moves {
            let mut feats = Vec::new();
            let mut played = None;
            for_each_move(&mut pos, hist, |mv, f| {
                if mv == m {
                    played = Some(feats.len());
                }
                feats.push(*f);
            });
            let Some(played) = played else { break };
            out.push(Choice { feats, played });
            pos.do_move(m);
            hist = hist.after(m);
        }
    }
    out
}

/// Weights in units of 1/100 nat.
const SCALE: f64 = 100.0;

fn fit(choices: &[Choice], epochs: usize) -> Vec<i16> {
    let mut w = vec![0f64; WEIGHTS];
    let mut scores: Vec<f64> = Vec::new();
    for epoch in 0..epochs {
        let rate = 0.2 / (1.0 + epoch as f64);
        for c in choices {
            scores.clear();
            scores.extend(
                c.feats
                    .iter()
                    .map(|f| f.iter().map(|&i| w[usize::from(i)]).sum::<f64>()),
            );
            let max = scores.iter().copied().fold(f64::MIN, f64::max);
            let total: f64 = scores.iter().map(|s| (s - max).exp()).sum();
            for (j, f) in c.feats.iter().enumerate() {
                let p = (scores[j] - max).exp() / total;
                let g = f64::from(u8::from(j == c.played)) - p;
                for &i in f {
                    w[usize::from(i)] += rate * g;
                }
            }
        }
    }
    w.iter()
        .map(|&x| (x * SCALE).round().clamp(-30_000.0, 30_000.0) as i16)
        .collect()
}

fn rank_counts(choices: &[Choice], weights: &[i16]) -> Vec<u64> {
    let mut counts = vec![0u64; MAX_MOVES];
    for c in choices {
        let key = |j: usize| {
            let s: i32 = c.feats[j]
                .iter()
                .map(|&i| i32::from(weights[usize::from(i)]))
                .sum();
            (-s, j)
        };
        // Ties are broken by move code in the codec; here by generation index, close enough
        // for frequencies.
        let mine = key(c.played);
        let rank = (0..c.feats.len()).filter(|&j| key(j) < mine).count();
        counts[rank.min(MAX_MOVES - 1)] += 1;
    }
    counts
}

fn clock_counts(games: &[Sample<'_>]) -> Vec<u64> {
    let mut counts = vec![0u64; CLOCK_CLASSES];
    for g in games {
        let c: Vec<i64> = g.clocks.iter().map(|&v| i64::from(v / 10)).collect();
        let plain = residuals(&c, 0);
        let trend = residuals(&c, 1);
        let size = |zs: &[u64]| zs.iter().map(|&z| 2 * class_of(z) as u64 + 1).sum::<u64>();
        let zs = if size(&trend) < size(&plain) {
            trend
        } else {
            plain
        };
        for z in zs {
            counts[class_of(z).min(CLOCK_CLASSES - 1)] += 1;
        }
    }
    counts
}

/// Trains the tables on `games` with `epochs` passes of the weight fitting.
#[must_use]
pub fn train(games: &[Sample<'_>], epochs: usize) -> Tables {
    let choices = choices(games);
    let weights = fit(&choices, epochs);
    let rank_lengths = code_lengths(&rank_counts(&choices, &weights), 20);
    let clock_lengths = code_lengths(&clock_counts(games), 20);
    Tables {
        weights,
        rank_lengths,
        clock_lengths,
    }
}

fn rows<T: std::fmt::Display>(out: &mut String, values: &[T], per_row: usize) {
    for row in values.chunks(per_row) {
        let line: Vec<String> = row.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "    {},", line.join(", "));
    }
}

impl Tables {
    /// The Rust source of a `formatN.rs` table file holding these tables.
    #[must_use]
    pub fn to_source(&self, header: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "//! {header}");
        out.push_str("//! Generated by `chuhe bench storage --train`; never edit by hand.\n\n");
        out.push_str("/// Feature weights of [`super::order`] (1/100 nat).\n");
        out.push_str(
            "#[rustfmt::skip]\npub(super) static WEIGHTS: [i16; super::order::WEIGHTS] = [\n",
        );
        rows(&mut out, &self.weights, 18);
        out.push_str("];\n\n/// Code lengths of move ranks.\n");
        out.push_str(
            "#[rustfmt::skip]\npub(super) static RANK_LENGTHS: [u8; crate::MAX_MOVES] = [\n",
        );
        rows(&mut out, &self.rank_lengths, 32);
        out.push_str("];\n\n/// Code lengths of clock residual classes.\n");
        out.push_str("#[rustfmt::skip]\npub(super) static CLOCK_LENGTHS: [u8; 33] = [\n");
        rows(&mut out, &self.clock_lengths, 33);
        out.push_str("];\n");
        out
    }
}
