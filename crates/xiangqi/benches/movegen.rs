//! Move generation and perft benchmarks. Node counts are asserted while timing, so a fast but
//! wrong generator fails the benchmark. The deep start-position perft (depth 6, 5,392,831,844
//! nodes) is `chuhe perft --depth 6`; see docs/performance.md.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use xiangqi::perft::perft;
use xiangqi::{MoveList, Position};

const MIDGAME: &str =
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (name, fen) in [("start", xiangqi::START_FEN), ("midgame", MIDGAME)] {
        let mut pos = Position::from_fen(fen).expect("fen");
        let mut list = MoveList::new();
        group.throughput(Throughput::Elements(1));
        group.bench_function(name, |b| {
            b.iter(|| {
                pos.legal_moves_into(&mut list);
                black_box(list.len())
            })
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in [
        ("start_d4", xiangqi::START_FEN, 4, 3_290_240u64),
        ("start_d5", xiangqi::START_FEN, 5, 133_312_995),
        ("midgame_d4", MIDGAME, 4, 4_485_547),
    ] {
        let mut pos = Position::from_fen(fen).expect("fen");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                let n = perft(&mut pos, depth);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
