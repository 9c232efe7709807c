//! `chuhe`: the platform's single binary. Each subcommand lives in its own module.

mod analyse_output;
mod bench_storage;
mod cmd_admin;
mod cmd_admin_behaviour;
mod cmd_admin_grant;
mod cmd_admin_league;
mod cmd_admin_masters;
mod cmd_admin_organiser;
mod cmd_admin_title;
mod cmd_admin_tournament;
mod cmd_analyse;
mod cmd_bench;
mod cmd_convert;
mod cmd_engine;
mod cmd_judge;
mod cmd_ledger;
mod cmd_loadtest;
mod cmd_moves;
mod cmd_perft;
mod cmd_play;
mod cmd_puzzles;
mod cmd_serve;
mod db_args;
mod judge_explain;
mod logging;
mod output;
mod puzzles_io;
mod server_probe;
mod soak;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// mimalloc instead of the system allocator: under load the server's many small, short-lived
/// allocations (JSON messages, socket buffers) spent ≈ 17 % of its CPU in glibc's malloc/free.
/// Without the `mimalloc` feature the system allocator serves (for heap profilers).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Chuhe (楚河) — an open Xiangqi platform.
#[derive(Parser)]
#[command(name = "chuhe", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Analyse a game with the engine: evaluation of every move, mistakes marked, accuracy.
    Analyse(cmd_analyse::Args),
    /// Convert game records between PGN, XQF and DhtmlXQ.
    Convert(cmd_convert::Args),
    /// Play moves from a position and report the game-end ruling (mate, repetition, limits).
    Judge(cmd_judge::Args),
    /// List the legal moves of a position, one per line.
    Moves(cmd_moves::Args),
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(cmd_perft::Args),
    /// Run the engine over UCCI or UCI on stdin/stdout (the first command chooses).
    Engine(cmd_engine::Args),
    /// Search fixed positions to a fixed depth: node signature and speed (`bench storage`:
    /// the compact game storage).
    Bench(cmd_bench::Args),
    /// Play against the engine in the terminal.
    Play(cmd_play::Args),
    /// Puzzles: mine them from game records, or check exercises against their book solution.
    Puzzles(cmd_puzzles::Args),
    /// Run the online platform (HTTP + WebSocket; SQLite under ./chuhe-data by default).
    Serve(cmd_serve::Args),
    /// Drive simulated players against a running server; report moves/s and relay latency
    /// (`--soak`: against a server it restarts at random, checking every record).
    Loadtest(cmd_loadtest::Args),
    /// Administration on the server's database (grant coins, titles).
    Admin(cmd_admin::Args),
    /// The coin ledger in the server's database (check).
    Ledger(cmd_ledger::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Analyse(args) => cmd_analyse::run(&args),
        Command::Convert(args) => cmd_convert::run(&args),
        Command::Judge(args) => cmd_judge::run(&args),
        Command::Moves(args) => cmd_moves::run(&args),
        Command::Perft(args) => cmd_perft::run(&args),
        Command::Engine(args) => cmd_engine::run(&args),
        Command::Bench(args) => cmd_bench::run(&args),
        Command::Play(args) => cmd_play::run(&args),
        Command::Puzzles(args) => cmd_puzzles::run(&args),
        Command::Serve(args) => cmd_serve::run(&args),
        Command::Loadtest(args) => cmd_loadtest::run(&args),
        Command::Admin(args) => cmd_admin::run(&args),
        Command::Ledger(args) => cmd_ledger::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
