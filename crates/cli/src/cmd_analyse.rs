//! `chuhe analyse <GAME> [--game N] [--depth N | --movetime MS] [--json]`: the engine's
//! evaluation of every move of a game, with inaccuracies, mistakes and blunders marked, the
//! engine's better line for them and each player's accuracy.
//!
//! Key decision: the analysis is `engine::analysis` (shared with the server); this file only
//! reads the game, shows a progress bar on stderr and prints (`analyse_output.rs`).

use crate::analyse_output;
use crate::cmd_convert::{read_games, read_input, InputFormat};
use crate::output;
use engine::analysis::analyse_game_with;
use engine::{Budget, Control, Engine, Limits};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;

/// Default search depth per position.
const DEFAULT_DEPTH: i32 = 10;

/// Arguments of `chuhe analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// Game record (PGN, XQF or DhtmlXQ; `-` for standard input).
    input: String,
    /// Which game of a PGN collection (1-based).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
    /// Search depth per position (default 10 unless --movetime is given).
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=40))]
    depth: Option<i32>,
    /// Search time per position in milliseconds (instead of a depth).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    movetime: Option<u64>,
    /// Hash table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Reads the game, analyses it and prints the table or JSON on stdout.
pub fn run(args: &Args) -> Result<(), String> {
    let bytes = read_input(&args.input)?;
    let (games, _) = read_games(&bytes, InputFormat::Auto, &args.input)?;
    let index = usize::try_from(args.game - 1).unwrap_or(usize::MAX);
    let game = games.get(index).ok_or_else(|| {
        format!(
            "{}: no game {} (the file holds {} readable games)",
            args.input,
            args.game,
            games.len()
        )
    })?;
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        (None, Some(ms)) => Limits {
            time: Some(Budget {
                optimum_ms: ms,
                maximum_ms: ms,
            }),
            ..Limits::default()
        },
        (None, None) => Limits {
            depth: Some(DEFAULT_DEPTH),
            ..Limits::default()
        },
    };
    let mut engine = Engine::new(usize::try_from(args.hash).map_err(|e| e.to_string())?);
    engine.set_threads(usize::try_from(args.threads).map_err(|e| e.to_string())?);
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(game.moves.len() as u64 + 1)
    };
    bar.set_style(
        ProgressStyle::with_template("analysing {bar:40} {pos}/{len} positions, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let analysis = analyse_game_with(
        &mut engine,
        &game.start,
        &game.moves,
        &limits,
        &Control::new(),
        &mut |p| bar.set_position(p.done as u64),
    )
    .map_err(|e| format!("{}: {e}", args.input))?;
    bar.finish_and_clear();
    let text = if args.json {
        analyse_output::json(game, &analysis)
    } else {
        analyse_output::table(game, &analysis)
    };
    let mut out = std::io::stdout().lock();
    output::finish(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}
