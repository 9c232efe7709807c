//! Where a table lives: rendezvous (highest random weight) hashing of `(table, node)` among the
//! live nodes. Every node computes the same winner from the same list, without talking to the
//! others, and when a node joins or leaves only the tables it wins or held move.
//!
//! Placement only proposes: the claim in the database decides (`store/lease.rs`), and a live
//! owner keeps its tables whatever the hash says now (sticky).

use platform::TableId;

/// The node among `nodes` that `table` belongs on: the highest [`weight`] (ties: the smaller
/// id). `None` when there is no node.
#[must_use]
pub fn rendezvous(table: TableId, nodes: &[String]) -> Option<&str> {
    nodes
        .iter()
        .map(|n| (weight(table, n), n))
        .max_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, n)| n.as_str())
}

/// The weight of `node` for `table`: FNV-1a over the table id's bytes and the node id, then a
/// 64-bit finaliser (splitmix64) so that close inputs spread. Stable across builds and
/// machines (no `std` hasher, whose algorithm may change).
#[must_use]
pub fn weight(table: TableId, node: &str) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h = OFFSET;
    for b in table.0.to_le_bytes().iter().chain(node.as_bytes()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(PRIME);
    }
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nodes(ids: &[&str]) -> Vec<String> {
        ids.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn one_node_gets_every_table_and_none_gets_nothing() {
        let one = nodes(&["n1"]);
        assert!((1..200).all(|t| rendezvous(TableId(t), &one) == Some("n1")));
        assert_eq!(rendezvous(TableId(1), &[]), None);
    }

    #[test]
    fn the_winner_does_not_depend_on_the_order_of_the_list() {
        let a = nodes(&["n1", "n2", "n3"]);
        let b = nodes(&["n3", "n1", "n2"]);
        for t in 1..500 {
            assert_eq!(rendezvous(TableId(t), &a), rendezvous(TableId(t), &b));
        }
    }

    #[test]
    fn tables_spread_over_the_nodes() {
        let three = nodes(&["n1", "n2", "n3"]);
        let mut counts = [0usize; 3];
        for t in 1..=3_000 {
            let w = rendezvous(TableId(t), &three).expect("a node");
            counts[three.iter().position(|n| n == w).expect("listed")] += 1;
        }
        assert!(
            counts.iter().all(|&c| (800..1_200).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn a_node_leaving_moves_only_its_own_tables() {
        let three = nodes(&["n1", "n2", "n3"]);
        let two = nodes(&["n1", "n3"]);
        for t in 1..1_000 {
            let before = rendezvous(TableId(t), &three);
            if before != Some("n2") {
                assert_eq!(rendezvous(TableId(t), &two), before, "table {t}");
            }
        }
    }

    #[test]
    fn weights_are_stable() {
        // Nodes of different builds must agree: the hash is fixed.
        assert_eq!(weight(TableId(1), "n1"), weight(TableId(1), "n1"));
        assert_ne!(weight(TableId(1), "n1"), weight(TableId(2), "n1"));
        assert_ne!(weight(TableId(1), "n1"), weight(TableId(1), "n2"));
    }
}
