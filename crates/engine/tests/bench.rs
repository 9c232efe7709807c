//! Pins the node signature of `chuhe bench` (docs/engine.md, docs/performance.md), as Pikafish's
//! `tests/signature.sh` does: a change that alters the search tree changes this count and must
//! say so (update the number here and in the docs together).

use engine::bench::{run, DEFAULT_DEPTH, DEFAULT_HASH_MB, POSITIONS};

/// The node count that `chuhe bench` prints with its defaults (depth 9, 16 MiB).
const SIGNATURE: u64 = 376_787;

#[test]
fn bench_signature_is_unchanged() {
    assert_eq!(POSITIONS.len(), 12);
    assert_eq!(DEFAULT_DEPTH, 9);
    let r = run(DEFAULT_DEPTH, DEFAULT_HASH_MB);
    assert_eq!(r.nodes, SIGNATURE, "bench signature changed");
}

/// The node count of the same benchmark evaluated by `Network::random(1)`: pins the network
/// path of the search (accumulator updates, output layer, the options that differ with a
/// network). A change to the network code that alters any evaluation changes it.
const NETWORK_SIGNATURE: u64 = 58_489;

#[test]
fn network_bench_signature_is_unchanged() {
    let net = std::sync::Arc::new(engine::nnue::Network::random(1));
    let r = engine::bench::run_with(DEFAULT_DEPTH, DEFAULT_HASH_MB, Some(net));
    assert_eq!(
        r.nodes, NETWORK_SIGNATURE,
        "network bench signature changed"
    );
}
