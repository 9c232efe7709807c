//! A resync after missed moves: only the newest `moved` is whole, older ones carry only their
//! move (docs/protocol.md §5; the server keeps only the newest whole).

use crate::common::{start_game, untimed, Player, TestDb, TestServer};
use serde_json::{json, Value};

#[tokio::test]
async fn a_resync_carries_legal_only_on_the_newest_move() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 1;
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("lgred", "lgblack")).await;
    let mut watcher = Player::register(srv.addr, "lgwatch").await;
    let state = watcher.join_state(t).await;
    let since = state["v"].as_u64().expect("v");
    red.mv(t, "h2e2").await;
    black.mv(t, "h9g7").await;
    red.mv(t, "h0g2").await;
    let last = black
        .ws
        .next_where(|m| m["t"] == "ev" && m["e"]["mv"] == "h0g2", "h0g2")
        .await
        .expect("moved h0g2")["e"]
        .clone();
    assert!(!last["legal"].as_array().expect("legal").is_empty());

    watcher.reconnect(srv.addr).await;
    let epoch = watcher.epoch.clone();
    let missed = watcher
        .ok(json!({"t": "join", "table": t, "epoch": epoch, "since": since}))
        .await;
    let moved: Vec<&Value> = missed
        .iter()
        .filter(|m| m["t"] == "ev" && m["e"]["type"] == "moved")
        .map(|m| &m["e"])
        .collect();
    let mvs: Vec<&str> = moved.iter().filter_map(|e| e["mv"].as_str()).collect();
    assert_eq!(mvs, ["h2e2", "h9g7", "h0g2"]);
    for older in &moved[..2] {
        let keys: Vec<&str> = older
            .as_object()
            .expect("event")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys.len(), 4, "{older}");
        for key in ["type", "color", "mv", "ply"] {
            assert!(keys.contains(&key), "{older}");
        }
    }
    assert_eq!(moved[0]["color"], "red");
    assert_eq!(moved[1]["ply"], 2);
    assert_eq!(moved[2], &last);
}
