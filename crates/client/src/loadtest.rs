//! `chuhe loadtest`: simulated players over real WebSockets against a running server. Each game
//! is two guest players at a free lobby table playing random legal moves; the move-relay
//! latency is the time from one player sending a move until the opponent receives it.
//!
//! By default the games' moves arrive spread out in time, as a real site's do: each game starts
//! after a random offset within one think time and each pause is drawn from 0.5–1.5 × the think
//! time. `burst` makes every game move in the same instant instead (a worst-case stress, not a
//! traffic model: a thousand moves then queue behind each other).

use crate::{ClientError, HttpClient, WsClient};
use serde::Deserialize;
use serde_json::json;
use std::borrow::Cow;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Games being set up at once. Each setup holds an HTTP connection besides its WebSockets:
/// unbounded, 8,000 games at once opened 8,000 HTTP connections next to 16,000 sockets and
/// ran the load generator out of file descriptors ("Too many open files"). The players share
/// one HTTP connection pool of this size.
const SETUPS_AT_ONCE: usize = 64;

/// The span of time each of [`LoadReport::p99_by_window`] covers.
pub const WINDOW: Duration = Duration::from_secs(10);

/// Fewest moves a window needs to have its 99th percentile reported.
pub const WINDOW_MIN_MOVES: usize = 1_000;

/// One relayed move: when it was sent (milliseconds since the run began) and how long the
/// opponent waited for it (microseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Sample {
    sent_ms: u32,
    micros: u32,
}

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// The server.
    pub addr: SocketAddr,
    /// Concurrent games (two players each).
    pub games: usize,
    /// Plies per game before the players stop (the game is then resigned).
    pub plies: usize,
    /// Mean pause between receiving the opponent's move and answering it.
    pub think: Duration,
    /// All games move in lockstep (fixed think time, common start) instead of spread out.
    pub burst: bool,
}

/// The measurements.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadReport {
    /// Games that were set up and played.
    pub games: usize,
    /// Moves relayed.
    pub moves: u64,
    /// Wall time of the playing phase.
    pub elapsed: Duration,
    /// Moves relayed per second.
    pub moves_per_sec: f64,
    /// Median relay latency.
    pub p50: Duration,
    /// 99th-percentile relay latency.
    pub p99: Duration,
    /// Largest relay latency.
    pub max: Duration,
    /// The 99th percentile of each [`WINDOW`] of the run in turn (by when the move was sent;
    /// windows of fewer than [`WINDOW_MIN_MOVES`] moves, such as the setup's, left out): how
    /// steady the tail is.
    pub p99_by_window: Vec<Duration>,
    /// Games that failed (connection or protocol errors).
    pub errors: usize,
    /// Why the first failed game failed.
    pub first_error: Option<String>,
}

/// Live counters for a progress display.
#[derive(Debug, Default)]
pub struct Progress {
    /// Moves relayed so far.
    pub moves: AtomicU64,
    /// Games finished so far.
    pub games_done: AtomicU64,
    /// Every game is set up (both players connected and seated): the playing phase has begun.
    pub playing: AtomicBool,
}

