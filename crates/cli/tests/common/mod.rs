//! Shared by the cli tests that run the real `chuhe` binary on sample files.

pub mod cluster;
pub mod serve;
pub mod tournament;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The path of `tests/data/NAME`.
#[allow(dead_code)] // not every test file reads sample files
pub fn data(name: &str) -> String {
    let mut p = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    p.push("tests/data");
    p.push(name);
    p.to_string_lossy().into_owned()
}

#[allow(dead_code)] // not every test binary runs the binary this way
/// Runs `chuhe ARGS`, writing `stdin` to it (or closing its input), and waits for it.
pub fn chuhe(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input)
            .expect("writes stdin");
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().expect("finishes")
}
