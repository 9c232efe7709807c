//! `chuhe loadtest`: simulated players over real WebSockets against a running server; reports
//! moves per second and the p50/p99 move-relay latency.

use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressStyle};
use server::loadtest::{LoadOptions, Progress};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Options of `chuhe loadtest`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The running server.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Concurrent games (two simulated players each; the server needs that many free tables in
    /// rooms without a coin gate: start it with `--tables`).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Plies each game plays before resigning.
    #[arg(long, default_value_t = 40)]
    plies: usize,
    /// Mean milliseconds a simulated player waits before answering (drawn from 0.5–1.5 × this;
    /// each game starts after a random offset within it, so moves arrive spread out).
    #[arg(long, default_value_t = 500)]
    think_ms: u64,
    /// Every game moves in the same instant (fixed think time, common start): a worst-case
    /// burst instead of spread-out arrivals.
    #[arg(long)]
    burst: bool,
}

/// Runs the load test and prints the report.
pub fn run(args: &Args) -> Result<(), String> {
    run_inner(args).map_err(|e| e.to_string())
}

fn run_inner(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let opts = LoadOptions {
        addr: args.addr,
        games: args.games,
        plies: args.plies,
        think: Duration::from_millis(args.think_ms),
        burst: args.burst,
    };
    let total = (args.games * args.plies) as u64;
    let runtime = tokio::runtime::Runtime::new()?;
    let report = runtime.block_on(async move {
        let progress = Arc::new(Progress::default());
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} moves {per_sec} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        let watch = progress.clone();
        let ticker_bar = bar.clone();
        let ticker = tokio::spawn(async move {
            loop {
                ticker_bar.set_position(watch.moves.load(Ordering::Relaxed));
                ticker_bar.set_message(format!(
                    "games done {}",
                    watch.games_done.load(Ordering::Relaxed)
                ));
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        });
        let report = server::loadtest::run(&opts, progress.clone()).await;
        ticker.abort();
        bar.finish();
        report
    })?;
    println!("games          {}", report.games);
    println!("failed games   {}", report.errors);
    if let Some(e) = &report.first_error {
        println!("first failure  {e}");
    }
    println!("moves relayed  {}", report.moves);
    println!("elapsed        {:.1} s", report.elapsed.as_secs_f64());
    println!("moves/s        {:.0}", report.moves_per_sec);
    println!("relay p50      {:.2} ms", report.p50.as_secs_f64() * 1e3);
    println!("relay p99      {:.2} ms", report.p99.as_secs_f64() * 1e3);
    println!("relay max      {:.2} ms", report.max.as_secs_f64() * 1e3);
    Ok(())
}
