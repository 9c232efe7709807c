//! `chuhe`: the platform's single binary. Each subcommand lives in its own module.

mod cmd_judge;
mod cmd_moves;
mod cmd_perft;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Chuhe (楚河) — an open Xiangqi platform.
#[derive(Parser)]
#[command(name = "chuhe", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play moves from a position and report the game-end ruling (mate, repetition, limits).
    Judge(cmd_judge::Args),
    /// List the legal moves of a position, one per line.
    Moves(cmd_moves::Args),
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(cmd_perft::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Judge(args) => cmd_judge::run(&args),
        Command::Moves(args) => cmd_moves::run(&args),
        Command::Perft(args) => cmd_perft::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
