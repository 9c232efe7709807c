//! One seek desk per site (docs/scale.md, "The seek desk"): two real `chuhe serve` nodes on one
//! PostgreSQL database (a fresh schema) and NATS (a fresh subject prefix). Node 1, started
//! first, runs the desk; a quick seek from a player on node 1 and one from a player on node 2
//! pair, both are told the same table with opposite colours, and the game runs there (the
//! player on the other node joins it remotely). Node 1 is killed with SIGKILL: node 2 takes
//! the desk over, and two players who seek there are paired. And: an open seek made at the
//! desk shows in the other node's lobby (and goes from it when cancelled), and a player in a
//! game at the other node's table may not seek at the desk (`already_playing`). And: a room
//! whose only table lives on node 2 still pairs seekers at node 1's desk (node 2 seats them).
//!
//! Skipped unless `CHUHE_TEST_DATABASE_URL` is set; NATS at `NATS_URL` (default
//! `nats://127.0.0.1:4222`; without `NATS_URL`, skipped when it cannot be reached).

mod common;

use client::ClientError;
use common::cluster::{self, holds, placed, site, stand_ins, write_config, Client, Site};
use common::serve::Serve;
use serde_json::{json, Value};
use std::time::Duration;

const LEASE_MS: u64 = 2_000;

const ROOM_A: &str = "[[rooms]]\nid = \"a\"\nname = \"A\"\ntables = 6\n";

fn quick() -> Value {
    quick_in("a")
}

fn quick_in(room: &str) -> Value {
    let control = json!({"stages": [{"time": 300_000, "moves": 0}], "per_move": null, "byoyomi": null, "increment": 0});
    json!({"t": "seek", "room": room, "control": control, "rated": true, "kind": "quick"})
}

/// `c`'s `seek_paired`: its table and colour.
async fn paired(c: &mut Client) -> (u64, String) {
    let m =
        c.ws.next_where(|m| m["t"] == "seek_paired", "seek_paired")
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
    (
        m["table"].as_u64().expect("table"),
        m["color"].as_str().expect("color").to_owned(),
    )
}

