//! This node's Prometheus instruments ([`Metrics`], one per process, reached through
//! [`metrics`]) and their text exposition. Counters and histograms are updated where the work
//! happens (a WebSocket opened, a move relayed, a journal batch committed, a broker round trip,
//! a lease taken over); the gauges of live tables and games are read from the server's state
//! when scraped. Served at `/metrics` (see `http::metrics` and docs/scale.md, "Operations").

mod config;

pub use config::MetricsConfig;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::sync::atomic::AtomicU64;
use std::sync::LazyLock;
use std::time::Instant;

/// The process's instruments.
pub struct Metrics {
    registry: Registry,
    /// WebSocket connections open now.
    pub connections: Gauge,
    /// Tables live on this node (set when scraped).
    pub tables: Gauge,
    /// Games in progress on this node (set when scraped).
    pub games: Gauge,
    /// Moves applied, stored and published by this node's tables.
    pub moves_relayed: Counter,
    /// From a move command reaching its table to its events published (seconds).
    pub relay_latency: Histogram,
    /// One group commit of the journal (seconds).
    pub commit_latency: Histogram,
    /// Requests sent through the broker and answered.
    pub broker_round_trips: Counter,
    /// A broker request's round trip (seconds).
    pub broker_latency: Histogram,
    /// Tables this node claimed from another (dead or silent) node.
    pub lease_takeovers: Counter<u64, AtomicU64>,
    /// How long a request waited for a database connection (the store's probe: `store::probe`).
    pub db_acquire_wait: Histogram,
    /// The longest such wait since the process started (microseconds).
    pub db_acquire_wait_max: Gauge,
    /// Commands waiting for the journal writer (read at each batch).
    pub journal_queue: Gauge,
    /// The most commands that ever waited for the journal writer.
    pub journal_queue_max: Gauge,
    /// Game ends stored in one transaction (SQLite's batches, `store::end_batch`).
    pub game_end_batch: Histogram,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// This process's instruments.
#[must_use]
pub fn metrics() -> &'static Metrics {
    &METRICS
}

/// Latency buckets from 0.1 ms to about 3.3 s, doubling.
fn latency() -> Histogram {
    Histogram::new(exponential_buckets(0.000_1, 2.0, 16))
}

impl Metrics {
    fn new() -> Metrics {
        let (connections, tables, games) = (Gauge::default(), Gauge::default(), Gauge::default());
        let (moves_relayed, broker_round_trips) = (Counter::default(), Counter::default());
        let lease_takeovers = Counter::<u64, AtomicU64>::default();
        let db_acquire_wait = latency();
        let (db_acquire_wait_max, journal_queue, journal_queue_max) =
            (Gauge::default(), Gauge::default(), Gauge::default());
        let (relay_latency, commit_latency, broker_latency) = (latency(), latency(), latency());
        let game_end_batch = Histogram::new(exponential_buckets(1.0, 2.0, 8));
        let mut r = Registry::with_prefix("chuhe");
        r.register(
            "connections",
            "WebSocket connections open",
            connections.clone(),
        );
        r.register("tables", "Tables live on this node", tables.clone());
        r.register(
            "games_in_progress",
            "Games in progress on this node",
            games.clone(),
        );
        r.register(
            "moves_relayed",
            "Moves applied, stored and published",
            moves_relayed.clone(),
        );
        r.register(
            "relay_latency_seconds",
            "From a move reaching its table to its events published",
            relay_latency.clone(),
        );
        r.register(
            "commit_latency_seconds",
            "One group commit of the game journal",
            commit_latency.clone(),
        );
        r.register(
            "broker_round_trips",
            "Broker requests answered",
            broker_round_trips.clone(),
        );
        r.register(
            "broker_latency_seconds",
            "Round trip of one broker request",
            broker_latency.clone(),
        );
        r.register(
            "lease_takeovers",
            "Tables claimed from another node",
            lease_takeovers.clone(),
        );
        r.register(
            "db_acquire_wait_seconds",
            "Wait for a database connection, probed every 50 ms",
            db_acquire_wait.clone(),
        );
        r.register(
            "db_acquire_wait_max_microseconds",
            "Longest wait for a database connection since start",
            db_acquire_wait_max.clone(),
        );
        r.register(
            "journal_queue",
            "Commands waiting for the journal writer",
            journal_queue.clone(),
        );
        r.register(
            "journal_queue_max",
            "Most commands ever waiting for the journal writer",
            journal_queue_max.clone(),
        );
        r.register(
            "game_end_batch",
            "Game ends stored in one transaction",
            game_end_batch.clone(),
        );
        Metrics {
            registry: r,
            connections,
            tables,
            games,
            moves_relayed,
            relay_latency,
            commit_latency,
            broker_round_trips,
            broker_latency,
            lease_takeovers,
            db_acquire_wait,
            db_acquire_wait_max,
            journal_queue,
            journal_queue_max,
            game_end_batch,
        }
    }

    /// The text exposition (`text/plain; version=0.0.4` compatible OpenMetrics text), with the
    /// live gauges set to `tables` and `games` first.
    #[must_use]
    pub fn render(&self, tables: usize, games: usize) -> String {
        self.tables.set(i64::try_from(tables).unwrap_or(i64::MAX));
        self.games.set(i64::try_from(games).unwrap_or(i64::MAX));
        let mut text = String::new();
        if encode(&mut text, &self.registry).is_err() {
            text.clear();
        }
        text
    }
}

/// Raises `gauge` to `value` if it is lower (a high-water mark).
pub fn raise(gauge: &Gauge, value: i64) {
    gauge
        .inner()
        .fetch_max(value, std::sync::atomic::Ordering::Relaxed);
}

/// Seconds since `start`, for a histogram.
#[must_use]
pub fn seconds_since(start: Instant) -> f64 {
    start.elapsed().as_secs_f64()
}

/// Holds one open connection in [`Metrics::connections`] while it lives.
#[derive(Debug)]
pub struct ConnectionGauge(());

impl ConnectionGauge {
    /// Counts a connection until dropped.
    #[must_use]
    pub fn open() -> ConnectionGauge {
        metrics().connections.inc();
        ConnectionGauge(())
    }
}

impl Drop for ConnectionGauge {
    fn drop(&mut self) {
        metrics().connections.dec();
    }
}
