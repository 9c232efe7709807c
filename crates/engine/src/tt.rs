//! Transposition table.
//!
//! Key decision: one search thread, so a plain `Vec` of 16-byte entries with the full 64-bit key
//! stored for verification — no atomics, no lossy races. Two entries per bucket: the first is
//! replaced only by deeper or newer results, the second always. Entries carry the search
//! generation so that results of earlier searches are replaced first. Mate scores are stored
//! relative to the node (see [`crate::search`]), so they stay correct when read at another ply.

use xiangqi::Move;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// No entry.
    None = 0,
    /// The true score is at most the stored one (fail low).
    Upper = 1,
    /// The true score is at least the stored one (fail high).
    Lower = 2,
    /// Exact score (PV node).
    Exact = 3,
}

/// One table entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    eval: i16,
    depth: i8,
    bound_gen: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        key: 0,
        mv: 0,
        score: 0,
        eval: 0,
        depth: -1,
        bound_gen: 0,
    };

    /// The stored best move, if any.
    #[must_use]
    pub fn best_move(&self) -> Option<Move> {
        if self.mv == 0 {
            None
        } else {
            Move::from_u16(self.mv)
        }
    }

    /// The stored score (node-relative for mates).
    #[must_use]
    pub fn score(&self) -> i32 {
        i32::from(self.score)
    }

    /// The stored static evaluation.
    #[must_use]
    pub fn eval(&self) -> i32 {
        i32::from(self.eval)
    }

    /// The depth the score was searched to.
    #[must_use]
    pub fn depth(&self) -> i32 {
        i32::from(self.depth)
    }

    /// The kind of bound the score is.
    #[must_use]
    pub fn bound(&self) -> Bound {
        match self.bound_gen & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }

    fn generation(&self) -> u8 {
        self.bound_gen >> 2
    }
}

/// The transposition table.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `mb` mebibytes (rounded down to a power of two entries, at least 1 KiB).
    #[must_use]
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.clamp(1, 65536) * 1024 * 1024;
        let mut n = 64usize;
        while n * 2 * std::mem::size_of::<Entry>() <= bytes {
            n *= 2;
        }
        TranspositionTable {
            entries: vec![Entry::EMPTY; n],
            mask: n - 2,
            generation: 0,
        }
    }

    /// Size in mebibytes.
    #[must_use]
    pub fn size_mb(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>() / (1024 * 1024)
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize ^ key as usize) & self.mask
    }

    /// The entry for `key`, if stored.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e.key == key && e.depth >= 0)
            .copied()
    }

    /// Stores a search result.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let b = self.bucket(key);
        let gen = self.generation;
        let slot = if self.entries[b].key == key {
            b
        } else if self.entries[b + 1].key == key {
            b + 1
        } else {
            let first = &self.entries[b];
            if first.depth < 0 || first.generation() != gen || depth >= i32::from(first.depth) {
                // Demote the old first entry into the always-replace slot.
                self.entries[b + 1] = self.entries[b];
                b
            } else {
                b + 1
            }
        };
        let old = self.entries[slot];
        let mv = match mv {
            Some(m) => m.to_u16(),
            None if old.key == key => old.mv,
            None => 0,
        };
        if old.key == key
            && bound != Bound::Exact
            && depth + 2 < i32::from(old.depth)
            && old.generation() == gen
        {
            return;
        }
        self.entries[slot] = Entry {
            key,
            mv,
            score: score.clamp(-32000, 32000) as i16,
            eval: eval.clamp(-32000, 32000) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound_gen: (gen << 2) | bound as u8,
        };
    }

    /// Permille of the first 1000 buckets used in this search (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> usize {
        let n = self.entries.len().min(2000);
        self.entries[..n]
            .iter()
            .filter(|e| e.depth >= 0 && e.generation() == self.generation)
            .count()
            * 1000
            / n
    }
}
