//! `chuhe loadtest` against the real server: every simulated game is set up, played move by
//! move over real sockets and resigned, and the report counts exactly the moves relayed.

use crate::common::{TestDb, TestServer};
use client::loadtest::{run, LoadOptions, Mode, Progress};
use client::HttpClient;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

async fn load(mode: Mode) {
    let db = TestDb::new().await;
    let server = TestServer::start(&db).await;
    let opts = LoadOptions {
        addr: server.addr,
        games: 4,
        plies: 8,
        think: Duration::from_millis(5),
        mode,
    };
    let per_table = if let Mode::Arena(n) = mode { n } else { 1 };
    let progress = Arc::new(Progress::default());
    let report = run(&opts, progress.clone()).await.expect("load test runs");
    assert_eq!(report.games, 4 * per_table);
    assert_eq!(
        report.errors,
        0,
        "no game failed: {:?}",
        report.first_error()
    );
    let moves = 32 * per_table as u64;
    assert_eq!(report.moves, moves, "every ply of every game was relayed");
    assert_eq!(progress.moves.load(Ordering::Relaxed), moves);
    assert_eq!(report.ends, 4 * per_table, "every game's end was told");
    assert!(report.end_p50 <= report.end_p99 && report.end_p99 <= report.end_max);
    assert_eq!(progress.games_done.load(Ordering::Relaxed), 4);
    assert!(report.p50 <= report.p99 && report.p99 <= report.max);
    assert!(report.max > Duration::ZERO);
    assert!(report.moves_per_sec > 0.0);

    // Every game was resigned and both players left: the tables are free again, and a second
    // run finds enough of them.
    let (_, lobby) = HttpClient::new(server.addr)
        .get("/api/lobby")
        .await
        .expect("lobby");
    let tables = lobby["rooms"][0]["tables"].as_array().expect("tables");
    assert!(tables
        .iter()
        .all(|t| t["seats"]["red"].is_null() && t["seats"]["black"].is_null()));
    let again = run(&opts, Arc::new(Progress::default()))
        .await
        .expect("second run");
    assert_eq!((again.errors, again.moves), (0, moves));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spread_out_games_relay_every_move() {
    load(Mode::Spread).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_ending_together_relay_every_move_and_end() {
    load(Mode::EndTogether).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arena_tables_play_game_after_game() {
    load(Mode::Arena(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lockstep_games_relay_every_move() {
    load(Mode::Burst).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_few_free_tables_is_a_clear_error() {
    let db = TestDb::new().await;
    let server = TestServer::start(&db).await;
    let opts = LoadOptions {
        addr: server.addr,
        games: 50,
        plies: 2,
        think: Duration::ZERO,
        mode: Mode::Burst,
    };
    let err = run(&opts, Arc::new(Progress::default()))
        .await
        .expect_err("only 8 free tables");
    assert!(err.to_string().contains("not enough free tables"), "{err}");
}