/// Runs the load test.
///
/// # Errors
/// [`ClientError`] if the lobby has too few free tables or cannot be read.
pub async fn run(opts: &LoadOptions, progress: Arc<Progress>) -> Result<LoadReport, ClientError> {
    let http = HttpClient::pooled(opts.addr, SETUPS_AT_ONCE);
    let (_, lobby) = http.get("/api/lobby").await?;
    // Guests hold no coins beyond the starting grant, so only rooms without a coin gate serve.
    let free: Vec<u64> = lobby["rooms"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["min_coins"].as_i64().unwrap_or(0) <= 0)
        .flat_map(|r| r["tables"].as_array().cloned().unwrap_or_default())
        .filter(|t| t["seats"]["red"].is_null() && t["seats"]["black"].is_null())
        .filter_map(|t| t["id"].as_u64())
        .collect();
    if free.len() < opts.games {
        return Err(ClientError::Refused(
            json!({"error": "not enough free tables in rooms without a coin gate",
            "free": free.len(), "wanted": opts.games}),
        ));
    }
    let latencies = Arc::new(Mutex::new(Vec::<Sample>::new()));
    // What the samples' send times count from (`p99_by_window`'s windows start at it).
    let epoch = Instant::now();
    let start_gate = Arc::new(tokio::sync::Barrier::new(opts.games + 1));
    let setups = Arc::new(Semaphore::new(SETUPS_AT_ONCE));
    let mut tasks = Vec::with_capacity(opts.games);
    for &table in free.iter().take(opts.games) {
        let (opts, lat, gate, prog, http, setups) = (
            opts.clone(),
            latencies.clone(),
            start_gate.clone(),
            progress.clone(),
            http.clone(),
            setups.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let players = match setups.acquire().await {
                Ok(_permit) => setup_game(&http, &opts, table).await,
                Err(_) => Err(ClientError::Closed),
            };
            gate.wait().await;
            let result = match players {
                Ok(p) => play(p, &opts, table, &lat, &prog, epoch).await,
                Err(e) => Err(e),
            };
            prog.games_done.fetch_add(1, Ordering::Relaxed);
            result
        }));
    }
    start_gate.wait().await;
    progress.playing.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    let mut report = LoadReport {
        games: opts.games,
        ..LoadReport::default()
    };
    for t in tasks {
        match t.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::warn!("game failed: {e}");
                report.errors += 1;
                report.first_error.get_or_insert_with(|| e.to_string());
            }
            Err(e) => {
                report.errors += 1;
                report.first_error.get_or_insert_with(|| e.to_string());
            }
        }
    }
    report.elapsed = t0.elapsed();
    let samples = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    report.moves = samples.len() as u64;
    report.moves_per_sec = report.moves as f64 / report.elapsed.as_secs_f64().max(1e-9);
    let mut all: Vec<u32> = samples.iter().map(|s| s.micros).collect();
    all.sort_unstable();
    report.p50 = percentile(&all, 0.50);
    report.p99 = percentile(&all, 0.99);
    report.max = percentile(&all, 1.0);
    report.p99_by_window = p99_by_window(samples);
    Ok(report)
}

/// The `p` quantile of `sorted` microseconds (zero if empty).
fn percentile(sorted: &[u32], p: f64) -> Duration {
    let Some(last) = sorted.len().checked_sub(1) else {
        return Duration::ZERO;
    };
    let i = ((last as f64) * p).round() as usize;
    Duration::from_micros(u64::from(sorted[i.min(last)]))
}

/// The 99th percentile of each [`WINDOW`] by send time, windows of fewer than
/// [`WINDOW_MIN_MOVES`] moves left out.
fn p99_by_window(mut samples: Vec<Sample>) -> Vec<Duration> {
    let window_ms = WINDOW.as_millis().max(1);
    samples.sort_unstable();
    samples
        .chunk_by(|a, b| u128::from(a.sent_ms) / window_ms == u128::from(b.sent_ms) / window_ms)
        .filter(|w| w.len() >= WINDOW_MIN_MOVES)
        .map(|w| {
            let mut micros: Vec<u32> = w.iter().map(|s| s.micros).collect();
            micros.sort_unstable();
            percentile(&micros, 0.99)
        })
        .collect()
}

struct Players {
    red: WsClient,
    black: WsClient,
}

async fn player(pool: &HttpClient, addr: SocketAddr, table: u64) -> Result<WsClient, ClientError> {
    let mut http = pool.sibling();
    http.guest().await?;
    let (mut ws, _) = WsClient::connect(addr, http.cookie.as_deref()).await?;
    ws.timeout = Duration::from_secs(30);
    ws.call(json!({"t": "join", "table": table})).await?;
    Ok(ws)
}

