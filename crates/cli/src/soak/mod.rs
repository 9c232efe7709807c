//! `chuhe loadtest --soak DURATION --restart-every N`: a benchmark of durability, not a test.
//! It starts `chuhe serve` itself (this binary, on a database of its own or the one given),
//! plays games at many tables with registered players, and kills (SIGKILL) or stops (SIGTERM)
//! the server at random moments about every N, starting it again each time. At the end it
//! checks that every game's stored record holds exactly the acknowledged moves (finished ones
//! finished, the others still in progress), runs the ledger check, and reports the server's
//! resident memory over time (it must stay flat).

mod game;
pub(crate) mod process;

use client::HttpClient;
use game::{WorkerReport, WorkerSetup};
use process::{Launch, Serve};
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a soak run does.
#[derive(Clone, Debug)]
pub struct SoakOptions {
    /// How long games are played.
    pub duration: Duration,
    /// Mean time between two outages (each drawn from 0.5–1.5 × this).
    pub restart_every: Duration,
    /// Concurrent games.
    pub games: usize,
    /// Plies per game before Red resigns.
    pub plies: usize,
    /// Pause between moves.
    pub think: Duration,
    /// The server's database: `--data DIR`/`--database URL`; `None`: a fresh SQLite folder.
    pub store: Option<[String; 2]>,
    /// The `chuhe` binary to start.
    pub exe: PathBuf,
    /// Seed of the outages and the moves.
    pub seed: u64,
}

/// One memory reading.
#[derive(Clone, Copy, Debug)]
pub struct MemSample {
    /// Seconds since the start of the run.
    pub at_s: f64,
    /// Which server run (0 = the first start).
    pub run: usize,
    /// Resident memory, KiB.
    pub rss_kib: u64,
}

/// What a soak run found.
#[derive(Debug, Default)]
pub struct SoakReport {
    /// Outages caused: `(kills, graceful stops)`.
    pub outages: (usize, usize),
    /// Games played (finished and still in progress at the end).
    pub games: usize,
    /// Games seen to finish.
    pub finished: usize,
    /// Moves acknowledged.
    pub moves: u64,
    /// Reconnections after outages.
    pub resyncs: u64,
    /// Wagers escrowed and bets placed; steps the server refused (allowed: coins ran short,
    /// betting closed).
    pub coins: (u64, u64),
    /// Every broken promise (lost or changed moves, wrong status, ledger discrepancies).
    pub problems: Vec<String>,
    /// The ledger check's summary.
    pub ledger: String,
    /// The server's memory over time.
    pub memory: Vec<MemSample>,
}

const CONFIG: &str = r#"
# Written by `chuhe loadtest --soak`.
login_attempts_per_minute = 100000
ws_messages_per_sec = 1000
first_move_deadline_secs = 0
reconnect_grace_secs = 600

# Every simulated player connects from 127.0.0.1.
[limits]
connections_per_ip = 100000
accounts_per_ip_per_minute = 100000
password_hash_queue = 100000

# The memory measured is the server's own, not the masters' first load.
[masters]
load_shipped = false

[puzzles]
load_shipped = false

[[rooms]]
id = "soak"
name = "Soak"
tables = TABLES
time_control = "rapid"
"#;

