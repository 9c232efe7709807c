//! `chuhe loadtest`: simulated players over real WebSockets against a running server. Each game
//! is two guest players at a free lobby table playing random legal moves; the move-relay
//! latency is the time from one player sending a move until the opponent receives it, and an
//! end's latency the time from a resignation until the opponent is told the game ended.
//!
//! Every game is seated first and starts only when all are seated (a game waiting longer than
//! the first-move deadline would be aborted). Then, by [`Mode`]: moves spread out in time as a
//! real site's are (each game starts after a random offset within one think time, each pause is
//! drawn from 0.5–1.5 × the think time); every game moving in the same instant; every game
//! ending within the same second (a round's or an arena's end); or each table playing game
//! after game, so games keep starting while others end (an arena's continuous pairing). A
//! failed game is counted by its cause (`failure.rs`).

mod failure;
mod frame;
mod game;

pub use failure::{Cause, Failure, Failures};

use crate::{ClientError, HttpClient};
use game::Sink;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{Barrier, Semaphore};

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
pub(crate) struct Sample {
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
    /// How the games' moves, starts and ends fall in time.
    pub mode: Mode,
}

/// How the games' moves, starts and ends fall in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moves spread out: random start offsets and pauses (a site's ordinary traffic).
    Spread,
    /// Every game moves in the same instant (fixed think time, common start): a stress.
    Burst,
    /// Moves spread out, then every game ends within one second (a round or an arena ending).
    EndTogether,
    /// Each table plays this many games in a row, a new one as soon as the last ended, so
    /// games keep starting while others end (an arena's continuous pairing).
    Arena(usize),
}

impl Mode {
    /// Whether every game keeps the same beat (no random offsets or pauses).
    fn lockstep(self) -> bool {
        self == Mode::Burst
    }

    /// Games each table plays.
    fn games_per_table(self) -> usize {
        match self {
            Mode::Arena(n) => n.max(1),
            _ => 1,
        }
    }
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
    /// Games ended by a resignation that was told to the opponent.
    pub ends: usize,
    /// Median time from a resignation until the opponent was told the game ended.
    pub end_p50: Duration,
    /// Its 99th percentile.
    pub end_p99: Duration,
    /// Its largest.
    pub end_max: Duration,
    /// Games that failed (connection or protocol errors): [`Failures::total`].
    pub errors: usize,
    /// Failed games by cause.
    pub failures: Failures,
}

impl LoadReport {
    /// The first failure's cause and example, in words.
    #[must_use]
    pub fn first_error(&self) -> Option<String> {
        self.failures
            .by_cause
            .iter()
            .next()
            .map(|(cause, (_, f))| match &f.last_move {
                Some(m) => format!("{cause} (table {}, {m})", f.table),
                None => format!("{cause} (table {})", f.table),
            })
    }
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
    let moves = Arc::new(Mutex::new(Vec::<Sample>::new()));
    let ends = Arc::new(Mutex::new(Vec::<Sample>::new()));
    // What the samples' send times count from (`p99_by_window`'s windows start at it).
    let epoch = Instant::now();
    let start_gate = Arc::new(Barrier::new(opts.games + 1));
    let end_gate = Arc::new(Barrier::new(opts.games));
    let setups = Arc::new(Semaphore::new(SETUPS_AT_ONCE));
    let mut tasks = Vec::with_capacity(opts.games);
    for &table in free.iter().take(opts.games) {
        let (opts, moves, ends, gates, prog, http, setups) = (
            opts.clone(),
            moves.clone(),
            ends.clone(),
            (start_gate.clone(), end_gate.clone()),
            progress.clone(),
            http.clone(),
            setups.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let players = match setups.acquire().await {
                Ok(_permit) => game::setup(&http, &opts, table, false).await,
                Err(_) => Err(Failure {
                    cause: Cause::Setup("closed".into()),
                    table,
                    last_move: None,
                }),
            };
            gates.0.wait().await;
            let sink = Sink {
                moves: &moves,
                ends: &ends,
                progress: &prog,
                epoch,
            };
            let result = play_table(players, &opts, &sink, &gates.1).await;
            prog.games_done.fetch_add(1, Ordering::Relaxed);
            result
        }));
    }
    start_gate.wait().await;
    progress.playing.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    let mut report = LoadReport {
        games: opts.games * opts.mode.games_per_table(),
        ..LoadReport::default()
    };
    for t in tasks {
        match t.await {
            Ok(Ok(())) => {}
            Ok(Err(f)) => {
                tracing::warn!("game failed: {} ({:?})", f.cause, f.last_move);
                report.failures.add(f);
            }
            Err(e) => report.failures.add(Failure {
                cause: Cause::Connection(e.to_string()),
                table: 0,
                last_move: None,
            }),
        }
    }
    report.errors = report.failures.total();
    report.elapsed = t0.elapsed();
    let samples = moves.lock().map(|l| l.clone()).unwrap_or_default();
    report.moves = samples.len() as u64;
    report.moves_per_sec = report.moves as f64 / report.elapsed.as_secs_f64().max(1e-9);
    let all = sorted_micros(&samples);
    report.p50 = percentile(&all, 0.50);
    report.p99 = percentile(&all, 0.99);
    report.max = percentile(&all, 1.0);
    report.p99_by_window = p99_by_window(samples);
    let ended = sorted_micros(&ends.lock().map(|l| l.clone()).unwrap_or_default());
    report.ends = ended.len();
    report.end_p50 = percentile(&ended, 0.50);
    report.end_p99 = percentile(&ended, 0.99);
    report.end_max = percentile(&ended, 1.0);
    Ok(report)
}