async fn setup_game(
    http: &HttpClient,
    opts: &LoadOptions,
    table: u64,
) -> Result<Players, ClientError> {
    let mut red = player(http, opts.addr, table).await?;
    red.call(json!({"t": "sit", "table": table, "color": "red"}))
        .await?;
    red.call(
        json!({"t": "propose", "table": table, "control": {"stages": [], "per_move": null,
        "byoyomi": null, "increment": 0}}),
    )
    .await?;
    let mut black = player(http, opts.addr, table).await?;
    black
        .call(json!({"t": "sit", "table": table, "color": "black"}))
        .await?;
    red.call(json!({"t": "ready", "table": table, "ready": true}))
        .await?;
    black
        .call(json!({"t": "ready", "table": table, "ready": true}))
        .await?;
    red.event("game_started").await?;
    black.event("game_started").await?;
    red.clear();
    black.clear();
    Ok(Players { red, black })
}

async fn play(
    mut p: Players,
    opts: &LoadOptions,
    table: u64,
    latencies: &Mutex<Vec<Sample>>,
    progress: &Progress,
    epoch: Instant,
) -> Result<(), ClientError> {
    let mut legal: Vec<String> = initial_legal();
    let mut rng = Rng(table.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    if !opts.burst {
        tokio::time::sleep(opts.think.mul_f64(rng.unit())).await;
    }
    for ply in 1..=opts.plies {
        if legal.is_empty() {
            break;
        }
        let mv = legal[(rng.next() % legal.len() as u64) as usize].clone();
        let (mover, other) = if ply % 2 == 1 {
            (&mut p.red, &mut p.black)
        } else {
            (&mut p.black, &mut p.red)
        };
        let sent = Instant::now();
        mover
            .send(&json!({"t": "move", "table": table, "mv": mv}))
            .await?;
        let ev = other.next_text_where(is_moved, "moved").await?;
        let sample = Sample {
            sent_ms: u32::try_from(sent.duration_since(epoch).as_millis()).unwrap_or(u32::MAX),
            micros: u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX),
        };
        if let Ok(mut l) = latencies.lock() {
            l.push(sample);
        }
        progress.moves.fetch_add(1, Ordering::Relaxed);
        mover.next_text_where(is_moved, "own move").await?;
        mover.clear();
        other.clear();
        legal = moved_legal(&ev);
        if !opts.think.is_zero() {
            let pause = if opts.burst {
                opts.think
            } else {
                opts.think.mul_f64(0.5 + rng.unit())
            };
            tokio::time::sleep(pause).await;
        }
    }
    let _ = p.red.call(json!({"t": "resign", "table": table})).await;
    let _ = p.red.call(json!({"t": "leave", "table": table})).await;
    let _ = p.black.call(json!({"t": "leave", "table": table})).await;
    p.red.close().await;
    p.black.close().await;
    Ok(())
}

/// A server message read only as far as the load generator needs: its kind and, for a table
/// event, the event's type and the legal moves after it. Typed, it is read without building a
/// JSON tree (the load generator shares the cores with the server under test).
#[derive(Deserialize)]
struct Frame<'a> {
    #[serde(borrow)]
    t: Cow<'a, str>,
    #[serde(borrow, default)]
    e: Option<EventHead<'a>>,
}

#[derive(Deserialize)]
struct EventHead<'a> {
    #[serde(borrow, rename = "type")]
    kind: Cow<'a, str>,
    #[serde(borrow, default)]
    legal: Vec<Cow<'a, str>>,
}

impl Frame<'_> {
    fn is_moved(&self) -> bool {
        self.t == "ev" && self.e.as_ref().is_some_and(|e| e.kind == "moved")
    }
}

/// Whether `text` is a `moved` table event.
fn is_moved(text: &str) -> bool {
    serde_json::from_str::<Frame<'_>>(text).is_ok_and(|f| f.is_moved())
}

/// The legal moves a `moved` event lists (none if it is not one).
fn moved_legal(text: &str) -> Vec<String> {
    serde_json::from_str::<Frame<'_>>(text)
        .ok()
        .and_then(|f| f.e)
        .map(|e| e.legal.into_iter().map(Cow::into_owned).collect())
        .unwrap_or_default()
}

/// Xorshift64: the simulated players' moves and pauses, reproducible per table.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn initial_legal() -> Vec<String> {
    xiangqi::Position::startpos()
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[cfg(test)]
#[path = "loadtest_tests.rs"]
mod tests;
