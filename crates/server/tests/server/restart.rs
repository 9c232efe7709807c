//! A game in progress survives an abrupt stop of the server (no graceful step runs, as with
//! `kill -9`): the restarted server restores it, with its clocks, and the downtime is charged to
//! nobody.

use crate::common::{minutes, start_game, test_config, TestDb, TestServer};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn a_killed_server_resumes_the_game_in_progress() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 6;
    let (mut red, mut black) = start_game(srv.addr, t, minutes(10), ("kred", "kblack")).await;
    red.mv(t, "h2e2").await;
    black.mv(t, "h9g7").await;
    red.mv(t, "h0g2").await;
    let before = black.event("moved").await;
    let black_left_before = before["clock"]["black"]["game_time"].as_u64().unwrap();
    srv.crash();

    // Down for three seconds while Black is on move.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let srv = TestServer::start_with(test_config(&db)).await;

    red.reconnect(srv.addr).await;
    black.reconnect(srv.addr).await;
    black.ok(json!({"t": "join", "table": t})).await;
    let state = black.ws.next_where(|m| m["t"] == "table_state", "state").await.unwrap();
    let game = &state["state"]["game"];
    assert_eq!(game["moves"], json!(["h2e2", "h9g7", "h0g2"]));
    assert_eq!(game["turn"], "black");
    assert!(game["end"].is_null());
    let black_left = game["clock"]["black"]["game_time"].as_u64().unwrap();
    // At most the heartbeat interval (1 s) plus test slack is charged, not the 3 s of downtime.
    assert!(black_left + 2_000 > black_left_before, "{black_left} vs {black_left_before}");
    // Red was marked disconnected by the restart; Black plays on and Red rejoins.
    black.mv(t, "i9h9").await;
    red.ok(json!({"t": "join", "table": t})).await;
    let st = red.ws.next_where(|m| m["t"] == "table_state", "state").await.unwrap();
    assert_eq!(st["state"]["game"]["ply"], 4);
    red.mv(t, "i0h0").await;
    assert_eq!(black.event("moved").await["mv"], "i0h0");

    // The finished game keeps every move, before and after the restart.
    red.ok(json!({"t": "resign", "table": t})).await;
    let end = black.event("game_ended").await;
    let id = end["game_id"].as_u64().unwrap();
    let (_, g) = red.http.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(g["game"]["moves"], json!(["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]));
}
