//! Two real `chuhe serve` nodes on one PostgreSQL database (a fresh schema) and NATS (a fresh
//! subject prefix), ids `n1` and `n2`: a private message caused on node 2 (a spectator's bet
//! there moves their coins) reaches that user's connection on node 1 exactly once, node 1's
//! lobby lists node 2's tables and is told when one changes, and once node 2 has been silent
//! for longer than `lease_ms` node 1 takes its tables over, the game in progress with them.
//!
//! Skipped unless `CHUHE_TEST_DATABASE_URL` is set; NATS at `NATS_URL` (default
//! `nats://127.0.0.1:4222`; without `NATS_URL`, skipped when it cannot be reached).
//!
//! Both nodes have the same rooms. Node 2 starts first and, alone, claims every table; once node
//! 1 joins, node 2 releases the idle tables that placement gives node 1, which claims them.
//! A second test: a process started with a running node's id is refused.

mod common;

use client::{HttpClient, WsClient};
use common::cluster::{self, connect, health, holds, placed, site, write_config, Client, Site};
use common::serve::Serve;
use serde_json::json;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const LEASE_MS: u64 = 2_000;

const ROOM_A: &str = r#"
[[rooms]]
id = "a"
name = "A"
tables = "#;

fn config(node: &str, prefix: &str, nats: &str, rooms: &str) -> String {
    cluster::config(node, prefix, nats, LEASE_MS, rooms)
}

/// The ids of room `room`'s tables in `addr`'s lobby.
async fn lobby_tables(addr: SocketAddr, room: &str) -> Vec<u64> {
    let (status, v) = HttpClient::new(addr)
        .get("/api/lobby")
        .await
        .expect("lobby");
    assert_eq!(status, 200, "{v}");
    let rooms = v["rooms"].as_array().cloned().unwrap_or_default();
    let mut ids: Vec<u64> = rooms
        .iter()
        .filter(|r| r["id"] == room)
        .flat_map(|r| r["tables"].as_array().cloned().unwrap_or_default())
        .filter_map(|t| t["id"].as_u64())
        .collect();
    ids.sort_unstable();
    ids
}