/// Seeks with `a` then `b` until both are paired (a seek sent while the desk moves may be
/// answered `unavailable`: the player seeks again); the table both were told.
async fn pair(a: &mut Client, b: &mut Client) -> u64 {
    for c in [&mut *a, &mut *b] {
        let mut tries = 0;
        while let Err(e) = c.ws.call(quick()).await {
            tries += 1;
            assert!(tries < 10, "{}: {e}", c.name);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
    let (ta, ca) = paired(a).await;
    let (tb, cb) = paired(b).await;
    assert_eq!(ta, tb, "one table for the pair");
    assert_ne!(ca, cb, "opposite colours");
    ta
}

/// Two nodes of a fresh site (`None`: no database or NATS here); node 1 is started first and
/// claims the desk on its first beat. The site must outlive the nodes.
async fn two_nodes(tag: &str) -> Option<(Site, Serve, Serve)> {
    two_nodes_with(tag, ROOM_A).await
}

/// [`two_nodes`] with the rooms `rooms`.
async fn two_nodes_with(tag: &str, rooms: &str) -> Option<(Site, Serve, Serve)> {
    let site = site(tag).await?;
    let dir = |n: &str| {
        let d = site.tmp.path().join(n);
        write_config(
            &d,
            &cluster::config(n, &site.prefix, &site.nats, LEASE_MS, rooms),
        );
        d
    };
    let (d1, d2) = (dir("n1"), dir("n2"));
    let n1 = Serve::start(&d1, &site.store).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let n2 = Serve::start(&d2, &site.store).await;
    Some((site, n1, n2))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_nodes_are_paired_by_the_one_desk() {
    let Some((_site, n1, n2)) = two_nodes("cs").await else {
        return;
    };

    let mut a = Client::register(n1.addr, "seek_a").await;
    let mut b = Client::register(n2.addr, "seek_b").await;
    let table = pair(&mut a, &mut b).await;
    // The game runs at that table, whichever node holds it.
    for c in [&mut a, &mut b] {
        c.ok(json!({"t": "join", "table": table})).await;
    }

    // The desk's node dies: node 2 runs the desk (and every table) once the lease is over.
    n1.kill9();
    holds(
        n2.addr,
        6,
        Duration::from_millis(LEASE_MS) + Duration::from_secs(3),
    )
    .await;
    let mut c = Client::register(n2.addr, "seek_c").await;
    let mut d = Client::register(n2.addr, "seek_d").await;
    let again = pair(&mut c, &mut d).await;
    assert_ne!(again, table, "the first pair's table is busy");
    drop(n2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_desks_seeks_show_everywhere_and_it_knows_games_on_other_nodes() {
    let Some((_site, n1, n2)) = two_nodes("cl").await else {
        return;
    };
    let to_n2 = placed(1..=6, &["n1", "n2"], "n2");
    holds(n2.addr, to_n2.len(), Duration::from_secs(5)).await;
    let t = *to_n2.first().expect("placement gives node 2 a table");

    // An open seek made on node 1 (the desk's) is listed by node 2's lobby, then unlisted.
    let mut w2 = Client::register(n2.addr, "lobby_w2").await;
    w2.ok(json!({"t": "lobby", "on": true})).await;
    let mut opener = Client::register(n1.addr, "opener").await;
    let mut open = quick();
    open["kind"] = json!("open");
    opener.ok(open).await;
    let listed = w2
        .ws
        .next_where(
            |m| m["t"] == "lobby_seeks" && m["seeks"].as_array().is_some_and(|s| !s.is_empty()),
            "the open seek in node 2's lobby",
        )
        .await
        .expect("relayed seek list");
    assert_eq!(listed["room"], "a");
    assert_eq!(listed["seeks"][0]["user"]["name"], "opener");
    assert_eq!(listed["seeks"][0]["kind"], "open");
    let seek = listed["seeks"][0]["id"].clone();
    opener.ok(json!({"t": "seek_cancel", "seek": seek})).await;
    let emptied = w2
        .ws
        .next_where(
            |m| m["t"] == "lobby_seeks" && m["seeks"] == json!([]),
            "the emptied list in node 2's lobby",
        )
        .await
        .expect("relayed empty list");
    assert!(emptied["v"].as_u64() > listed["v"].as_u64(), "{emptied}");

    // A game at node 2's table t; node 1's lobby learns it is playing.
    let mut w1 = Client::register(n1.addr, "lobby_w1").await;
    w1.ok(json!({"t": "lobby", "on": true})).await;
    let mut red = Client::register(n2.addr, "busy_red").await;
    let mut black = Client::register(n2.addr, "busy_black").await;
    for (p, color) in [(&mut red, "red"), (&mut black, "black")] {
        p.ok(json!({"t": "join", "table": t})).await;
        p.ok(json!({"t": "sit", "table": t, "color": color})).await;
    }
    for p in [&mut red, &mut black] {
        p.ok(json!({"t": "ready", "table": t, "ready": true})).await;
    }
    red.ws
        .event("game_started")
        .await
        .expect("the game at node 2's table");
    w1.ws
        .next_where(
            |m| {
                m["t"] == "lobby_table"
                    && m["table"]["id"] == t
                    && m["table"]["status"] == "playing"
            },
            "node 2's game in node 1's lobby",
        )
        .await
        .expect("lobby_table playing");

    // Red, playing at node 2, seeks: the desk on node 1 refuses.
    match red.ws.call(quick()).await {
        Err(ClientError::Refused(m)) => assert_eq!(m["code"], "already_playing", "{m}"),
        other => panic!("a player in a game on another node sought: {other:?}"),
    }
    // The desk's node kept a stand-in for Red's connection; it goes when the connection does.
    let short = Duration::from_secs(5);
    stand_ins(n1.addr, 1, short).await;
    red.ws.close().await;
    stand_ins(n1.addr, 0, short).await;
    drop(n2);
    drop(n1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_whose_only_table_lives_on_another_node_still_pairs() {
    // Room "a" gets k tables and room "b" one, table k + 1, which placement gives node 2.
    let k = (1..=32u64)
        .find(|k| !placed(k + 1..=k + 1, &["n1", "n2"], "n2").is_empty())
        .expect("some table goes to node 2");
    let rooms = format!(
        "[[rooms]]\nid = \"a\"\nname = \"A\"\ntables = {k}\n\n\
         [[rooms]]\nid = \"b\"\nname = \"B\"\ntables = 1\n"
    );
    let Some((_site, n1, n2)) = two_nodes_with("cb", &rooms).await else {
        return;
    };
    let on_n2 = placed(1..=k + 1, &["n1", "n2"], "n2").len();
    holds(n2.addr, on_n2, Duration::from_secs(5)).await;
    // Node 2's summary of its table has reached node 1's lobby.
    let mut w1 = Client::register(n1.addr, "lobby_b1").await;
    w1.ok(json!({"t": "lobby", "on": true})).await;
    let b = k + 1;
    let mut tries = 0;
    loop {
        let lobby = w1.ws.call(json!({"t": "lobby", "on": true})).await;
        if lobby.is_ok_and(|m| json!(m).to_string().contains(&format!("\"id\":{b}"))) {
            break;
        }
        tries += 1;
        assert!(
            tries < 50,
            "node 2's table {b} never reached node 1's lobby"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Two players on node 1 (the desk's node, which holds no table of room b) seek there.
    let mut x = Client::register(n1.addr, "seek_bx").await;
    let mut y = Client::register(n1.addr, "seek_by").await;
    x.ok(quick_in("b")).await;
    y.ok(quick_in("b")).await;
    let (tx, cx) = paired(&mut x).await;
    let (ty, cy) = paired(&mut y).await;
    assert_eq!((tx, ty), (b, b), "seated at node 2's table");
    assert_ne!(cx, cy);
    // The game runs there: both join it remotely and Red moves.
    for c in [&mut x, &mut y] {
        let state = c.ok(json!({"t": "join", "table": b})).await;
        assert!(json!(state).to_string().contains("seek_b"), "{state:?}");
    }
    let red = if cx == "red" { &mut x } else { &mut y };
    red.ok(json!({"t": "move", "table": b, "mv": "h2e2"})).await;
    drop(n2);
    drop(n1);
}
