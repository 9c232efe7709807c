//! Two real `chuhe serve` nodes on one PostgreSQL database (a fresh schema) and NATS (a fresh
//! subject prefix): node 2 owns a table, node 1 has many of its spectators and one of its
//! players. Node 1 keeps one relay of the table: every spectator gets every event in order,
//! and one broker message per event reaches node 1 (counted by a raw NATS subscriber of the
//! test's own), not one per spectator; Red, on node 1, gets each move's event before its
//! `ack`; a spectator that comes back with `join {since}` is caught up from node 1's relay
//! (no `table_state` is sent from node 2); a spectator on node 1 of a table with a spectator
//! delay gets the delayed feed only; after node 2's `kill -9` the spectators are told the
//! table moved and join it again at node 1, which took it over; the relays are gone.
//!
//! Skipped unless `CHUHE_TEST_DATABASE_URL` is set; NATS at `NATS_URL` (default
//! `nats://127.0.0.1:4222`; without `NATS_URL`, skipped when it cannot be reached).

mod common;

use bus::{Broker, Subscription};
use client::ClientError;
use common::cluster::{self, health, holds, placed, site, write_config, Client, Site};
use common::serve::Serve;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const LEASE_MS: u64 = 2_000;

/// Spectators of the table on node 1.
const SPECTATORS: usize = 6;

/// Room `r` (tables 1–6) without a delay, room `d` (tables 7–12) with spectators two plies
/// behind; Red's rooks mate whenever Red likes, until then both sides have quiet moves.
const ROOMS: &str = r#"
[[rooms]]
id = "r"
name = "Relay"
tables = 6
min_coins = 0
time_control = "untimed"
start_fen = "3k5/R8/9/8p/9/9/9/9/9/1R2K4 w - - 0 1"

[[rooms]]
id = "d"
name = "Delayed"
tables = 6
min_coins = 0
time_control = "untimed"
spectator_delay_plies = 2
start_fen = "3k5/R8/9/8p/9/9/9/9/9/1R2K4 w - - 0 1"
"#;

/// Quiet moves (Red's king steps, Black's pawn walks down).
const QUIET: [&str; 8] = [
    "e0e1", "i6i5", "e1e0", "i5i4", "e0e1", "i4i3", "e1e0", "i3i2",
];

fn is_moved(m: &Value, ply: usize) -> bool {
    m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["ply"] == ply
}

/// The messages the subscription has now (after a moment for stragglers), as JSON.
async fn drain(sub: &mut Subscription) -> Vec<Value> {
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mut got = Vec::new();
    while let Some(m) = sub.try_next() {
        got.push(serde_json::from_slice(&m.payload).unwrap_or(Value::Null));
    }
    got
}

/// Joins `table` (with `since`, if given): the messages before the `ack`.
async fn join(p: &mut Client, table: u64, since: Option<(&Value, u64)>) -> Vec<Value> {
    let mut msg = json!({"t": "join", "table": table});
    if let Some((epoch, v)) = since {
        msg["epoch"] = epoch.clone();
        msg["since"] = json!(v);
    }
    p.ok(msg).await
}

/// Seats `red` and `black` at `table` and starts their (untimed) game.
async fn start_game(red: &mut Client, black: &mut Client, table: u64) {
    for (p, color) in [(&mut *red, "red"), (&mut *black, "black")] {
        join(p, table, None).await;
        p.ok(json!({"t": "sit", "table": table, "color": color}))
            .await;
    }
    for p in [&mut *red, &mut *black] {
        p.ok(json!({"t": "ready", "table": table, "ready": true}))
            .await;
    }
    red.ws.event("game_started").await.expect("game_started");
}

