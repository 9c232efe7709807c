//! `chuhe puzzles mine|curate`: puzzles from game records, by the engine (docs/puzzles.md).
//!
//! Key decision: the rules are `engine::mine` (mining, the only-move checks, the book check) and
//! `platform::puzzle` (tags, ids, de-duplication); this file walks the records, shows a progress
//! bar and keeps the run resumable (`puzzles_io.rs`).

use crate::puzzles_io::{
    game_key, games_of, make_puzzle, record_files, relative, DoneList, PuzzleFile,
};
use engine::mine::{check_exercise, mine_game, MinerConfig, Verdict};
use engine::{Control, Engine};
use indicatif::{ProgressBar, ProgressStyle};
use platform::puzzle::Source;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `chuhe puzzles`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Mine puzzles from game records (a file or a folder, e.g. CCPD's `對局/大師對局`).
    Mine(MineArgs),
    /// Exercises with a book continuation (CCPD's 中局, 殘局, 殺局): puzzles when the engine
    /// confirms the book's first move, the others to a review list.
    Curate(CurateArgs),
}

/// The engine budget, shared by both commands.
#[derive(clap::Args)]
struct Budget {
    /// Nodes per search at a node of a line (confirmation at 4× this).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    nodes: u64,
    /// Nodes per position when scanning a game for errors.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    scan_nodes: u64,
    /// Hash table in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// The lichess rules only (an error with a jump in win chance, lines of two solver moves or
    /// more, or a mate); by default the master-game rules also take positions where only one
    /// move keeps the win (docs/puzzles.md, "Yield").
    #[arg(long)]
    strict: bool,
}

#[derive(clap::Args)]
struct MineArgs {
    /// A record file or a folder of them.
    input: PathBuf,
    /// The puzzle file (JSON lines; appended to).
    #[arg(long, default_value = "puzzles.jsonl")]
    out: PathBuf,
    /// The list of games done (default: the output with `.done`); a second run skips them.
    #[arg(long)]
    state: Option<PathBuf>,
    /// Stop after this many new games.
    #[arg(long)]
    limit: Option<usize>,
    #[command(flatten)]
    budget: Budget,
}

#[derive(clap::Args)]
struct CurateArgs {
    /// A record file or a folder of them (each a position with its book continuation).
    input: PathBuf,
    /// The puzzle file (JSON lines; appended to).
    #[arg(long, default_value = "puzzles.jsonl")]
    out: PathBuf,
    /// The review list (JSON lines: file, FEN, book moves, reason).
    #[arg(long, default_value = "review.jsonl")]
    review: PathBuf,
    #[command(flatten)]
    budget: Budget,
}

fn config(b: &Budget) -> MinerConfig {
    let base = if b.strict {
        MinerConfig::default()
    } else {
        MinerConfig::masters()
    };
    MinerConfig {
        nodes: b.nodes,
        scan_nodes: b.scan_nodes,
        ..base
    }
}