/// One table's part of the run after every table is seated: its game or games (by the mode),
/// each started, played and resigned, then both players leave. In [`Mode::EndTogether`] every
/// table waits at `end_gate` (failed or not) and the games are resigned together.
async fn play_table(
    players: Result<game::Players, Failure>,
    opts: &LoadOptions,
    sink: &Sink<'_>,
    end_gate: &Barrier,
) -> Result<(), Failure> {
    let played = match players {
        Ok(p) => play_games(p, opts, sink).await,
        Err(f) => Err((f, None)),
    };
    let result = if opts.mode == Mode::EndTogether {
        end_gate.wait().await;
        match played {
            Ok(mut p) => match p.resign(sink).await {
                Ok(()) => Ok(p),
                Err(f) => Err((f, Some(p))),
            },
            Err(e) => Err(e),
        }
    } else {
        played
    };
    match result {
        Ok(p) => {
            p.leave().await;
            Ok(())
        }
        Err((f, p)) => {
            if let Some(p) = p {
                p.leave().await;
            }
            Err(f)
        }
    }
}

/// Plays the table's games; the last is left unresigned in [`Mode::EndTogether`]. A failure
/// comes with the players when they are still there to leave.
async fn play_games(
    mut p: game::Players,
    opts: &LoadOptions,
    sink: &Sink<'_>,
) -> Result<game::Players, (Failure, Option<game::Players>)> {
    let mut rng = Rng(p.table.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    if !opts.mode.lockstep() {
        tokio::time::sleep(opts.think.mul_f64(rng.unit())).await;
    }
    let games = opts.mode.games_per_table();
    for n in 1..=games {
        if let Err(e) = p.start().await {
            let f = Failure {
                cause: Cause::Setup(format!("starting game {n}: {e}")),
                table: p.table,
                last_move: None,
            };
            return Err((f, Some(p)));
        }
        if let Err(f) = p.play(opts, &mut rng, sink).await {
            return Err((f, Some(p)));
        }
        if n < games || opts.mode != Mode::EndTogether {
            if let Err(f) = p.resign(sink).await {
                return Err((f, Some(p)));
            }
        }
    }
    Ok(p)
}

/// The microseconds of `samples`, sorted.
fn sorted_micros(samples: &[Sample]) -> Vec<u32> {
    let mut all: Vec<u32> = samples.iter().map(|s| s.micros).collect();
    all.sort_unstable();
    all
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

/// Xorshift64: the simulated players' moves and pauses, reproducible per table.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
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
mod tests;
