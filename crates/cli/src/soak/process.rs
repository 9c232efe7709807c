//! The `chuhe serve` process a soak run starts, kills (SIGKILL), stops (SIGTERM) and starts
//! again on the same database and address, and its resident memory.

use client::HttpClient;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How the server is started: the binary, its configuration, its database flags, its address.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The `chuhe` binary (this one).
    pub exe: PathBuf,
    /// The configuration file written for the run.
    pub config: PathBuf,
    /// `--data DIR` or `--database URL`.
    pub store: [String; 2],
    /// Where it listens (the same address after every restart).
    pub addr: SocketAddr,
    /// Where its log goes (appended to by every run).
    pub log: PathBuf,
}

/// A running `chuhe serve`.
pub struct Serve {
    child: Child,
}

impl Serve {
    /// Starts the server and waits until `/healthz` answers.
    ///
    /// # Errors
    /// A message if it cannot be started or does not come up within a minute.
    pub async fn start(launch: &Launch) -> Result<Serve, String> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&launch.log)
            .map_err(|e| format!("{}: {e}", launch.log.display()))?;
        let child = Command::new(&launch.exe)
            .arg("serve")
            .arg("--config")
            .arg(&launch.config)
            .args(&launch.store)
            .arg("--listen")
            .arg(launch.addr.to_string())
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("starting {}: {e}", launch.exe.display()))?;
        let mut serve = Serve { child };
        let http = HttpClient::new(launch.addr);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok((200, _)) = http.get("/healthz").await {
                return Ok(serve);
            }
            if let Ok(Some(status)) = serve.child.try_wait() {
                return Err(format!("chuhe serve exited at start-up: {status}"));
            }
            if Instant::now() > deadline {
                return Err("chuhe serve did not come up within a minute".into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `kill -9`: nothing in the server gets to run.
    pub fn kill9(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// `kill -TERM` and wait for the graceful stop (SIGKILL after 30 s).
    ///
    /// # Errors
    /// A message if it had to be killed or exited with an error.
    pub async fn terminate(mut self) -> Result<(), String> {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => return Err(format!("chuhe serve stopped with {status}")),
                Ok(None) if Instant::now() > deadline => {
                    self.kill9();
                    return Err("chuhe serve did not stop within 30 s of SIGTERM".into());
                }
                _ => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The resident memory of process `pid` in KiB (Linux `/proc`), if it can be read.
#[must_use]
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status =
        std::fs::read_to_string(Path::new("/proc").join(pid.to_string()).join("status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_a_resident_size() {
        if cfg!(target_os = "linux") {
            assert!(rss_kib(std::process::id()).is_some_and(|k| k > 0));
        }
        assert_eq!(rss_kib(u32::MAX), None);
    }
}