fn bar(len: usize, quiet: bool, what: &str) -> ProgressBar {
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(len as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{what} {{bar:40}} {{pos}}/{{len}} files, {{msg}}, {{eta}} left"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn with_suffix(p: &Path, suffix: &str) -> PathBuf {
    let mut s = p.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// Runs `chuhe puzzles`.
pub fn run(args: &Args) -> Result<(), String> {
    match &args.command {
        Sub::Mine(a) => mine(a),
        Sub::Curate(a) => curate(a),
    }
}

fn mine(a: &MineArgs) -> Result<(), String> {
    let files = record_files(&a.input);
    let mut out = PuzzleFile::open(&a.out)?;
    let state = a
        .state
        .clone()
        .unwrap_or_else(|| with_suffix(&a.out, ".done"));
    let mut done = DoneList::open(&state)?;
    let cfg = config(&a.budget);
    let mut engine = Engine::new(usize::try_from(a.budget.hash).map_err(|e| e.to_string())?);
    let control = Control::new();
    let bar = bar(files.len(), a.budget.quiet, "mining");
    let started = Instant::now();
    let (mut games, mut duplicates, mut found, mut added) = (0usize, 0usize, 0usize, 0usize);
    let (mut candidates, mut unsolved, mut repeated, mut unconfirmed) = (0, 0, 0, 0);
    let mut trivial = 0;
    'files: for file in &files {
        for game in games_of(file) {
            let key = game_key(&game);
            if done.contains(&key) {
                duplicates += 1;
                continue;
            }
            if a.limit.is_some_and(|l| games >= l) {
                break 'files;
            }
            engine.new_game();
            let mined = mine_game(&mut engine, &game.start, &game.moves, &cfg, &control);
            candidates += mined.candidates;
            unsolved += mined.unsolved;
            repeated += mined.repeated;
            unconfirmed += mined.unconfirmed;
            trivial += mined.trivial;
            for m in mined.puzzles {
                found += 1;
                let source = Source::Ccpd {
                    file: relative(&a.input, file),
                    ply: u32::try_from(m.ply).unwrap_or(u32::MAX),
                };
                let p = make_puzzle(&m.position, Some(m.last_move), &m.solution, source);
                if out.add(&p)? {
                    added += 1;
                }
            }
            out.flush()?;
            done.mark(&key)?;
            games += 1;
        }
        bar.set_message(format!("{games} games, {added} puzzles"));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let per_game = if games > 0 { secs / games as f64 } else { 0.0 };
    println!(
        "{games} games mined ({duplicates} already done or duplicates skipped), {found} puzzles found, \
         {added} new after de-duplication, {} in {}; {secs:.1} s ({per_game:.2} s a game)",
        out.count,
        a.out.display(),
    );
    println!(
        "candidates {candidates}: {unsolved} without a unique winning line, {trivial} plain \
         recaptures, {repeated} repeating, {unconfirmed} not confirmed"
    );
    Ok(())
}

fn curate(a: &CurateArgs) -> Result<(), String> {
    let files = record_files(&a.input);
    let mut out = PuzzleFile::open(&a.out)?;
    let mut review = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.review)
        .map_err(|e| format!("cannot open {}: {e}", a.review.display()))?;
    let cfg = config(&a.budget);
    let mut engine = Engine::new(usize::try_from(a.budget.hash).map_err(|e| e.to_string())?);
    let control = Control::new();
    let bar = bar(files.len(), a.budget.quiet, "checking");
    let (mut confirmed, mut to_review, mut added) = (0usize, 0usize, 0usize);
    for file in &files {
        let rel = relative(&a.input, file);
        for game in games_of(file) {
            engine.new_game();
            match check_exercise(&mut engine, &game.start, &game.moves, &cfg, &control) {
                Verdict::Confirmed(solution) => {
                    confirmed += 1;
                    let p = make_puzzle(
                        &game.start,
                        None,
                        &solution,
                        Source::CcpdExercise { file: rel.clone() },
                    );
                    if out.add(&p)? {
                        added += 1;
                    }
                }
                Verdict::Review(reason) => {
                    to_review += 1;
                    let book: Vec<String> = game.moves.iter().map(ToString::to_string).collect();
                    let entry = serde_json::json!({
                        "file": rel,
                        "fen": game.start.fen(),
                        "book": book,
                        "reason": format!("{reason:?}"),
                    });
                    writeln!(review, "{entry}")
                        .map_err(|e| format!("cannot write {}: {e}", a.review.display()))?;
                }
            }
        }
        bar.set_message(format!("{confirmed} confirmed, {to_review} to review"));
        bar.inc(1);
    }
    out.flush()?;
    bar.finish_and_clear();
    println!(
        "{confirmed} exercises confirmed ({added} new puzzles), {to_review} to review in {}",
        a.review.display()
    );
    Ok(())
}
