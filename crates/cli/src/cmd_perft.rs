//! `chuhe perft --depth D [--fen FEN] [--divide] [--json]`.

use crate::output;
use std::io::Write;
use std::time::Instant;
use xiangqi::perft::perft;
use xiangqi::{MoveList, Position, START_FEN};

/// Arguments of `chuhe perft`.
#[derive(clap::Args)]
pub struct Args {
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// The position (defaults to the start position).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// End with one JSON line `{"nodes":N,"seconds":S,"nps":X}`.
    #[arg(long)]
    json: bool,
}

/// Runs perft root move by root move, reporting progress on stderr.
pub fn run(args: &Args) -> Result<(), String> {
    let mut pos = Position::from_fen(&args.fen).map_err(|e| format!("invalid FEN: {e}"))?;
    output::finish(count(args, &mut pos, &mut std::io::stdout().lock()))
}

/// Counts and writes the results to `out` (progress goes to stderr, its errors are ignored).
fn count(args: &Args, pos: &mut Position, out: &mut impl Write) -> std::io::Result<()> {
    let start = Instant::now();
    let mut total: u64 = 0;
    if args.depth == 0 {
        total = 1;
    } else {
        let mut roots = MoveList::new();
        pos.legal_moves_into(&mut roots);
        let show_progress = args.depth >= 5;
        for (i, &m) in roots.iter().enumerate() {
            let undo = pos.do_move(m);
            let n = perft(pos, args.depth - 1);
            pos.undo_move(m, undo);
            total += n;
            if args.divide {
                writeln!(out, "{m} {n}")?;
            }
            if show_progress {
                let secs = start.elapsed().as_secs_f64();
                let _ = write!(
                    std::io::stderr(),
                    "\r[{}/{}] {} nodes, {:.1} s, {:.1} M nodes/s   ",
                    i + 1,
                    roots.len(),
                    total,
                    secs,
                    total as f64 / secs.max(1e-9) / 1e6
                );
                let _ = std::io::stderr().flush();
            }
        }
        if show_progress {
            let _ = writeln!(std::io::stderr());
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let nps = total as f64 / seconds.max(1e-9);
    if args.json {
        writeln!(
            out,
            "{{\"nodes\":{total},\"seconds\":{seconds:.3},\"nps\":{nps:.0}}}"
        )?;
    } else {
        writeln!(out, "nodes {total}")?;
        writeln!(out, "time {seconds:.3} s, {:.2} M nodes/s", nps / 1e6)?;
    }
    out.flush()
}
