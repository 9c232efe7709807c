//! Recurring events from the configuration: an occurrence within its window is created by itself
//! with its date in the name, once — a restart (or a second look) does not create it again.

use crate::common::{Player, TestDb, TestServer};
use crate::tournaments::config;
use serde_json::Value;
use std::time::Duration;

fn recurring_config(db: &TestDb, at: &str) -> server::Config {
    let mut c = config(db);
    let entry = format!(
        "name = \"Daily Arena\"\nevery = \"day\"\nat = \"{at}\"\nahead_hours = 24\n\
         spec = {{ system = \"arena\", minutes = 30, time_control = \"blitz\" }}\n"
    );
    c.tournaments.recurring = vec![toml::from_str(&entry).expect("recurring entry")];
    c
}

async fn named(p: &Player, prefix: &str) -> Vec<Value> {
    let (status, v) = p.http.get("/api/tournaments").await.unwrap();
    assert_eq!(status, 200, "{v}");
    v["upcoming"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["name"].as_str().unwrap_or("").starts_with(prefix))
        .cloned()
        .collect()
}

#[tokio::test]
async fn a_recurring_event_is_created_ahead_once() {
    let db = TestDb::new().await;
    // Two hours from now (UTC), whole minutes.
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let at_ms = (now_ms / 60_000 + 120) * 60_000;
    let minute = at_ms / 60_000 % 1_440;
    let at = format!("{:02}:{:02}", minute / 60, minute % 60);
    let srv = TestServer::start_with(recurring_config(&db, &at)).await;
    let p = Player::register(srv.addr, "watcher").await;
    let mut found = Vec::new();
    for _ in 0..50 {
        found = named(&p, "Daily Arena ").await;
        if !found.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["starts_at"], at_ms);
    let id = found[0]["id"].as_u64().unwrap();
    let (_, v) = p.http.get(&format!("/api/tournaments/{id}")).await.unwrap();
    assert_eq!(v["spec"]["system"], "arena");
    assert_eq!(v["spec"]["minutes"], 30);
    srv.stop().await;

    let srv = TestServer::start_with(recurring_config(&db, &at)).await;
    let mut p = p;
    p.reconnect(srv.addr).await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(named(&p, "Daily Arena ").await.len(), 1, "created once");
}
