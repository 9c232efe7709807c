//! Three real `chuhe serve` nodes on one PostgreSQL database (a fresh schema) and NATS (a fresh
//! subject prefix): node 3 starts first and holds every table until the others join and it
//! releases to them the idle tables that placement gives them. Red connected to node 1 and
//! Black to node 2 play a table that node 3 owns
//! (every command a request to node 3, every event relayed back, events before their `ack`);
//! node 3 is killed with SIGKILL; within the lease plus 3 s both players, reconnecting to their
//! own nodes, see the table again with every move and clock (one of nodes 1 and 2 took it
//! over); then Red's own node 1 is killed as well and Red, connecting to node 2 with the same
//! session, plays on to mate: one game record, one rating change each, `chuhe ledger check`
//! clean. A second test restarts NATS itself (a `nats-server` of its own) during a game played
//! across two nodes.
//!
//! Skipped unless `CHUHE_TEST_DATABASE_URL` is set; NATS at `NATS_URL` (default
//! `nats://127.0.0.1:4222`; without `NATS_URL`, skipped when it cannot be reached).

mod common;

use client::{ClientError, HttpClient};
use common::cluster::{
    self, fresh_prefix, health, holds, placed, site, write_config, Client, Site,
};
use common::serve::{Serve, Store};
use common::tournament::assert_ledger_clean;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const LEASE_MS: u64 = 2_000;

/// Red's rooks mate on b9 whenever Red likes; until then both sides have quiet moves. The `qq`
/// profile rates the first game of two new players.
const ROOMS: &str = r#"
[[rooms]]
id = "m"
name = "Mate"
tables = 12
min_coins = 0
time_control = "untimed"
start_fen = "3k5/R8/9/8p/9/9/9/9/9/1R2K4 w - - 0 1"
"#;

/// Ten quiet moves (Red's king steps, Black's pawn walks down), then Red mates.
const QUIET: [&str; 10] = [
    "e0e1", "i6i5", "e1e0", "i5i4", "e0e1", "i4i3", "e1e0", "i3i2", "e0e1", "i2i1",
];
const MATE: &str = "b0b9";

fn node_config(node: &str, prefix: &str, nats: &str) -> String {
    let text = cluster::config(node, prefix, nats, LEASE_MS, ROOMS);
    format!("rating_profile = \"qq\"\n{text}")
}

fn is_moved(m: &Value, ply: usize) -> bool {
    m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["ply"] == ply
}

/// Waits until `p`'s socket is closed by its node (the table moved), then connects again and
/// joins: the table's state.
async fn back_at_the_table(p: &mut Client, table: u64, until: Instant) -> Value {
    loop {
        match p.ws.next().await {
            Err(ClientError::Closed) => break,
            Err(ClientError::Timeout(_)) | Ok(_) => {}
            Err(e) => panic!("{}: {e}", p.name),
        }
        assert!(
            Instant::now() < until,
            "{}: not told the table moved",
            p.name
        );
    }
    p.reconnect().await;
    let before = p.ok(json!({"t": "join", "table": table})).await;
    let state = before
        .into_iter()
        .find(|m| m["t"] == "table_state")
        .unwrap_or_else(|| panic!("{}: no table_state before the join's ack", p.name));
    assert!(Instant::now() < until, "{}: back too late", p.name);
    state["state"].clone()
}

