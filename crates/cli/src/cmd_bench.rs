//! `chuhe bench [--depth D] [--hash MB]`: searches fixed positions to a fixed depth and prints the
//! total node count (a deterministic signature of the search) and the speed.
//! `chuhe bench storage`: the compact game storage (`bench_storage`).

use crate::output;
use engine::bench;
use std::io::Write;

/// Arguments of `chuhe bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Search depth for every position.
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=30))]
    depth: i32,
    /// Hash table size in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    #[command(subcommand)]
    what: Option<What>,
}

/// Other benchmarks.
#[derive(clap::Subcommand)]
pub enum What {
    /// Compact game storage: bytes per ply of moves and clocks, encode/decode speed.
    Storage(crate::bench_storage::Args),
}

/// Runs the benchmark and prints `nodes N`, `time MS`, `nps X`.
pub fn run(args: &Args) -> Result<(), String> {
    if let Some(What::Storage(storage)) = &args.what {
        return crate::bench_storage::run(storage);
    }
    let hash = usize::try_from(args.hash).map_err(|e| e.to_string())?;
    let r = bench::run(args.depth, hash);
    let mut out = std::io::stdout().lock();
    output::finish(
        writeln!(out, "positions {}", bench::POSITIONS.len())
            .and_then(|()| writeln!(out, "depth {}", args.depth))
            .and_then(|()| writeln!(out, "nodes {}", r.nodes))
            .and_then(|()| writeln!(out, "time {} ms", r.time_ms))
            .and_then(|()| writeln!(out, "nps {}", r.nps()))
            .and_then(|()| out.flush()),
    )
}