/// Plays `moves` from ply `first` on: the mover's event comes before its `ack`.
async fn play(red: &mut Client, black: &mut Client, table: u64, first: usize, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        let ply = first + i;
        let mover = if ply % 2 == 1 { &mut *red } else { &mut *black };
        let before = mover
            .ok(json!({"t": "move", "table": table, "mv": mv}))
            .await;
        assert!(
            before.iter().any(|m| is_moved(m, ply)),
            "{}: ply {ply}'s event comes before its ack: {before:?}",
            mover.name
        );
    }
}

/// Reads `p`'s table events until the `moved` of `ply`: checks their numbers follow each
/// other from `after` on; returns the last number.
async fn events_through(p: &mut Client, table: u64, after: u64, ply: usize) -> u64 {
    events_until(p, table, after, |m| is_moved(m, ply)).await
}

/// Reads `p`'s events of `table` from `after` on until the game started; the last number.
async fn events_through_start(p: &mut Client, table: u64, after: u64) -> u64 {
    events_until(p, table, after, |m| m["e"]["type"] == "game_started").await
}

/// Reads `p`'s events of `table` from `after` on, each numbered one after the last (none lost),
/// until one that `last` accepts; its number.
async fn events_until(
    p: &mut Client,
    table: u64,
    after: u64,
    last: impl Fn(&Value) -> bool,
) -> u64 {
    let mut v = after;
    loop {
        let m =
            p.ws.next_where(|m| m["t"] == "ev" && m["table"] == table, "an event")
                .await
                .unwrap_or_else(|e| panic!("{}: {e}", p.name));
        let n = m["v"].as_u64().expect("v");
        assert_eq!(n, v + 1, "{}: events in order, none lost: {m}", p.name);
        v = n;
        if last(&m) {
            return v;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_on_another_node_share_one_relay() {
    let Some(Site {
        nats,
        prefix,
        tmp,
        store,
    }) = site("_relay").await
    else {
        return;
    };
    let dir = |n: &str| {
        let text = cluster::config(n, &prefix, &nats, LEASE_MS, ROOMS);
        write_config(&tmp.path().join(n), &text)
    };
    let n2 = Serve::start(&dir("n2"), &store).await;
    let n1 = Serve::start(&dir("n1"), &store).await;
    let all = ["n1", "n2"];
    for (addr, node) in [(n1.addr, "n1"), (n2.addr, "n2")] {
        let share = placed(1..=12, &all, node).len();
        holds(addr, share, Duration::from_secs(5)).await;
    }
    let on_n2 = placed(1..=12, &all, "n2");
    let table = *on_n2.iter().find(|t| **t <= 6).expect("a table of n2 in r");
    let delayed = *on_n2.iter().find(|t| **t > 6).expect("a table of n2 in d");

    // A raw subscriber of the test's own counts what node 1 is sent.
    let raw = Broker::connect_nats(&nats, &prefix).await.expect("nats");
    let subjects = raw.subjects();
    let mut to_n1 = raw
        .subscribe(&subjects.node_conns("n1"))
        .await
        .expect("sub");
    let mut events = raw
        .subscribe(&subjects.table_ev(platform::TableId(table)))
        .await
        .expect("sub");

    const NAMES: [&str; SPECTATORS] = ["sp_a", "sp_b", "sp_c", "sp_d", "sp_e", "sp_f"];
    let mut spectators = Vec::new();
    let mut seen = Vec::new();
    let mut epoch = Value::Null;
    for name in NAMES {
        let mut s = Client::register(n1.addr, name).await;
        let before = join(&mut s, table, None).await;
        let state = before
            .iter()
            .find(|m| m["t"] == "table_state")
            .unwrap_or_else(|| panic!("{name}: table_state before the join's ack"));
        seen.push(state["v"].as_u64().expect("v"));
        epoch = state["epoch"].clone();
        spectators.push(s);
    }
    assert_eq!(
        health(n1.addr).await["relays"],
        1,
        "one relay for the table"
    );

    let mut red = Client::register(n1.addr, "red_n1").await;
    let mut black = Client::register(n2.addr, "black_n2").await;
    start_game(&mut red, &mut black, table).await;
    for (s, v) in spectators.iter_mut().zip(seen.iter_mut()) {
        *v = events_through_start(s, table, *v).await;
    }
    drain(&mut to_n1).await;
    let before_moves = drain(&mut events).await.len();
    assert!(
        before_moves > 0,
        "events are published on the table's subject"
    );

    play(&mut red, &mut black, table, 1, &QUIET[..6]).await;
    for (s, v) in spectators.iter_mut().zip(seen.iter_mut()) {
        *v = events_through(s, table, *v, 6).await;
    }
    let notes = drain(&mut to_n1).await;
    let published = drain(&mut events).await;
    assert_eq!(published.len(), 6, "one message per event: {published:?}");
    assert!(
        notes.iter().all(|n| n["msg"]["t"] != "ev"),
        "no event goes to node 1 connection by connection: {notes:?}"
    );
    // Red's three acks (and nothing per spectator).
    assert!(
        notes.len() <= 3,
        "{} notes to node 1: {notes:?}",
        notes.len()
    );

    // A spectator misses two moves and comes back with `since`: node 1's relay answers.
    let last = seen[0];
    spectators[0].reconnect().await;
    play(&mut red, &mut black, table, 7, &QUIET[6..]).await;
    let before = join(&mut spectators[0], table, Some((&epoch, last))).await;
    assert!(
        before.iter().all(|m| m["t"] != "table_state"),
        "caught up without a table_state: {before:?}"
    );
    assert!(before.iter().any(|m| is_moved(m, 7)) && before.iter().any(|m| is_moved(m, 8)));
    let notes = drain(&mut to_n1).await;
    assert!(
        notes.iter().all(|n| n["msg"]["t"] != "table_state"),
        "node 2 sent no table_state: {notes:?}"
    );

    // The delayed feed: a spectator on node 1 sees each ply two plies late.
    let mut red_d = Client::register(n2.addr, "red_d").await;
    let mut black_d = Client::register(n2.addr, "black_d").await;
    let mut watcher = Client::register(n1.addr, "sp_delay").await;
    let before = join(&mut watcher, delayed, None).await;
    let state = before
        .iter()
        .find(|m| m["t"] == "table_state")
        .expect("state");
    assert_eq!(
        state["state"]["spectator_delay"]["delayed"], true,
        "{state}"
    );
    start_game(&mut red_d, &mut black_d, delayed).await;
    play(&mut red_d, &mut black_d, delayed, 1, &QUIET[..4]).await;
    watcher
        .ws
        .next_where(|m| is_moved(m, 2) && m["table"] == delayed, "ply 2")
        .await
        .expect("ply 2 released after ply 4");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let quiet = Duration::from_millis(300);
    while let Ok(Ok(m)) = tokio::time::timeout(quiet, watcher.ws.next()).await {
        assert!(!is_moved(&m, 3) && !is_moved(&m, 4), "live ply leaked: {m}");
    }

    // The owner dies: node 1 takes the table over, its spectators join it there.
    n2.kill9();
    let until = Instant::now() + Duration::from_millis(LEASE_MS) + Duration::from_secs(3);
    for s in spectators.iter_mut().chain([&mut red, &mut watcher]) {
        loop {
            match s.ws.next().await {
                Err(ClientError::Closed) => break,
                Err(ClientError::Timeout(_)) | Ok(_) => {}
                Err(e) => panic!("{}: {e}", s.name),
            }
            assert!(
                Instant::now() < until,
                "{}: not told the table moved",
                s.name
            );
        }
        s.reconnect().await;
    }
    holds(n1.addr, 12, Duration::from_secs(5)).await;
    for s in &mut spectators {
        let before = join(s, table, None).await;
        let state = before
            .iter()
            .find(|m| m["t"] == "table_state")
            .expect("state");
        assert_eq!(state["state"]["game"]["moves"], json!(QUIET), "{state}");
    }
    assert_eq!(health(n1.addr).await["relays"], 0, "no relay left");
}
