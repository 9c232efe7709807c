//! What `chuhe loadtest` reads of the server under test: with `--server-pid`, from Linux
//! `/proc`, its resident memory, CPU time and bytes written to storage, sampled while the load
//! runs, so the report can give memory per connected socket, CPU time and bytes written per
//! relayed move; and from its `/metrics`, the longest wait for a database connection and the
//! deepest the journal's queue got.

use crate::soak::process::rss_kib;
use std::path::Path;

/// The server's CPU time (user + system) in milliseconds, if `/proc/PID/stat` can be read.
#[must_use]
pub fn cpu_ms(pid: u32) -> Option<u64> {
    let stat =
        std::fs::read_to_string(Path::new("/proc").join(pid.to_string()).join("stat")).ok()?;
    // The command name (field 2) may contain spaces: count fields after its closing parenthesis.
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    // Clock ticks are 1/100 s on Linux (USER_HZ).
    Some((utime + stime) * 10)
}

/// Bytes the process `pid` caused to be written to storage (`/proc/PID/io` `write_bytes`).
#[must_use]
pub fn write_bytes(pid: u32) -> Option<u64> {
    let io = std::fs::read_to_string(Path::new("/proc").join(pid.to_string()).join("io")).ok()?;
    io.lines()
        .find_map(|l| l.strip_prefix("write_bytes:"))
        .and_then(|v| v.trim().parse().ok())
}

/// Readings of the server over one load run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Readings {
    /// Resident KiB before any simulated player connected.
    pub rss_idle: u64,
    /// Resident KiB once every game was set up (all sockets connected).
    pub rss_connected: u64,
    /// The largest resident KiB seen while the games were played.
    pub rss_peak: u64,
    /// CPU milliseconds when the playing phase began.
    pub cpu_at_play: u64,
    /// CPU milliseconds at the end.
    pub cpu_at_end: u64,
    /// Bytes written to storage when the playing phase began.
    pub written_at_play: u64,
    /// Bytes written to storage at the end.
    pub written_at_end: u64,
}

/// Samples the server `pid` as the run goes: call [`Probe::sample`] periodically with whether
/// the playing phase has begun, then [`Probe::finish`].
#[derive(Debug)]
pub struct Probe {
    pid: u32,
    readings: Readings,
    playing: bool,
}

impl Probe {
    /// Starts probing `pid` (reads its idle memory now); `None` if the process cannot be read.
    #[must_use]
    pub fn start(pid: u32) -> Option<Probe> {
        let rss_idle = rss_kib(pid)?;
        cpu_ms(pid)?;
        Some(Probe {
            pid,
            readings: Readings {
                rss_idle,
                ..Readings::default()
            },
            playing: false,
        })
    }

    /// One sample; `playing` tells whether every game has been set up.
    pub fn sample(&mut self, playing: bool) {
        let rss = rss_kib(self.pid).unwrap_or(0);
        if playing && !self.playing {
            self.playing = true;
            self.readings.rss_connected = rss;
            self.readings.cpu_at_play = cpu_ms(self.pid).unwrap_or(0);
            self.readings.written_at_play = write_bytes(self.pid).unwrap_or(0);
        }
        if self.playing {
            self.readings.rss_peak = self.readings.rss_peak.max(rss);
        }
    }

    /// The readings, with the CPU time read now.
    #[must_use]
    pub fn finish(mut self) -> Readings {
        self.readings.cpu_at_end = cpu_ms(self.pid).unwrap_or(self.readings.cpu_at_play);
        self.readings.written_at_end =
            write_bytes(self.pid).unwrap_or(self.readings.written_at_play);
        self.readings
    }
}

