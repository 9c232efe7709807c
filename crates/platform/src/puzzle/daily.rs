//! The daily puzzle: one puzzle for everybody each day, never one used before.
//!
//! Key decision: deterministic from the day number and the pool (no randomness, no clock): among
//! the puzzles never used as a daily, of two solver moves or more and rated 1 300–2 300 when there
//! are any, the most popular wins; ties go to a hash of the id and the day, so the choice does not
//! follow the import order.

use super::PuzzleId;

/// A puzzle as the daily choice sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyCandidate {
    /// Its id.
    pub id: PuzzleId,
    /// Its rating.
    pub rating: f64,
    /// Number of solver moves.
    pub solver_moves: usize,
    /// Votes or plays; higher is better.
    pub popularity: i64,
}

fn mix(id: &str, day: u64) -> u64 {
    // FNV-1a over the id, then the day.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes().chain(day.to_le_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The daily puzzle of `day` (days since any fixed origin) from `pool`, skipping `used`.
#[must_use]
pub fn daily<'a>(
    pool: &'a [DailyCandidate],
    used: &dyn Fn(&PuzzleId) -> bool,
    day: u64,
) -> Option<&'a DailyCandidate> {
    let fresh: Vec<&DailyCandidate> = pool.iter().filter(|c| !used(&c.id)).collect();
    let good = |c: &&&DailyCandidate| c.solver_moves >= 2 && (1300.0..=2300.0).contains(&c.rating);
    let pool: Vec<&DailyCandidate> = if fresh.iter().any(|c| good(&c)) {
        fresh.iter().filter(good).copied().collect()
    } else {
        fresh
    };
    pool.into_iter().max_by(|a, b| {
        a.popularity
            .cmp(&b.popularity)
            .then_with(|| mix(&a.id.0, day).cmp(&mix(&b.id.0, day)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn c(id: &str, rating: f64, moves: usize, pop: i64) -> DailyCandidate {
        DailyCandidate {
            id: PuzzleId(id.to_string()),
            rating,
            solver_moves: moves,
            popularity: pop,
        }
    }

    #[test]
    fn the_daily_is_stable_popular_and_never_reused() {
        let pool = vec![
            c("a", 1500.0, 3, 10),
            c("b", 1600.0, 2, 50),
            c("c", 1700.0, 1, 99),
            c("d", 2900.0, 4, 99),
            c("e", 1400.0, 2, 50),
        ];
        let mut used = HashSet::new();
        let first = daily(&pool, &|id| used.contains(id), 100).map(|p| p.id.clone());
        assert_eq!(
            first,
            daily(&pool, &|id| used.contains(id), 100).map(|p| p.id.clone())
        );
        let first = first.expect("a daily");
        assert!(first.0 == "b" || first.0 == "e", "{first:?}");
        used.insert(first);
        let mut days = vec![];
        for day in 101..106 {
            if let Some(p) = daily(&pool, &|id| used.contains(id), day) {
                assert!(used.insert(p.id.clone()));
                days.push(p.id.0.clone());
            }
        }
        // Two good ones, then the rest; never the same twice.
        assert_eq!(days.len(), 4);
        assert_eq!(days[1], "a");
    }
}
