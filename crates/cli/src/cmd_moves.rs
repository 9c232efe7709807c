//! `chuhe moves --fen FEN [--notation iccs|uci|wxf|chinese]`: the legal moves, one per line.

use xiangqi::notation::{write_move, Notation};
use xiangqi::{Position, START_FEN};

/// Arguments of `chuhe moves`.
#[derive(clap::Args)]
pub struct Args {
    /// The position (defaults to the start position).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Notation of the output.
    #[arg(long, default_value = "iccs")]
    notation: Notation,
}

/// Prints the legal moves of the position, one per line, nothing else on stdout.
pub fn run(args: &Args) -> Result<(), String> {
    let pos = Position::from_fen(&args.fen).map_err(|e| format!("invalid FEN: {e}"))?;
    let mut out = String::new();
    for &m in pos.legal_moves().iter() {
        out.push_str(&write_move(&pos, m, args.notation));
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}