/// Runs the soak.
///
/// # Errors
/// A message if the server cannot be started or the final checks cannot be made; broken
/// promises are in the report, not errors.
pub async fn run(opts: &SoakOptions) -> Result<SoakReport, String> {
    let work = std::env::temp_dir().join(format!("chuhe-soak-{}", std::process::id()));
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let config = work.join("chuhe.toml");
    std::fs::write(
        &config,
        CONFIG.replace("TABLES", &opts.games.max(1).to_string()),
    )
    .map_err(|e| e.to_string())?;
    let store = opts
        .store
        .clone()
        .unwrap_or_else(|| ["--data".into(), work.join("data").display().to_string()]);
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| e.to_string())?
        .port();
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    let launch = Launch {
        exe: opts.exe.clone(),
        config: config.clone(),
        store: store.clone(),
        addr,
        log: work.join("serve.log"),
    };
    let t0 = Instant::now();
    let mut serve = Serve::start(&launch).await?;
    let pid = Arc::new(AtomicU32::new(serve.pid()));
    let run_no = Arc::new(AtomicU32::new(0));
    let memory = Arc::new(Mutex::new(Vec::<MemSample>::new()));
    let sampler = tokio::spawn(sample_memory(
        pid.clone(),
        run_no.clone(),
        memory.clone(),
        t0,
    ));

    let until = Instant::now() + opts.duration;
    let first_table = first_table(addr).await?;
    let run_id = opts.seed % 1_000_000;
    let mut workers = Vec::with_capacity(opts.games);
    for i in 0..opts.games {
        let setup = WorkerSetup {
            addr,
            table: first_table + i as u64,
            names: ["r", "b", "x", "y"].map(|role| format!("soak{run_id}{role}{i}")),
            plies: opts.plies,
            think: opts.think,
            until,
            seed: opts.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        };
        workers.push(tokio::spawn(game::run(setup)));
    }

    // Outages at random moments until the end.
    let mut report = SoakReport::default();
    let mut rng = opts.seed | 1;
    loop {
        let gap = opts.restart_every.mul_f64(0.5 + unit(&mut rng));
        if Instant::now() + gap >= until {
            break;
        }
        tokio::time::sleep(gap).await;
        if unit(&mut rng) < 0.5 {
            serve.kill9();
            report.outages.0 += 1;
        } else {
            if let Err(e) = serve.terminate().await {
                report.problems.push(e);
            }
            report.outages.1 += 1;
        }
        tokio::time::sleep(Duration::from_millis((unit(&mut rng) * 2_000.0) as u64)).await;
        serve = Serve::start(&launch).await?;
        pid.store(serve.pid(), Ordering::Relaxed);
        run_no.fetch_add(1, Ordering::Relaxed);
    }
    let mut played: Vec<WorkerReport> = Vec::new();
    for w in workers {
        match w.await {
            Ok(r) => played.push(r),
            Err(e) => report.problems.push(format!("a worker failed: {e}")),
        }
    }
    sampler.abort();
    if let Err(e) = serve.terminate().await {
        report.problems.push(e);
    }

    // The records, read from a fresh start (which also restores the games in progress).
    let serve = Serve::start(&launch).await?;
    let http = HttpClient::new(addr);
    for w in &played {
        report.moves += w.moves;
        report.resyncs += w.resyncs;
        report.coins.0 += w.coin_steps;
        report.coins.1 += w.coin_refusals;
        report.problems.extend(w.inconsistencies.iter().cloned());
        for g in &w.games {
            report.games += 1;
            report.finished += usize::from(g.finished);
            check_record(&http, g, &mut report.problems).await;
        }
    }
    if let Err(e) = serve.terminate().await {
        report.problems.push(e);
    }
    let all_over = report.games == report.finished;
    report.ledger = ledger_check(&store, all_over, &mut report.problems).await?;
    report.memory = memory.lock().map(|m| m.clone()).unwrap_or_default();
    if opts.store.is_none() {
        let _ = std::fs::remove_dir_all(&work);
    }
    Ok(report)
}

/// The id of the soak room's first table.
async fn first_table(addr: SocketAddr) -> Result<u64, String> {
    let (_, lobby) = HttpClient::new(addr)
        .get("/api/lobby")
        .await
        .map_err(|e| e.to_string())?;
    lobby["rooms"][0]["tables"][0]["id"]
        .as_u64()
        .ok_or_else(|| format!("no table in the lobby: {lobby}"))
}

