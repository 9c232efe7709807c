//! `chuhe moves --fen FEN [--notation iccs|uci|wxf|chinese]`: the legal moves, one per line.
//! `--batch` reads one FEN per line from stdin and prints each position's moves on one line.

use crate::output;
use std::io::{BufRead, Write};
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
    /// Read FENs from stdin, one per line; print each one's moves space-separated on one line
    /// (an invalid FEN prints `error: <reason>` on its line).
    #[arg(long)]
    batch: bool,
}

fn moves_of(pos: &Position, notation: Notation) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .map(|&m| write_move(pos, m, notation))
        .collect()
}

/// Prints the legal moves of the position, one per line, nothing else on stdout.
pub fn run(args: &Args) -> Result<(), String> {
    if args.batch {
        let stdin = std::io::stdin();
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        for line in stdin.lock().lines() {
            let line = line.map_err(|e| e.to_string())?;
            let text = match Position::from_fen(line.trim()) {
                Ok(pos) => moves_of(&pos, args.notation).join(" "),
                Err(e) => format!("error: {e}"),
            };
            if let Err(e) = writeln!(out, "{text}") {
                return output::finish(Err(e));
            }
        }
        return output::finish(out.flush());
    }
    let pos = Position::from_fen(&args.fen).map_err(|e| format!("invalid FEN: {e}"))?;
    let mut out = String::new();
    for m in moves_of(&pos, args.notation) {
        out.push_str(&m);
        out.push('\n');
    }
    let mut stdout = std::io::stdout().lock();
    output::finish(
        stdout
            .write_all(out.as_bytes())
            .and_then(|()| stdout.flush()),
    )
}
