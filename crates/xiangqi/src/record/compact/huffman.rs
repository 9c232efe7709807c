//! Canonical Huffman codes given by their code lengths (as DEFLATE stores them), and the
//! length-limited construction used to train them.
//!
//! Key decision: a code is fixed by its lengths alone (symbols of one length take consecutive
//! codes in symbol order), so the committed tables are just lengths and the code can never drift
//! between the encoder and the decoder.

use super::bits::{BitReader, BitWriter};
use super::CompactError;
use std::collections::BinaryHeap;

/// Longest code any table may use.
pub const MAX_CODE_LEN: u8 = 24;

/// A canonical prefix code over symbols `0..lengths.len()`.
#[derive(Clone, Debug)]
pub(crate) struct Code {
    /// Per symbol: (code, length); length 0 means the symbol cannot be coded.
    codes: Vec<(u32, u8)>,
    /// Per length: how many symbols have it.
    counts: [u32; MAX_CODE_LEN as usize + 1],
    /// Symbols in canonical order (by length, then symbol).
    sorted: Vec<u16>,
}

impl Code {
    /// The canonical code of `lengths` (each ≤ [`MAX_CODE_LEN`]; the lengths must satisfy Kraft's
    /// inequality, which trained tables do by construction).
    pub(crate) fn new(lengths: &[u8]) -> Code {
        let mut counts = [0u32; MAX_CODE_LEN as usize + 1];
        for &l in lengths {
            if l > 0 && l <= MAX_CODE_LEN {
                counts[usize::from(l)] += 1;
            }
        }
        let mut next = [0u32; MAX_CODE_LEN as usize + 2];
        let mut code = 0u32;
        for len in 1..=usize::from(MAX_CODE_LEN) {
            code = (code + counts[len - 1]) << 1;
            next[len] = code;
        }
        let mut codes = vec![(0u32, 0u8); lengths.len()];
        let mut sorted: Vec<u16> = Vec::with_capacity(lengths.len());
        for len in 1..=MAX_CODE_LEN {
            for (sym, &l) in lengths.iter().enumerate() {
                if l == len {
                    codes[sym] = (next[usize::from(len)], len);
                    next[usize::from(len)] += 1;
                    sorted.push(u16::try_from(sym).unwrap_or(u16::MAX));
                }
            }
        }
        Code {
            codes,
            counts,
            sorted,
        }
    }

    /// Writes `symbol`; `false` if it has no code.
    pub(crate) fn write(&self, w: &mut BitWriter, symbol: usize) -> bool {
        match self.codes.get(symbol) {
            Some(&(code, len)) if len > 0 => {
                w.write(code, u32::from(len));
                true
            }
            _ => false,
        }
    }

    /// The length of `symbol`'s code (0: none).
    pub(crate) fn len_of(&self, symbol: usize) -> u8 {
        self.codes.get(symbol).map_or(0, |c| c.1)
    }

    /// Reads one symbol.
    ///
    /// # Errors
    /// [`CompactError::Truncated`], or [`CompactError::Corrupt`] for a bit string that is no code.
    pub(crate) fn read(&self, r: &mut BitReader<'_>) -> Result<usize, CompactError> {
        let (mut code, mut first, mut index) = (0u32, 0u32, 0u32);
        for len in 1..=usize::from(MAX_CODE_LEN) {
            code |= r.bit()?;
            let count = self.counts[len];
            if code.wrapping_sub(first) < count {
                let i = (index + code - first) as usize;
                return self
                    .sorted
                    .get(i)
                    .map(|&s| usize::from(s))
                    .ok_or(CompactError::Corrupt);
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err(CompactError::Corrupt)
    }
}

/// Huffman code lengths for symbol frequencies `counts`, no longer than `max_len` (at most
/// [`MAX_CODE_LEN`]). Every symbol gets a code: a count of 0 is taken as 1. Deterministic: ties
/// are broken by symbol order.
#[must_use]
pub fn code_lengths(counts: &[u64], max_len: u8) -> Vec<u8> {
    let max_len = max_len.clamp(1, MAX_CODE_LEN);
    let n = counts.len();
    if n <= 1 {
        return vec![1; n];
    }
    let mut weights: Vec<u64> = counts.iter().map(|&c| c.max(1)).collect();
    loop {
        let lengths = huffman_lengths(&weights);
        if lengths.iter().all(|&l| l <= max_len) {
            return lengths;
        }
        // Too deep: flatten the distribution (halve every weight, keep at least 1) and retry.
        for w in &mut weights {
            *w = (*w / 2).max(1);
        }
    }
}

/// Plain Huffman lengths (no limit).
fn huffman_lengths(weights: &[u64]) -> Vec<u8> {
    use std::cmp::Reverse;
    let n = weights.len();
    // Nodes: leaves 0..n, then internal nodes; parent links give the depths.
    let mut parent: Vec<usize> = vec![usize::MAX; n];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| Reverse((w, i)))
        .collect();
    while heap.len() > 1 {
        let (Some(Reverse((wa, a))), Some(Reverse((wb, b)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        let id = parent.len();
        parent.push(usize::MAX);
        parent[a] = id;
        parent[b] = id;
        heap.push(Reverse((wa.saturating_add(wb), id)));
    }
    (0..n)
        .map(|leaf| {
            let (mut depth, mut node) = (0u8, leaf);
            while parent[node] != usize::MAX {
                node = parent[node];
                depth = depth.saturating_add(1);
            }
            depth
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_respect_the_limit() {
        let counts: Vec<u64> = (0..200u64).map(|i| 1 << (40 - (i / 5).min(40))).collect();
        let lengths = code_lengths(&counts, 16);
        assert!(lengths.iter().all(|&l| (1..=16).contains(&l)));
        let kraft: f64 = lengths.iter().map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!(kraft <= 1.0 + 1e-12);
        let code = Code::new(&lengths);
        let mut w = BitWriter::new(Vec::new());
        for s in (0..200).rev() {
            assert!(code.write(&mut w, s));
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        for s in (0..200).rev() {
            assert_eq!(code.read(&mut r).unwrap(), s);
        }
        assert!(!code.write(&mut BitWriter::new(Vec::new()), 200));
    }

    #[test]
    fn junk_is_an_error_not_a_panic() {
        let code = Code::new(&[1, 2, 3]);
        // "111" is no code of {0, 10, 110}.
        let mut r = BitReader::new(&[0xff, 0xff, 0xff, 0xff]);
        assert!(code.read(&mut r).is_err());
    }
}
