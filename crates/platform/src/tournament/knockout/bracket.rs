//! The bracket: standard seeding into a power of two, byes to the top seeds.

/// Seed numbers (from 1) in bracket order for a draw of `size` (a power of two): pairs of
/// neighbours meet in round 1 (1–8, 4–5, 2–7, 3–6 for 8), so seeds 1 and 2 meet only in the final.
#[must_use]
pub fn seed_order(size: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    while (order.len() as u32) < size.max(1) {
        let next = 2 * order.len() as u32 + 1;
        order = order.iter().flat_map(|&s| [s, next - s]).collect();
    }
    order
}

/// The smallest power of two at least `n`.
#[must_use]
pub fn bracket_size(n: u32) -> u32 {
    n.max(1).next_power_of_two()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_seeding() {
        assert_eq!(seed_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(bracket_size(5), 8);
    }
}
