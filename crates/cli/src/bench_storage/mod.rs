//! `chuhe bench storage`: the compact game storage (`xiangqi::record::compact`) measured on
//! engine games — bytes per ply of moves and of clock readings against the old fixed-width
//! format (2 bytes per move, 4 per reading), and encode/decode speed. `--train` fits the
//! tables on a separate set of games and writes them as Rust source instead.

mod corpus;

use crate::output;
use corpus::CorpusGame;
use std::io::Write;
use std::time::Instant;
use xiangqi::record::compact::{self, train};

/// Arguments of `chuhe bench storage`.
#[derive(clap::Args)]
pub struct Args {
    /// Games measured (game numbers after the training set's).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Games of the training set (game numbers 0..N; never measured).
    #[arg(long, default_value_t = 1000)]
    train_games: u64,
    /// Seed of the corpus.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads generating games (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Train the tables on the training set and write them (Rust source) to this file.
    #[arg(long, value_name = "FILE")]
    train: Option<std::path::PathBuf>,
    /// Passes of the weight fitting when training.
    #[arg(long, default_value_t = 4)]
    epochs: usize,
}

fn threads(args: &Args) -> usize {
    args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    })
}

/// Runs the benchmark (or the training).
pub fn run(args: &Args) -> Result<(), String> {
    let threads = threads(args);
    if let Some(path) = &args.train {
        let t = Instant::now();
        let games = corpus::games(args.seed, 0, args.train_games, threads);
        eprintln!("generated {} games in {:.1?}", games.len(), t.elapsed());
        let samples: Vec<train::Sample<'_>> = games
            .iter()
            .map(|g| train::Sample {
                start: &g.start,
                moves: &g.moves,
                clocks: &g.clocks,
            })
            .collect();
        let tables = train::train(&samples, args.epochs);
        let header = format!(
            "The trained tables of format 1: {} engine games of seed {}, {} epochs.",
            args.train_games, args.seed, args.epochs
        );
        return std::fs::write(path, tables.to_source(&header)).map_err(|e| e.to_string());
    }
    let t = Instant::now();
    let games = corpus::games(args.seed, args.train_games, args.games, threads);
    let generated = t.elapsed();
    let report = measure(&games)?;
    let mut out = std::io::stdout().lock();
    output::finish(
        report
            .print(&mut out, games.len(), generated.as_secs_f64())
            .and_then(|()| out.flush()),
    )
}

/// What was measured.
#[derive(Default)]
struct Report {
    plies: u64,
    move_bytes: u64,
    clock_bytes: u64,
    human_clock_bytes: u64,
    encode_s: f64,
    decode_s: f64,
    clock_encode_s: f64,
    clock_decode_s: f64,
}

fn measure(games: &[CorpusGame]) -> Result<Report, String> {
    let mut r = Report::default();
    for g in games {
        r.plies += g.moves.len() as u64;
        let t = Instant::now();
        let bytes = compact::encode_moves(&g.start, &g.moves).map_err(|e| e.to_string())?;
        r.encode_s += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let back = compact::decode_moves(&g.start, &bytes).map_err(|e| e.to_string())?;
        r.decode_s += t.elapsed().as_secs_f64();
        if back != g.moves {
            return Err("moves did not decode exactly".into());
        }
        r.move_bytes += bytes.len() as u64;
        let t = Instant::now();
        let clocks = compact::encode_clocks(&g.clocks);
        r.clock_encode_s += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let back = compact::decode_clocks(&clocks).map_err(|e| e.to_string())?;
        r.clock_decode_s += t.elapsed().as_secs_f64();
        if back != compact::kept_clocks(&g.clocks) {
            return Err("clocks did not decode to the kept precision".into());
        }
        r.clock_bytes += clocks.len() as u64;
        r.human_clock_bytes += compact::encode_clocks(&g.human_clocks).len() as u64;
    }
    Ok(r)
}

impl Report {
    fn print(&self, out: &mut impl Write, games: usize, generated_s: f64) -> std::io::Result<()> {
        let plies = self.plies.max(1) as f64;
        let per_ply = |b: u64| b as f64 / plies;
        let verdict = |v: f64, target: f64| if v <= target { "met" } else { "NOT met" };
        let moves = per_ply(self.move_bytes);
        let clocks = per_ply(self.clock_bytes);
        writeln!(out, "games {games} (generated in {generated_s:.1} s)")?;
        writeln!(
            out,
            "plies {} ({:.1} per game)",
            self.plies,
            plies / games.max(1) as f64
        )?;
        writeln!(
            out,
            "moves {:.3} bytes/ply ({:.2} bits; old format 2.000): target 0.6 {}",
            moves,
            moves * 8.0,
            verdict(moves, 0.6)
        )?;
        writeln!(
            out,
            "clocks {:.3} bytes/ply (engine model; old format 4.000): target 1.2 {}",
            clocks,
            verdict(clocks, 1.2)
        )?;
        writeln!(
            out,
            "clocks {:.3} bytes/ply (human model, for comparison)",
            per_ply(self.human_clock_bytes)
        )?;
        writeln!(
            out,
            "moves encode {:.0} plies/s, decode {:.0} plies/s",
            plies / self.encode_s.max(1e-9),
            plies / self.decode_s.max(1e-9)
        )?;
        writeln!(
            out,
            "clocks encode {:.0} plies/s, decode {:.0} plies/s",
            plies / self.clock_encode_s.max(1e-9),
            plies / self.clock_decode_s.max(1e-9)
        )
    }
}
