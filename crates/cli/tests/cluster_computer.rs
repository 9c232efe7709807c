//! A game against the computer outlives its node: two real `chuhe serve` nodes on one
//! PostgreSQL database and NATS; a player on node 1 starts a game against the computer, plays a
//! move and gets the computer's reply; node 1 is killed with SIGKILL; within the lease plus a
//! few seconds the player, connected to node 2 with the same session, finds the table again
//! with both moves and plays on, the computer answering. Node 2 knows the table is a computer
//! game from its stored kind (`table_owner.kind`), not from its id (issue 35).
//!
//! Skipped unless `CHUHE_TEST_DATABASE_URL` is set; NATS at `NATS_URL` (default
//! `nats://127.0.0.1:4222`; without `NATS_URL`, skipped when it cannot be reached).

mod common;

use common::cluster::{self, site, write_config, Client, Site};
use common::serve::Serve;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const LEASE_MS: u64 = 2_000;

const ROOMS: &str = r#"
[[rooms]]
id = "r"
name = "Room"
tables = 2
min_coins = 0
time_control = "untimed"
"#;

fn computer_moved(m: &Value, ply: u64) -> bool {
    m["t"] == "ev"
        && m["e"]["type"] == "moved"
        && m["e"]["color"] == "black"
        && m["e"]["ply"] == ply
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_is_taken_over_when_its_node_dies() {
    let Some(Site {
        nats,
        prefix,
        tmp,
        store,
    }) = site("_computer").await
    else {
        return;
    };
    let dir = |n: &str| {
        let text = cluster::config(n, &prefix, &nats, LEASE_MS, ROOMS);
        write_config(&tmp.path().join(n), &text)
    };
    let n1 = Serve::start(&dir("n1"), &store).await;
    let n2 = Serve::start(&dir("n2"), &store).await;

    let mut p = Client::register(n1.addr, "versus_ai").await;
    p.ok(json!({"t": "ai_start", "level": 1, "color": "red"}))
        .await;
    let state =
        p.ws.next_where(|m| m["t"] == "table_state", "table_state")
            .await
            .expect("table_state");
    let table = state["table"].as_u64().expect("table id");
    p.ok(json!({"t": "move", "table": table, "mv": "h2e2"}))
        .await;
    let reply =
        p.ws.next_where(|m| computer_moved(m, 2), "the computer's move")
            .await
            .expect("the computer answers");
    let first_two = json!(["h2e2", reply["e"]["mv"]]);

    n1.kill9();
    p.addr = n2.addr;
    p.reconnect().await;
    let until = Instant::now() + Duration::from_millis(LEASE_MS) + Duration::from_secs(15);
    let game = loop {
        // Refused (nobody holds the table yet) or not yet the game: try again until node 2
        // took it over.
        if let Ok(before) = p.ws.call(json!({"t": "join", "table": table})).await {
            if let Some(s) = before.iter().find(|m| m["t"] == "table_state") {
                if s["state"]["game"]["moves"] == first_two {
                    break s["state"]["game"].clone();
                }
            }
        }
        assert!(
            Instant::now() < until,
            "node 2 did not take over the game against the computer"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
        p.reconnect().await;
    };
    assert!(game["end"].is_null(), "{game}");
    assert_eq!(game["ai_level"], 1, "{game}");

    // The computer still plays its side at node 2.
    p.ok(json!({"t": "move", "table": table, "mv": "h0g2"}))
        .await;
    p.ws.next_where(|m| computer_moved(m, 4), "the computer's move at node 2")
        .await
        .expect("the computer answers at node 2");
    drop(n2);
}