fn game_time(clock: &Value, color: &str) -> u64 {
    clock[color]["game_time"].as_u64().expect("a timed clock")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_across_three_nodes_survives_its_owners_kill9() {
    let Some(Site {
        nats,
        prefix,
        tmp,
        store,
    }) = site("_three").await
    else {
        return;
    };
    let dir = |n: &str| write_config(&tmp.path().join(n), &node_config(n, &prefix, &nats));
    // Node 3 first: alone, it claims every table; as the others join it releases to them the
    // idle tables that placement gives them.
    let n3 = Serve::start(&dir("n3"), &store).await;
    assert_eq!(health(n3.addr).await["tables"], 12);
    let n1 = Serve::start(&dir("n1"), &store).await;
    let n2 = Serve::start(&dir("n2"), &store).await;
    let all = ["n1", "n2", "n3"];
    for (addr, node) in [(n1.addr, "n1"), (n2.addr, "n2"), (n3.addr, "n3")] {
        holds(
            addr,
            placed(1..=12, &all, node).len(),
            Duration::from_secs(5),
        )
        .await;
    }
    let table = *placed(1..=12, &all, "n3")
        .first()
        .expect("placement gives node 3 a table");

    let mut red = Client::register(n1.addr, "red_n1").await;
    let mut black = Client::register(n2.addr, "black_n2").await;
    for (p, color) in [(&mut red, "red"), (&mut black, "black")] {
        let before = p.ok(json!({"t": "join", "table": table})).await;
        assert!(
            before.iter().any(|m| m["t"] == "table_state"),
            "{}: the state comes before the join's ack: {before:?}",
            p.name
        );
        p.ok(json!({"t": "sit", "table": table, "color": color}))
            .await;
    }
    let control = json!({"stages": [{"time": 600_000, "moves": 0}], "per_move": null,
        "byoyomi": null, "increment": 0});
    red.ok(json!({"t": "propose", "table": table, "control": control}))
        .await;
    black
        .ws
        .event("control_proposed")
        .await
        .expect("control_proposed");
    black
        .ok(json!({"t": "accept_control", "table": table}))
        .await;
    for p in [&mut red, &mut black] {
        p.ok(json!({"t": "ready", "table": table, "ready": true}))
            .await;
    }
    let started = red.ws.event("game_started").await.expect("game_started");
    let game_id = started["e"]["game"]["game_id"].clone();

    let mut last = Value::Null;
    for (i, mv) in QUIET.iter().enumerate() {
        let ply = i + 1;
        let (mover, other) = if i % 2 == 0 {
            (&mut red, &mut black)
        } else {
            (&mut black, &mut red)
        };
        let before = mover
            .ok(json!({"t": "move", "table": table, "mv": mv}))
            .await;
        assert!(
            before.iter().any(|m| is_moved(m, ply)),
            "{}: ply {ply}'s event comes before its ack",
            mover.name
        );
        last = other
            .ws
            .next_where(|m| is_moved(m, ply), "moved")
            .await
            .expect("the other player sees the move")["e"]
            .clone();
    }
    let (red_before, black_before) = (
        game_time(&last["clock"], "red"),
        game_time(&last["clock"], "black"),
    );

    n3.kill9();
    let until = Instant::now() + Duration::from_millis(LEASE_MS) + Duration::from_secs(3);
    for p in [&mut red, &mut black] {
        let state = back_at_the_table(p, table, until).await;
        let game = &state["game"];
        assert_eq!(game["game_id"], game_id, "{state}");
        assert_eq!(game["moves"], json!(QUIET), "{}: {game}", p.name);
        assert!(game["end"].is_null(), "{game}");
        // Red was on move: charged at most until node 3's last beat; Black not at all.
        assert!(game_time(&game["clock"], "red") <= red_before, "{game}");
        assert!(red_before - game_time(&game["clock"], "red") < LEASE_MS + 3_000);
        assert_eq!(game_time(&game["clock"], "black"), black_before, "{game}");
    }
    let within = Instant::now() + Duration::from_secs(3);
    loop {
        let mut held = 0;
        for addr in [n1.addr, n2.addr] {
            held += health(addr).await["tables"].as_u64().unwrap_or(0);
        }
        if held == 12 {
            break;
        }
        assert!(
            Instant::now() < within,
            "nodes 1 and 2 hold {held} of 12 tables"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Red's own node dies too: Red connects to node 2 with the same session and plays on
    // (node 2 takes node 1's tables, if it had any, within the lease).
    n1.kill9();
    red.addr = n2.addr;
    red.reconnect().await;
    black.reconnect().await;
    let until = Instant::now() + Duration::from_millis(LEASE_MS) + Duration::from_secs(3);
    for p in [&mut red, &mut black] {
        let before = p.ok(json!({"t": "join", "table": table})).await;
        let state = before
            .iter()
            .find(|m| m["t"] == "table_state")
            .expect("table_state");
        assert_eq!(state["state"]["game"]["moves"], json!(QUIET), "{state}");
    }
    assert!(Instant::now() < until, "back at the table in time");
    holds(n2.addr, 12, Duration::from_secs(5)).await;

    let before = red
        .ok(json!({"t": "move", "table": table, "mv": MATE}))
        .await;
    assert!(before.iter().any(|m| is_moved(m, QUIET.len() + 1)));
    for p in [&mut red, &mut black] {
        let end = p.ws.event("game_ended").await.expect("game_ended");
        assert_eq!(end["e"]["end"]["result"], "1-0", "{end}");
        assert_eq!(end["e"]["end"]["reason"], "checkmate", "{end}");
    }

    // One record, one rating change each, read from either node.
    let http = HttpClient::new(n2.addr);
    let (_, record) = http
        .get(&format!("/api/games/{game_id}"))
        .await
        .expect("record");
    assert_eq!(record["game"]["status"], "finished", "{record}");
    assert_eq!(
        record["game"]["moves"].as_array().map(Vec::len),
        Some(QUIET.len() + 1)
    );
    for p in [&red, &black] {
        let (name, id) = (p.name, p.user["id"].clone());
        let (_, games) = HttpClient::new(n2.addr)
            .get(&format!("/api/users/{id}/games"))
            .await
            .expect("games");
        assert_eq!(games["games"].as_array().map(Vec::len), Some(1), "{games}");
        let (_, ratings) = http
            .get(&format!("/api/users/{id}/ratings"))
            .await
            .expect("ratings");
        assert_eq!(
            ratings["points"].as_array().map(Vec::len),
            Some(1),
            "{name}: {ratings}"
        );
    }
    drop(n2);
    assert_ledger_clean(&store);
}

/// NATS itself dies during a game whose players are on two nodes and restarts on the same
/// port: the nodes reconnect and subscribe again, and the game goes on — a move sent while the
/// broker is away is retried until it is back and acknowledged once, events still before acks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_across_nodes_survives_a_nats_restart() {
    if !cluster::has_database() {
        return;
    }
    let port = cluster::free_port();
    let Some(nats) = cluster::OwnNats::start(port).await else {
        eprintln!("skipping: no nats-server on PATH");
        return;
    };
    let url = nats.url();
    let prefix = fresh_prefix();
    let tmp = tempfile::tempdir().expect("tmp");
    let store = Store::tagged(tmp.path(), "_natsdown").await;
    let dir = |n: &str| write_config(&tmp.path().join(n), &node_config(n, &prefix, &url));
    let n2 = Serve::start(&dir("n2"), &store).await;
    let n1 = Serve::start(&dir("n1"), &store).await;
    let both = ["n1", "n2"];
    for (addr, node) in [(n1.addr, "n1"), (n2.addr, "n2")] {
        holds(
            addr,
            placed(1..=12, &both, node).len(),
            Duration::from_secs(5),
        )
        .await;
    }
    let table = *placed(1..=12, &both, "n2").first().expect("a table on n2");

    // Red on node 1 plays node 2's table remotely; Black is on node 2.
    let mut red = Client::register(n1.addr, "red_nats").await;
    let mut black = Client::register(n2.addr, "black_nats").await;
    for (p, color) in [(&mut red, "red"), (&mut black, "black")] {
        p.ok(json!({"t": "join", "table": table})).await;
        p.ok(json!({"t": "sit", "table": table, "color": color}))
            .await;
    }
    for p in [&mut red, &mut black] {
        p.ok(json!({"t": "ready", "table": table, "ready": true}))
            .await;
    }
    red.ws.event("game_started").await.expect("game_started");
    red.ok(json!({"t": "move", "table": table, "mv": QUIET[0]}))
        .await;
    black
        .ok(json!({"t": "move", "table": table, "mv": QUIET[1]}))
        .await;
    red.ws
        .next_where(|m| is_moved(m, 2), "moved 2")
        .await
        .expect("Red sees Black's move");

    // NATS dies and comes back on the same port a second later.
    drop(nats);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let _nats = cluster::OwnNats::start(port)
        .await
        .expect("nats-server again");

    let before = red
        .ok(json!({"t": "move", "table": table, "mv": QUIET[2]}))
        .await;
    assert!(
        before.iter().any(|m| is_moved(m, 3)),
        "the event before the ack"
    );
    black
        .ws
        .next_where(|m| is_moved(m, 3), "moved 3")
        .await
        .expect("Black sees Red's move made over the restarted broker");
    black
        .ok(json!({"t": "move", "table": table, "mv": QUIET[3]}))
        .await;
    red.ws
        .next_where(|m| is_moved(m, 4), "moved 4")
        .await
        .expect("Red sees Black's move");

    // Red's connection (on node 1) closes: at node 2's table Red counts as gone.
    red.ws.close().await;
    let gone = black
        .ws
        .event("disconnected")
        .await
        .expect("Black is told Red's connection dropped");
    assert_eq!(gone["e"]["color"], "red", "{gone}");
    drop((n1, n2));
}