/// Compares a game's stored record with what its worker was told.
async fn check_record(http: &HttpClient, g: &game::Played, problems: &mut Vec<String>) {
    let (status, body) = match http.get(&format!("/api/games/{}", g.id)).await {
        Ok(r) => r,
        Err(e) => {
            problems.push(format!("game {}: {e}", g.id));
            return;
        }
    };
    let rec = &body["game"];
    let moves: Vec<&str> = rec["moves"]
        .as_array()
        .map(|a| a.iter().filter_map(|m| m.as_str()).collect())
        .unwrap_or_default();
    let want = if g.finished { "finished" } else { "playing" };
    if status != 200 || rec["status"] != want {
        problems.push(format!(
            "game {}: status {} (HTTP {status}), expected {want}",
            g.id, rec["status"]
        ));
    }
    // An unfinished game may hold one more move: sent as the run ended, stored, unacknowledged.
    let acked: Vec<&str> = g.moves.iter().map(String::as_str).collect();
    let kept = moves.len() >= acked.len()
        && moves.len() <= acked.len() + usize::from(!g.finished)
        && moves[..acked.len()] == acked[..];
    if !kept {
        problems.push(format!(
            "game {}: stored moves {moves:?}, acknowledged {acked:?}",
            g.id
        ));
    }
    if rec["clocks"].as_array().map(Vec::len) != Some(moves.len()) {
        problems.push(format!(
            "game {}: {} clock readings for {} moves",
            g.id,
            rec["clocks"],
            moves.len()
        ));
    }
}

/// `chuhe ledger check` on the run's database; once every game is over, also that no escrow
/// still holds coins (every wager and pool was settled or refunded).
async fn ledger_check(
    store: &[String; 2],
    all_over: bool,
    problems: &mut Vec<String>,
) -> Result<String, String> {
    let url = match store[0].as_str() {
        "--data" => format!("sqlite://{}/chuhe.db?mode=rwc", store[1]),
        _ => store[1].clone(),
    };
    let db = store::Db::connect(&url).await.map_err(|e| e.to_string())?;
    let report = db.ledger_check().await.map_err(|e| e.to_string())?;
    if !report.is_ok() {
        problems.push(format!("ledger check: {report}"));
    }
    if all_over {
        let held = db.held_escrows().await.map_err(|e| e.to_string())?;
        for (account, balance) in held {
            problems.push(format!(
                "{account} still holds {balance} coins after every game ended"
            ));
        }
    }
    db.close().await;
    Ok(report.to_string())
}

/// Reads the server's resident memory once a second.
async fn sample_memory(
    pid: Arc<AtomicU32>,
    run: Arc<AtomicU32>,
    out: Arc<Mutex<Vec<MemSample>>>,
    t0: Instant,
) {
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        if let Some(rss_kib) = process::rss_kib(pid.load(Ordering::Relaxed)) {
            if let Ok(mut m) = out.lock() {
                m.push(MemSample {
                    at_s: t0.elapsed().as_secs_f64(),
                    run: run.load(Ordering::Relaxed) as usize,
                    rss_kib,
                });
            }
        }
    }
}

/// Xorshift64, uniform in [0, 1).
fn unit(state: &mut u64) -> f64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 11) as f64 / (1u64 << 53) as f64
}

/// Parses `90s`, `10m`, `1h`, `500ms` or a plain number of seconds.
///
/// # Errors
/// A message for anything else.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: f64 = num
        .parse()
        .map_err(|_| format!("not a duration: {text:?}"))?;
    let secs = match unit {
        "" | "s" => n,
        "ms" => n / 1_000.0,
        "m" | "min" => n * 60.0,
        "h" => n * 3_600.0,
        _ => return Err(format!("not a duration: {text:?} (use s, m, h or ms)")),
    };
    if !secs.is_finite() || secs <= 0.0 || secs > 1e7 {
        return Err(format!("not a duration: {text:?}"));
    }
    Ok(Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_their_units() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3_600)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("2.5"), Ok(Duration::from_millis(2_500)));
        assert!(parse_duration("").is_err());
        assert!(parse_duration("5d").is_err());
        assert!(parse_duration("0").is_err());
        assert!(parse_duration("m").is_err());
    }
}
