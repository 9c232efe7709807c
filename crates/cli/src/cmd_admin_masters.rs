//! `chuhe admin masters import|pack|status`: the masters database (docs/masters.md). `import`
//! loads directories, `.tar.xz`/`.zip` archives, PGN collections and shipped sets in any
//! encoding, each game once (loading the same files again adds nothing); `pack` builds a shipped
//! set from record files; `status` lists what is loaded.

use crate::db_args::DbArgs;
use clap::{Args as ClapArgs, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

/// Options of `chuhe admin masters`.
#[derive(ClapArgs, Debug)]
pub struct MastersArgs {
    #[command(subcommand)]
    command: MastersCommand,
}

/// What to do.
#[derive(Subcommand, Debug)]
enum MastersCommand {
    /// Load master games from directories, archives (.tar.xz, .zip) or record files.
    Import(ImportArgs),
    /// Build a shipped set (.chmg) from record files, without a database.
    Pack(PackArgs),
    /// The games and sources loaded.
    Status(StatusArgs),
}

#[derive(ClapArgs, Debug)]
struct ImportArgs {
    /// Directories, archives or files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The source the games are filed under (shown with them).
    #[arg(long, default_value = "import")]
    source: String,
    /// The credit shown with the games (their author and licence).
    #[arg(long, default_value = "")]
    credit: String,
    /// Text encoding of every file (utf-8, gbk, big5, …); detected per file when absent.
    #[arg(long)]
    encoding: Option<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    db: DbArgs,
}

#[derive(ClapArgs, Debug)]
struct PackArgs {
    /// Directories, archives or files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The set to write.
    #[arg(short, long)]
    output: PathBuf,
    /// The credit stored in the set.
    #[arg(long, default_value = masters::CCPD_CREDIT)]
    credit: String,
    /// Text encoding of every file; detected per file when absent.
    #[arg(long)]
    encoding: Option<String>,
}

#[derive(ClapArgs, Debug)]
struct StatusArgs {
    #[command(flatten)]
    db: DbArgs,
}

/// Runs `chuhe admin masters …`.
///
/// # Errors
/// A message when the database or a path cannot be used.
pub async fn run(args: &MastersArgs) -> Result<(), String> {
    match &args.command {
        MastersCommand::Import(a) => import(a).await,
        MastersCommand::Pack(a) => pack(a),
        MastersCommand::Status(a) => status(a).await,
    }
}

fn encoding(label: Option<&str>) -> Result<Option<&'static study::Encoding>, String> {
    label
        .map(|l| study::encoding_for_label(l).map_err(|e| e.to_string()))
        .transpose()
}

async fn import(a: &ImportArgs) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    let opts = masters::LoadOptions {
        source: a.source.clone(),
        credit: a.credit.clone(),
        encoding: encoding(a.encoding.as_deref())?,
    };
    let total = masters::sources::total_bytes(&a.paths);
    let bar = if a.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(total)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {bytes}/{total_bytes} {msg}, {elapsed} ({eta} left)",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let report = masters::load_paths(&db, a.paths.clone(), &opts, &mut |p| {
        bar.set_position(p.bytes);
        bar.set_message(format!(
            "{} files, {} games, {} new",
            p.files, p.games, p.added
        ));
    })
    .await
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    for (name, why) in &report.refused {
        eprintln!("refused: {name}: {why}");
    }
    println!(
        "{} files, {} games read ({} broken), {} distinct, {} new; {} files refused; {:.1} s",
        report.files,
        report.games,
        report.broken_games,
        report.distinct,
        report.added,
        report.refused_count,
        report.seconds
    );
    Ok(())
}

fn pack(a: &PackArgs) -> Result<(), String> {
    let b = masters::bundle_paths(&a.paths, encoding(a.encoding.as_deref())?, &a.credit);
    std::fs::write(&a.output, &b.bytes).map_err(|e| format!("{}: {e}", a.output.display()))?;
    println!(
        "{} files, {} games, {} distinct, {} files refused; {} bytes written to {}",
        b.files,
        b.games,
        b.distinct,
        b.refused,
        b.bytes.len(),
        a.output.display()
    );
    Ok(())
}

async fn status(a: &StatusArgs) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    let n = db.master_games_count().await.map_err(|e| e.to_string())?;
    println!("{n} master games");
    for s in db.masters_sources().await.map_err(|e| e.to_string())? {
        println!("{}: {} games ({})", s.name, s.games, s.credit);
    }
    Ok(())
}