/// Waits until `addr`'s lobby lists exactly `want` in `room`.
async fn lobby_becomes(addr: SocketAddr, room: &str, want: &[u64], within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        let got = lobby_tables(addr, room).await;
        if got == want {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "room {room}: lobby shows {got:?}, want {want:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every `balance` message `ws` receives within `wait`.
async fn balances(ws: &mut WsClient, wait: Duration) -> Vec<i64> {
    let until = tokio::time::Instant::now() + wait;
    let mut got = Vec::new();
    while let Ok(Ok(m)) = tokio::time::timeout_at(until, ws.next()).await {
        if m["t"] == "balance" {
            got.push(m["coins"].as_i64().expect("coins"));
        }
    }
    got
}

#[tokio::test]
async fn two_nodes_share_private_messages_and_the_lobby() {
    let Some(Site {
        nats,
        prefix,
        tmp,
        store,
    }) = site("").await
    else {
        return;
    };
    let (d1, d2) = (tmp.path().join("n1"), tmp.path().join("n2"));
    let rooms = format!("{ROOM_A}6\n");
    write_config(&d1, &config("n1", &prefix, &nats, &rooms));
    write_config(&d2, &config("n2", &prefix, &nats, &rooms));
    // One after the other: the first applies the migrations and claims every table; once
    // node 1 joins, node 2 gives it the idle tables that placement gives it.
    let n2 = Serve::start(&d2, &store).await;
    assert_eq!(
        health(n2.addr).await["tables"],
        6,
        "alone, node 2 holds every table"
    );
    let n1 = Serve::start(&d1, &store).await;
    let all = [1, 2, 3, 4, 5, 6];
    let (to_n1, to_n2) = (
        placed(1..=6, &["n1", "n2"], "n1"),
        placed(1..=6, &["n1", "n2"], "n2"),
    );
    let within = Duration::from_secs(5);
    holds(n1.addr, to_n1.len(), within).await;
    holds(n2.addr, to_n2.len(), within).await;
    // The game is played at one of node 2's tables.
    let t = *to_n2.first().expect("placement gives node 2 a table");

    // Node 1's lobby lists node 2's tables.
    lobby_becomes(n1.addr, "a", &all, Duration::from_secs(10)).await;
    lobby_becomes(n2.addr, "a", &all, Duration::from_secs(10)).await;

    // A lobby watcher on node 1.
    let mut watcher = Client::register(n1.addr, "watcher").await;
    watcher.ok(json!({"t": "lobby", "on": true})).await;
    watcher
        .ws
        .next_where(|m| m["t"] == "lobby", "lobby")
        .await
        .expect("lobby");

    // A bettor connected to both nodes with one session.
    let mut bettor = Client::register(n1.addr, "bettor").await;
    let mut on_n2 = HttpClient::new(n2.addr);
    on_n2.cookie = bettor.http.cookie.clone();
    let mut bettor_n2 = Client {
        ws: connect(n2.addr, &on_n2).await,
        http: on_n2,
        name: "bettor on n2",
        addr: n2.addr,
        user: bettor.user.clone(),
    };

    // Two players start a game at table t, on node 2.
    let mut red = Client::register(n2.addr, "red").await;
    let mut black = Client::register(n2.addr, "black").await;
    for (p, color) in [(&mut red, "red"), (&mut black, "black")] {
        p.ok(json!({"t": "join", "table": t})).await;
        p.ok(json!({"t": "sit", "table": t, "color": color})).await;
    }
    red.ok(json!({"t": "propose", "table": t,
        "control": {"stages": [], "per_move": null, "byoyomi": null, "increment": 0}}))
        .await;
    black
        .ws
        .next_where(
            |m| m["t"] == "ev" && m["e"]["type"] == "control_proposed",
            "control_proposed",
        )
        .await
        .expect("control_proposed");
    black.ok(json!({"t": "accept_control", "table": t})).await;
    for p in [&mut red, &mut black] {
        p.ok(json!({"t": "ready", "table": t, "ready": true})).await;
    }
    let started = red
        .ws
        .next_where(
            |m| m["t"] == "ev" && m["e"]["type"] == "game_started",
            "game_started",
        )
        .await
        .expect("game_started");
    let game_id = started["e"]["game"]["game_id"].as_u64().expect("game id");

    // Node 1's lobby watcher is told that table 4 (node 2's) is playing.
    let change = watcher
        .ws
        .next_where(
            |m| {
                m["t"] == "lobby_table"
                    && m["table"]["id"] == t
                    && m["table"]["status"] == "playing"
            },
            "lobby_table playing",
        )
        .await
        .expect("node 2's table change on node 1");
    assert_eq!(change["table"]["room"], "a");

    // The bettor bets on node 2: the balance reaches both of their connections, once each.
    bettor_n2.ok(json!({"t": "join", "table": t})).await;
    bettor_n2
        .ok(json!({"t": "bet", "table": t, "pick": "red", "amount": 10,
            "key": "cluster-bet-0001", "game_id": game_id}))
        .await;
    let wait = Duration::from_secs(2);
    assert_eq!(balances(&mut bettor.ws, wait).await, vec![190], "on node 1");
    assert_eq!(
        balances(&mut bettor_n2.ws, wait).await,
        vec![190],
        "on node 2"
    );
    let (status, v) = bettor
        .http
        .get("/api/me/ledger?limit=1")
        .await
        .expect("ledger");
    assert_eq!((status, v["balance"].as_i64()), (200, Some(190)), "{v}");

    // Node 2 dies: node 1 takes its tables over once it has been silent for the lease, the
    // game in progress with them.
    n2.kill9();
    let killed = Instant::now();
    let within = Duration::from_millis(LEASE_MS) + Duration::from_secs(3);
    loop {
        let h = health(n1.addr).await;
        if h["tables"] == 6 && h["games_in_progress"] == 1 {
            break;
        }
        assert!(killed.elapsed() < within, "no takeover: {h}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        killed.elapsed() >= Duration::from_millis(LEASE_MS / 2),
        "taken over only after the node fell silent"
    );
    lobby_becomes(n1.addr, "a", &all, Duration::from_secs(3)).await;
    drop(n1);
}

#[tokio::test]
async fn a_second_process_with_a_running_nodes_id_is_refused() {
    let Some(Site {
        nats,
        prefix,
        tmp,
        store,
    }) = site("_twin").await
    else {
        return;
    };
    let rooms = format!("{ROOM_A}1\n");
    let dir = tmp.path().join("n1");
    write_config(&dir, &config("n1", &prefix, &nats, &rooms));
    let n1 = Serve::start(&dir, &store).await;
    let twin = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("serve")
        .arg("--config")
        .arg(dir.join("chuhe.toml"))
        .args(store.args())
        .args(["--listen", "127.0.0.1:0"])
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&twin.stderr);
    assert!(!twin.status.success(), "the twin must not start: {said}");
    assert!(said.contains("in use"), "{said}");
    // The first one is untouched.
    assert_eq!(health(n1.addr).await["node"], "n1");
}
