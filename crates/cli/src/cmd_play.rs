//! `chuhe play`: placeholder until written.

/// Arguments of `chuhe play`.
#[derive(clap::Args)]
pub struct Args {}

/// Plays a game in the terminal.
pub fn run(_args: &Args) -> Result<(), String> {
    Err("not yet".to_string())
}
