//! Command output on stdout that survives a closed pipe.
//!
//! Key decision: `println!` panics when the reader of a pipe has gone (`chuhe bench | head -1`).
//! Commands that print a lot write through a locked stdout and hand the result to [`finish`],
//! which treats a broken pipe as the reader having seen enough: the command stops printing and
//! exits successfully. Any other write error is reported as an error.

use std::io;

/// Turns the result of writing a command's output into the command's result.
pub fn finish(written: io::Result<()>) -> Result<(), String> {
    match written {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("writing output: {e}")),
    }
}