impl Readings {
    /// Lines for the report: memory per connected socket and CPU per relayed move.
    #[must_use]
    pub fn report(&self, sockets: u64, moves: u64) -> Vec<String> {
        let mib = |k: u64| k as f64 / 1024.0;
        let per_socket = |k: u64| k.saturating_sub(self.rss_idle) as f64 / sockets.max(1) as f64;
        let cpu = self.cpu_at_end.saturating_sub(self.cpu_at_play);
        let written = self.written_at_end.saturating_sub(self.written_at_play);
        vec![
            format!(
                "server memory  idle {:.1} MiB, all connected {:.1} MiB, peak while playing {:.1} MiB",
                mib(self.rss_idle),
                mib(self.rss_connected),
                mib(self.rss_peak)
            ),
            format!(
                "per socket     {:.1} KiB connected, {:.1} KiB at the peak (over idle; {sockets} sockets); {:.1} KiB of the whole peak",
                per_socket(self.rss_connected),
                per_socket(self.rss_peak),
                self.rss_peak as f64 / sockets.max(1) as f64
            ),
            format!(
                "server CPU     {:.1} s while playing, {:.0} µs per relayed move",
                cpu as f64 / 1e3,
                cpu as f64 * 1e3 / moves.max(1) as f64
            ),
            format!(
                "disk writes    {:.1} MB while playing, {:.2} KB per relayed move",
                written as f64 / 1e6,
                written as f64 / 1e3 / moves.max(1) as f64
            ),
        ]
    }
}

/// What the server's `/metrics` says of its database after a run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ServerMetrics {
    /// The longest wait for a database connection since the server started (ms).
    pub db_wait_max_ms: Option<f64>,
    /// The most commands that ever waited for the journal writer.
    pub journal_queue_max: Option<f64>,
}

impl ServerMetrics {
    /// Reads the Prometheus text exposition.
    #[must_use]
    pub fn parse(text: &str) -> ServerMetrics {
        let value = |name: &str| {
            text.lines()
                .filter(|l| !l.starts_with('#'))
                .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
                .and_then(|v| v.trim().parse::<f64>().ok())
        };
        ServerMetrics {
            db_wait_max_ms: value("chuhe_db_acquire_wait_max_microseconds").map(|us| us / 1e3),
            journal_queue_max: value("chuhe_journal_queue_max"),
        }
    }

    /// Lines for the report.
    #[must_use]
    pub fn report(&self) -> Vec<String> {
        let shown = |v: Option<f64>, unit: &str| {
            v.map_or_else(|| "not reported".to_owned(), |v| format!("{v:.1}{unit}"))
        };
        vec![
            format!(
                "db wait max    {} (longest wait for a database connection, since the server started)",
                shown(self.db_wait_max_ms, " ms")
            ),
            format!(
                "journal queue  {} commands at most",
                shown(self.journal_queue_max, "")
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_this_process() {
        if cfg!(target_os = "linux") {
            let me = std::process::id();
            assert!(cpu_ms(me).is_some());
            let mut p = Probe::start(me).expect("own /proc");
            p.sample(false);
            p.sample(true);
            let r = p.finish();
            assert!(r.rss_connected > 0 && r.rss_peak >= r.rss_connected);
            assert!(r.cpu_at_end >= r.cpu_at_play);
        }
        assert!(Probe::start(u32::MAX).is_none());
    }

    #[test]
    fn per_socket_figures_are_over_the_idle_memory() {
        let r = Readings {
            rss_idle: 1000,
            rss_connected: 3000,
            rss_peak: 5000,
            cpu_at_play: 1000,
            cpu_at_end: 3000,
            written_at_play: 1_000_000,
            written_at_end: 5_000_000,
        };
        let lines = r.report(100, 1000);
        assert!(lines[1].contains("20.0 KiB connected"), "{}", lines[1]);
        assert!(lines[1].contains("40.0 KiB at the peak"), "{}", lines[1]);
        assert!(
            lines[2].contains("2000 µs per relayed move"),
            "{}",
            lines[2]
        );
        assert!(
            lines[3].contains("4.00 KB per relayed move"),
            "{}",
            lines[3]
        );
    }

    #[test]
    fn reads_the_database_figures_of_the_metrics() {
        let text = "# HELP chuhe_journal_queue_max x\n# TYPE chuhe_journal_queue_max gauge\n\
                    chuhe_journal_queue_max 37\n\
                    chuhe_db_acquire_wait_max_microseconds 2500\n\
                    chuhe_journal_queue 3\n";
        let m = ServerMetrics::parse(text);
        assert_eq!(m.db_wait_max_ms, Some(2.5));
        assert_eq!(m.journal_queue_max, Some(37.0));
        assert_eq!(ServerMetrics::parse("").db_wait_max_ms, None);
        assert!(m.report()[0].contains("2.5 ms"));
    }
}
