//! SQLite's journal is an append-only log (migration 0024): an ended game's rows are deleted by
//! the background sweep, never a game's still in progress, and a restart reads every journal
//! whole.

use crate::common::{start_game, untimed, TestDb, TestServer};
use serde_json::json;

async fn rows_of(db: &TestDb, game: u64) -> i64 {
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&db.url)
        .await
        .expect("connect");
    sqlx::query_scalar("SELECT COUNT(*) FROM game_log WHERE game_id = $1")
        .bind(i64::try_from(game).expect("id"))
        .fetch_one(&mut conn)
        .await
        .expect("count")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweep_deletes_ended_games_rows_only_and_a_restart_finds_the_others_whole() {
    let db = TestDb::new().await;
    if db.url.starts_with("postgres") {
        // PostgreSQL deletes a game's rows in its end's transaction (its log is keyed by game).
        return;
    }
    let server = TestServer::start(&db).await;
    let (mut red1, mut black1) = start_game(server.addr, 1, untimed(), ("swr1", "swb1")).await;
    let (mut red2, mut black2) = start_game(server.addr, 2, untimed(), ("swr2", "swb2")).await;
    let game = |state: &serde_json::Value| state["state"]["game"]["game_id"].as_u64();
    let g1 = game(&red1.join_state(1).await).expect("game 1");
    let g2 = game(&red2.join_state(2).await).expect("game 2");
    for (t, red, black) in [(1, &mut red1, &mut black1), (2, &mut red2, &mut black2)] {
        red.mv(t, "h2e2").await;
        black.mv(t, "h9g7").await;
    }
    red1.ok(json!({"t": "resign", "table": 1})).await;

    let mut cursor = server.db.sweep_journal(0).await.expect("sweep");
    while cursor != 0 {
        cursor = server.db.sweep_journal(cursor).await.expect("sweep");
    }
    assert_eq!(rows_of(&db, g1).await, 0, "the ended game's rows are swept");
    assert_eq!(
        rows_of(&db, g2).await,
        2,
        "the game in progress keeps its rows"
    );

    let unfinished = server.db.unfinished_games().await.expect("unfinished");
    assert_eq!(unfinished.len(), 1);
    assert_eq!(unfinished[0].game.id.0, g2);
    let seqs: Vec<u64> = unfinished[0].log.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, [0, 1], "its journal whole and in order");
}
