//! `chuhe loadtest`: simulated players over real WebSockets against a running server; reports
//! moves per second and the p50/p99 move-relay latency. With `--soak DURATION` it starts the
//! server itself and restarts it at random instead (see `soak`).

use clap::Args as ClapArgs;
use client::loadtest::{LoadOptions, LoadReport, Mode, Progress};
use indicatif::{ProgressBar, ProgressStyle};
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
    #[arg(long, conflicts_with_all = ["end_together", "arena"])]
    burst: bool,
    /// Every game ends within the same second (a Swiss round's or an arena's end): the games
    /// play with spread-out moves, then all resign together.
    #[arg(long, conflicts_with = "arena")]
    end_together: bool,
    /// Each table plays N games in a row, a new game as soon as the last ended, so games keep
    /// starting while others end (an arena's continuous pairing).
    #[arg(long, value_name = "N")]
    arena: Option<usize>,
    /// Soak instead: for DURATION (e.g. 10m), play games against a `chuhe serve` that this
    /// command starts and kills or stops at random, then check every record and the ledger and
    /// report the server's memory over time. `--addr` is not used then.
    #[arg(long, value_parser = crate::soak::parse_duration)]
    soak: Option<Duration>,
    /// Mean time between two outages of a soak (e.g. 30s).
    #[arg(long, default_value = "30s", value_parser = crate::soak::parse_duration)]
    restart_every: Duration,
    /// The soaked server's SQLite folder (default: a fresh temporary one).
    #[arg(long)]
    data: Option<std::path::PathBuf>,
    /// The soaked server's database URL (`postgres://…`) instead of SQLite.
    #[arg(long)]
    database: Option<String>,
    /// Seed of a soak's outages and moves (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// The server's process id (same machine): report its memory per connected socket and its
    /// CPU time per relayed move.
    #[arg(long)]
    server_pid: Option<u32>,
    /// The server's metrics address (its `[metrics] listen`): report the longest wait for a
    /// database connection and the deepest journal queue it saw.
    #[arg(long)]
    metrics_addr: Option<SocketAddr>,
}

/// Runs the load test and prints the report.
pub fn run(args: &Args) -> Result<(), String> {
    run_inner(args).map_err(|e| e.to_string())
}

fn run_inner(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(duration) = args.soak {
        return soak(args, duration);
    }
    let opts = LoadOptions {
        addr: args.addr,
        games: args.games,
        plies: args.plies,
        think: Duration::from_millis(args.think_ms),
        mode: match (args.burst, args.end_together, args.arena) {
            (true, _, _) => Mode::Burst,
            (_, true, _) => Mode::EndTogether,
            (_, _, Some(n)) => Mode::Arena(n),
            _ => Mode::Spread,
        },
    };
    let total = (args.games * args.plies * args.arena.unwrap_or(1).max(1)) as u64;
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
        let probe = args.server_pid.and_then(crate::server_probe::Probe::start);
        let probe = Arc::new(std::sync::Mutex::new(probe));
        let sampled = probe.clone();
        let ticker = tokio::spawn(async move {
            loop {
                if let Ok(mut p) = sampled.lock() {
                    if let Some(p) = p.as_mut() {
                        p.sample(watch.playing.load(Ordering::Relaxed));
                    }
                }
                ticker_bar.set_position(watch.moves.load(Ordering::Relaxed));
                ticker_bar.set_message(format!(
                    "games done {}",
                    watch.games_done.load(Ordering::Relaxed)
                ));
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        });
        let report = client::loadtest::run(&opts, progress.clone()).await;
        ticker.abort();
        bar.finish();
        let readings = probe
            .lock()
            .ok()
            .and_then(|mut p| p.take())
            .map(|p| p.finish());
        let metrics = match args.metrics_addr {
            Some(addr) => client::HttpClient::new(addr)
                .get_text("/metrics")
                .await
                .ok()
                .map(|(_, text)| crate::server_probe::ServerMetrics::parse(&text)),
            None => None,
        };
        report.map(|r| (r, readings, metrics))
    })?;
    let (report, readings, metrics) = report;
    print_report(&report);
    if let Some(r) = readings {
        for line in r.report(2 * args.games as u64, report.moves) {
            println!("{line}");
        }
    } else if args.server_pid.is_some() {
        println!("server         its /proc entry could not be read");
    }
    match (metrics, args.metrics_addr) {
        (Some(m), _) => {
            for line in m.report() {
                println!("{line}");
            }
        }
        (None, Some(addr)) => println!("server         {addr}/metrics could not be read"),
        (None, None) => {}
    }
    Ok(())
}

