//! Transposition table.
//!
//! Key decision: the table is shared by all search threads (Lazy SMP) without locks. Each 16-byte
//! slot is two relaxed atomic words: the entry's data packed into 64 bits, and the full key XOR
//! that data. A slot torn by two threads writing at once fails the key check and reads as a miss
//! (the "lockless hashing" of Hyatt and Mann), so no entry is ever read half-updated; on x86-64
//! relaxed atomic loads and stores are plain moves. Two entries per bucket: the first is replaced
//! only by deeper or newer results, the second always. Entries carry the search generation so
//! that results of earlier searches are replaced first. Mate scores are stored relative to the
//! node (see `MATE` in `types.rs`), so they stay correct when read at another ply.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
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

    /// The entry's data in one word (everything but the key).
    fn pack(&self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.bound_gen) << 56
    }

    /// The entry stored under `key` with the packed `data`.
    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8 as i8,
            bound_gen: (data >> 56) as u8,
        }
    }
}

/// One slot: the packed data and the key XOR the data.
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn empty() -> Slot {
        let data = Entry::EMPTY.pack();
        Slot {
            check: AtomicU64::new(Entry::EMPTY.key ^ data),
            data: AtomicU64::new(data),
        }
    }

    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        Entry::unpack(check ^ data, data)
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let data = e.pack();
        self.check.store(e.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// Asks the processor to bring the cache line holding `x` into its caches (a hint: no effect on
/// the program's results, only on when its memory reads wait).
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never dereferences its pointer (nor faults), and this one points into
    // a live reference anyway; SSE is part of the x86-64 baseline.
    #[allow(unsafe_code)]
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(x).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// Two slots that share one cache line: aligned so that a probe touches a single line.
#[repr(C, align(32))]
struct Bucket([Slot; 2]);

/// The transposition table, shared by the search threads (`Arc`), all methods through `&self`.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mb` mebibytes (rounded down to a power of two entries, at least 1 KiB).
    #[must_use]
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.clamp(1, 65536) * 1024 * 1024;
        let mut n = 32usize;
        while n * 2 * std::mem::size_of::<Bucket>() <= bytes {
            n *= 2;
        }
        TranspositionTable {
            buckets: (0..n)
                .map(|_| Bucket([Slot::empty(), Slot::empty()]))
                .collect(),
            mask: n - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Size in mebibytes.
    #[must_use]
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Forgets everything (no search may be running).
    pub fn clear(&self) {
        for bucket in &self.buckets {
            bucket.0[0].save(&Entry::EMPTY);
            bucket.0[1].save(&Entry::EMPTY);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 63, Ordering::Relaxed);
    }

    /// The bucket of `key` (bit 0 of the folded key is left out: the index the table had as an
    /// array of slots, kept so that the searches did not change).
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (((key >> 32) as usize ^ key as usize) >> 1) & self.mask
    }

    /// Asks the processor to fetch the bucket of `key` into the cache, so that a probe a little
    /// later (the child node's, after the move is made) does not wait for memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.buckets[self.bucket(key)]);
    }

    /// The entry for `key`, if stored.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .map(Slot::load)
            .find(|e| e.key == key && e.depth >= 0)
    }

    /// Stores a search result.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let bucket = &self.buckets[self.bucket(key)].0;
        let gen = self.generation.load(Ordering::Relaxed);
        let first = bucket[0].load();
        let second = bucket[1].load();
        let (slot, old) = if first.key == key {
            (0, first)
        } else if second.key == key {
            (1, second)
        } else if first.depth < 0 || first.generation() != gen || depth >= i32::from(first.depth) {
            // Demote the old first entry into the always-replace slot.
            bucket[1].save(&first);
            (0, first)
        } else {
            (1, second)
        };
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
        bucket[slot].save(&Entry {
            key,
            mv,
            score: score.clamp(-32000, 32000) as i16,
            eval: eval.clamp(-32000, 32000) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound_gen: (gen << 2) | bound as u8,
        });
    }

    /// Permille of the first 1000 buckets used in this search (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> usize {
        let n = self.buckets.len().min(1000);
        let gen = self.generation.load(Ordering::Relaxed);
        self.buckets[..n]
            .iter()
            .flat_map(|b| &b.0)
            .map(Slot::load)
            .filter(|e| e.depth >= 0 && e.generation() == gen)
            .count()
            * 1000
            / (2 * n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Square;

    fn mv(from: usize, to: usize) -> Move {
        Move::new(Square::new(from), Square::new(to))
    }

    #[test]
    fn buckets_do_not_straddle_cache_lines() {
        let tt = TranspositionTable::new(1);
        assert_eq!(std::mem::size_of::<Bucket>(), 32);
        for b in tt.buckets.iter().take(64) {
            let addr = std::ptr::from_ref(b) as usize;
            assert_eq!(addr % 32, 0, "bucket at {addr:#x}");
        }
        assert_eq!(tt.size_mb(), 1);
    }

    #[test]
    fn stored_entries_are_found_and_others_are_not() {
        let tt = TranspositionTable::new(1);
        tt.store(
            0x1234_5678_9abc_def0,
            Some(mv(0, 9)),
            57,
            -12,
            6,
            Bound::Lower,
        );
        let e = tt.probe(0x1234_5678_9abc_def0).expect("stored");
        assert_eq!(e.best_move(), Some(mv(0, 9)));
        assert_eq!((e.score(), e.eval(), e.depth()), (57, -12, 6));
        assert_eq!(e.bound(), Bound::Lower);
        assert!(tt.probe(0x1234_5678_9abc_def1).is_none());
        // Re-storing without a move keeps the old move.
        tt.store(0x1234_5678_9abc_def0, None, 60, -12, 7, Bound::Exact);
        let e = tt.probe(0x1234_5678_9abc_def0).expect("stored");
        assert_eq!((e.best_move(), e.score()), (Some(mv(0, 9)), 60));
        tt.clear();
        assert!(tt.probe(0x1234_5678_9abc_def0).is_none());
    }

    #[test]
    fn a_bucket_keeps_the_deeper_entry_and_the_newest() {
        let tt = TranspositionTable::new(1);
        // Keys that differ only in bits the index ignores share a bucket.
        let keys = [1u64 << 50, 2u64 << 50, 3u64 << 50];
        assert_eq!(tt.bucket(keys[0] ^ 0x10), tt.bucket(keys[1] ^ 0x10));
        let keys = keys.map(|k| k ^ 0x10);
        tt.store(keys[0], Some(mv(0, 9)), 1, 0, 9, Bound::Exact);
        tt.store(keys[1], Some(mv(1, 10)), 2, 0, 2, Bound::Exact);
        tt.store(keys[2], Some(mv(2, 11)), 3, 0, 1, Bound::Exact);
        assert!(tt.probe(keys[0]).is_some(), "the deep entry stays");
        assert!(tt.probe(keys[1]).is_none(), "the shallow one is replaced");
        assert!(tt.probe(keys[2]).is_some(), "the newest is kept");
    }

    #[test]
    fn hashfull_counts_this_searchs_entries_in_permille() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        // Fill every slot of the first 1000 buckets (two keys per bucket index).
        for i in 0..1000u64 {
            for high in [1u64, 2] {
                tt.store((high << 50) | (i << 1), None, 0, 0, 5, Bound::Exact);
            }
        }
        assert_eq!(tt.hashfull(), 1000);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0, "older entries do not count");
    }
}
