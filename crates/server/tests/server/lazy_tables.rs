//! Room tables are held dormant until first use, and go dormant again once idle
//! (docs/server.md, "Dormant room tables").

use crate::common::{seat_players, test_config, untimed, Player, TestDb, TestServer};
use client::HttpClient;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

async fn health(http: &mut HttpClient) -> Value {
    let (status, h) = http.get("/healthz").await.expect("healthz");
    assert_eq!(status, 200);
    h
}

/// Waits until `/healthz` reports `live` started tables.
async fn until_live(http: &mut HttpClient, live: u64) {
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        let h = health(http).await;
        if h["tables_live"].as_u64() == Some(live) {
            assert_eq!(h["tables"], 10, "every room table stays held");
            return;
        }
        assert!(Instant::now() < end, "tables_live never became {live}: {h}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The lobby as `p` sees it: the summaries of room `std`'s tables.
async fn std_tables(p: &mut Player) -> Vec<Value> {
    p.ws.clear();
    p.ok(json!({"t": "lobby", "on": true})).await;
    let lobby = p.ws.next_where(|m| m["t"] == "lobby", "lobby").await;
    p.ok(json!({"t": "lobby", "on": false})).await;
    lobby.expect("lobby")["rooms"][0]["tables"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test]
async fn idle_tables_have_no_task_until_used_and_stop_when_empty_again() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.idle_table_ms = 300;
    let srv = TestServer::start_with(config).await;
    let mut http = HttpClient::new(srv.addr);

    // Idle: every room table held, none started; the lobby lists them all, empty.
    let h = health(&mut http).await;
    assert_eq!(
        (h["tables"].as_u64(), h["tables_live"].as_u64()),
        (Some(10), Some(0))
    );
    let mut red = Player::register(srv.addr, "lazyred").await;
    let mut black = Player::register(srv.addr, "lazyblack").await;
    let tables = std_tables(&mut red).await;
    let ids: Vec<u64> = tables.iter().filter_map(|t| t["id"].as_u64()).collect();
    assert_eq!(ids, (1..=8).collect::<Vec<_>>());
    assert!(tables
        .iter()
        .all(|t| t["status"] == "waiting" && t["seats"]["red"].is_null()));

    // A first join starts table 3's task, and only that one.
    let state = red.join_state(3).await;
    assert_eq!(state["table"], 3);
    until_live(&mut http, 1).await;

    // Seated and playing: it stays started past the grace period.
    seat_players(&mut red, &mut black, 3, untimed()).await;
    red.ok(json!({"t": "ready", "table": 3, "ready": true}))
        .await;
    black
        .ok(json!({"t": "ready", "table": 3, "ready": true}))
        .await;
    red.event("game_started").await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    until_live(&mut http, 1).await;
    let t3 = std_tables(&mut red).await[2].clone();
    assert_eq!(t3["status"], "playing");

    // The game ends, both leave: the table stops after the grace period and is listed empty.
    red.ok(json!({"t": "resign", "table": 3})).await;
    red.event("game_ended").await;
    red.ok(json!({"t": "leave", "table": 3})).await;
    black.ok(json!({"t": "leave", "table": 3})).await;
    until_live(&mut http, 0).await;
    let t3 = std_tables(&mut red).await[2].clone();
    assert_eq!(t3["status"], "waiting");
    assert!(t3["seats"]["red"].is_null() && t3["seats"]["black"].is_null());
    assert_eq!(t3["spectators"], 0);

    // A later sit works as on any table: it starts again.
    red.ok(json!({"t": "join", "table": 3})).await;
    red.ok(json!({"t": "sit", "table": 3, "color": "black"}))
        .await;
    until_live(&mut http, 1).await;
    let t3 = std_tables(&mut black).await[2].clone();
    assert_eq!(t3["seats"]["black"]["user"]["name"], "lazyred");
}