/// The load generator's own measurements.
fn print_report(report: &LoadReport) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("games          {}", report.games);
    println!("failed games   {}", report.errors);
    for (cause, (n, example)) in &report.failures.by_cause {
        let at = example
            .last_move
            .as_deref()
            .map_or_else(String::new, |m| format!(", {m}"));
        println!("  {n:>6}       {cause} (e.g. table {}{at})", example.table);
    }
    println!("moves relayed  {}", report.moves);
    println!("elapsed        {:.1} s", report.elapsed.as_secs_f64());
    println!("moves/s        {:.0}", report.moves_per_sec);
    println!("relay p50      {:.2} ms", ms(report.p50));
    println!("relay p99      {:.2} ms", ms(report.p99));
    println!("relay max      {:.2} ms", ms(report.max));
    if !report.p99_by_window.is_empty() {
        let windows: Vec<String> = report
            .p99_by_window
            .iter()
            .map(|d| format!("{:.1}", ms(*d)))
            .collect();
        println!(
            "p99 per {} s   {} ms",
            client::loadtest::WINDOW.as_secs(),
            windows.join(" ")
        );
    }
    println!(
        "game ends      {} told; resignation to the opponent told: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        report.ends,
        ms(report.end_p50),
        ms(report.end_p99),
        ms(report.end_max)
    );
}

fn soak(args: &Args, duration: Duration) -> Result<(), Box<dyn std::error::Error>> {
    let store = match (&args.database, &args.data) {
        (Some(url), _) => Some(["--database".to_owned(), url.clone()]),
        (None, Some(dir)) => Some(["--data".to_owned(), dir.display().to_string()]),
        (None, None) => None,
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let opts = crate::soak::SoakOptions {
        duration,
        restart_every: args.restart_every,
        games: args.games,
        plies: args.plies,
        think: Duration::from_millis(args.think_ms),
        store,
        exe: std::env::current_exe()?,
        seed,
    };
    let runtime = tokio::runtime::Runtime::new()?;
    let report = runtime.block_on(crate::soak::run(&opts))?;
    println!("seed           {seed}");
    println!(
        "outages        {} kills, {} graceful stops",
        report.outages.0, report.outages.1
    );
    println!(
        "games          {} ({} finished)",
        report.games, report.finished
    );
    println!("moves acked    {}", report.moves);
    println!("reconnections  {}", report.resyncs);
    println!(
        "coin steps     {} (wagers and bets; {} refused)",
        report.coins.0, report.coins.1
    );
    for (i, line) in report.ledger.lines().enumerate() {
        println!("{:<15}{line}", if i == 0 { "ledger" } else { "" });
    }
    println!("memory (RSS of chuhe serve, MiB, per run: first reading, largest, last)");
    let runs = report
        .memory
        .iter()
        .map(|m| m.run)
        .max()
        .map_or(0, |r| r + 1);
    for run in 0..runs {
        let mib: Vec<f64> = report
            .memory
            .iter()
            .filter(|m| m.run == run)
            .map(|m| m.rss_kib as f64 / 1024.0)
            .collect();
        let start = report
            .memory
            .iter()
            .find(|m| m.run == run)
            .map_or(0.0, |m| m.at_s);
        if let (Some(first), Some(last)) = (mib.first(), mib.last()) {
            let max = mib.iter().copied().fold(0.0, f64::max);
            println!("  run {run:>3} at {start:>7.1} s  {first:>7.1} {max:>7.1} {last:>7.1}");
        }
    }
    if report.problems.is_empty() {
        println!(
            "result         every record holds exactly the acknowledged moves; ledger balanced"
        );
        Ok(())
    } else {
        for p in &report.problems {
            println!("PROBLEM        {p}");
        }
        Err(format!("{} problems", report.problems.len()).into())
    }
}
