//! `chuhe engine`: the engine over UCCI or UCI on stdin/stdout (the first command chooses).

use std::io;
use std::sync::{Arc, Mutex};

/// Arguments of `chuhe engine` (none: everything is set through the protocol).
#[derive(clap::Args)]
pub struct Args {}

/// Runs the protocol loop until `quit` or end of input.
pub fn run(_args: &Args) -> Result<(), String> {
    let out: engine::protocol::Output = Arc::new(Mutex::new(io::stdout()));
    engine::protocol::run(io::stdin().lock(), out).map_err(|e| format!("reading input: {e}"))
}
