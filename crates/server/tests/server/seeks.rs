//! Quick pairing, open seeks and challenges over real sockets: compatible controls pair and the
//! game runs at a table of the room, incompatible ones do not, the rating window widens, no
//! self-pairing, a cancelled seek never pairs, two accepts of one seek pair once, the room's coin
//! gate refuses, a challenge is for its player only, a link needs its key, and a room without a
//! free table says so.

use crate::common::{minutes, test_config, Player, TestDb, TestServer};
use serde_json::{json, Value};
use server::config::RoomConfig;
use std::net::SocketAddr;
use std::time::Duration;

fn quick(control: Value) -> Value {
    json!({"t": "seek", "room": "std", "control": control, "rated": true, "kind": "quick"})
}

async fn waiting(p: &mut Player) -> Value {
    p.ws.next_where(|m| m["t"] == "seek_waiting", "seek_waiting")
        .await
        .unwrap_or_else(|e| panic!("{}: {e}", p.name))
}

async fn paired(p: &mut Player) -> Value {
    p.ws.next_where(|m| m["t"] == "seek_paired", "seek_paired")
        .await
        .unwrap_or_else(|e| panic!("{}: {e}", p.name))
}

/// Whether a `seek_paired` reaches `p` within `ms`.
async fn pairs_within(p: &mut Player, ms: u64) -> bool {
    tokio::time::timeout(
        Duration::from_millis(ms),
        p.ws.next_where(|m| m["t"] == "seek_paired", "seek_paired"),
    )
    .await
    .is_ok_and(|r| r.is_ok())
}

async fn players(addr: SocketAddr, names: &[&str]) -> Vec<Player> {
    let mut out = Vec::new();
    for n in names {
        out.push(Player::register(addr, n).await);
    }
    out
}

#[tokio::test]
async fn two_quick_seeks_of_one_control_pair_and_the_game_runs() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut ps = players(srv.addr, &["qa", "qb", "qwatch"]).await;
    let mut w = ps.pop().unwrap();
    let mut b = ps.pop().unwrap();
    let mut a = ps.pop().unwrap();
    w.ok(json!({"t": "lobby", "on": true})).await;
    a.ok(quick(minutes(5))).await;
    let seek = waiting(&mut a).await;
    assert_eq!(seek["seek"]["kind"], "quick");
    assert_eq!(seek["window"], 100);
    let listed =
        w.ws.next_where(
            |m| m["t"] == "lobby_seeks" && m["seeks"].as_array().is_some_and(|s| !s.is_empty()),
            "lobby_seeks",
        )
        .await
        .unwrap();
    assert_eq!(listed["room"], "std");
    assert_eq!(listed["seeks"][0]["user"]["name"], "qa");

    b.ok(quick(minutes(5))).await;
    let pa = paired(&mut a).await;
    let pb = paired(&mut b).await;
    assert_eq!(pa["table"], pb["table"]);
    assert_ne!(pa["color"], pb["color"]);
    let table = pa["table"].as_u64().unwrap();
    let (mut red, mut black) = if pa["color"] == "red" { (a, b) } else { (b, a) };
    red.ok(json!({"t": "join", "table": table})).await;
    black.ok(json!({"t": "join", "table": table})).await;
    let state = red
        .ws
        .next_where(|m| m["t"] == "table_state", "table_state")
        .await
        .unwrap();
    let game = &state["state"]["game"];
    assert_eq!(game["red"]["name"], red.name.as_str());
    assert_eq!(game["black"]["name"], black.name.as_str());
    assert_eq!(game["control"], minutes(5));
    red.mv(table, "h2e2").await;
    let moved = black.event("moved").await;
    assert_eq!(moved["mv"], "h2e2");
    // The pair's seeks are gone from the lobby.
    w.ws.next_where(
        |m| m["t"] == "lobby_seeks" && m["seeks"].as_array().is_some_and(Vec::is_empty),
        "empty lobby_seeks",
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn incompatible_controls_and_ones_own_seeks_do_not_pair() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut ps = players(srv.addr, &["ia", "ib"]).await;
    let mut b = ps.pop().unwrap();
    let mut a = ps.pop().unwrap();
    a.ok(quick(minutes(5))).await;
    b.ok(quick(minutes(3))).await;
    waiting(&mut b).await;
    // Unrated against rated does not pair either.
    let mut unrated = quick(minutes(5));
    unrated["rated"] = json!(false);
    b.ok(unrated).await;
    assert!(!pairs_within(&mut a, 1_500).await);
    assert!(!pairs_within(&mut b, 10).await);

    // No self-pairing: the same quick seek again is refused; another of one's own seeks waits.
    assert_eq!(a.refused(quick(minutes(5))).await, "already_seeking");
    a.ok(json!({"t": "seek", "room": "std", "control": minutes(7), "rated": true, "kind": "open"}))
        .await;
    let open =
        a.ws.next_where(
            |m| m["t"] == "seek_waiting" && m["seek"]["kind"] == "open",
            "open seek",
        )
        .await
        .unwrap()["seek"]["id"]
            .clone();
    assert_eq!(
        a.refused(json!({"t": "seek_accept", "seek": open})).await,
        "own_seek"
    );
    let mut red = quick(minutes(3));
    red["color"] = json!("red");
    a.ok(red).await;
    // … and the red 3+0 pairs with b's 3+0, never with a's own 5+0.
    assert!(pairs_within(&mut a, 2_000).await);
}

#[tokio::test]
async fn the_rating_window_widens_until_the_pair_forms() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.seeks.window_start = 50;
    config.seeks.window_step = 50;
    config.seeks.widen_every_ms = 150;
    config.seeks.sweep_ms = 50;
    let srv = TestServer::start_with(config).await;
    let mut ps = players(srv.addr, &["wa", "wb"]).await;
    let mut b = ps.pop().unwrap();
    let mut a = ps.pop().unwrap();
    db.execute("UPDATE users SET rating = 1700 WHERE name = 'wa'")
        .await;
    a.reconnect(srv.addr).await;
    a.ok(quick(minutes(5))).await;
    let first = waiting(&mut a).await;
    assert_eq!(first["window"], 50);
    assert_eq!(first["seek"]["user"]["rating"], 1700);
    b.ok(quick(minutes(5))).await;
    // 300 points apart: the pair forms once both windows reach 300, after 5 widenings.
    let mut windows = vec![50];
    loop {
        let m =
            a.ws.next_where(
                |m| m["t"] == "seek_waiting" || m["t"] == "seek_paired",
                "window or pair",
            )
            .await
            .unwrap();
        if m["t"] == "seek_paired" {
            break;
        }
        windows.push(m["window"].as_u64().unwrap());
    }
    assert!(windows.windows(2).all(|w| w[0] < w[1]), "{windows:?}");
    assert!(*windows.last().unwrap() >= 250, "{windows:?}");
    paired(&mut b).await;
}

#[tokio::test]
async fn a_cancelled_seek_never_pairs() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut ps = players(srv.addr, &["ca", "cb", "cc"]).await;
    let mut c = ps.pop().unwrap();
    let mut b = ps.pop().unwrap();
    let mut a = ps.pop().unwrap();
    a.ok(quick(minutes(5))).await;
    let id = waiting(&mut a).await["seek"]["id"].clone();
    assert_eq!(
        b.refused(json!({"t": "seek_cancel", "seek": id})).await,
        "not_yours"
    );
    a.ok(json!({"t": "seek_cancel", "seek": id})).await;
    let gone =
        a.ws.next_where(|m| m["t"] == "seek_gone", "seek_gone")
            .await
            .unwrap();
    assert_eq!(gone["reason"], "cancelled");
    b.ok(quick(minutes(5))).await;
    assert!(!pairs_within(&mut a, 1_200).await);
    assert_eq!(
        c.refused(json!({"t": "seek_accept", "seek": id})).await,
        "seek_not_found"
    );
    // A seek goes when its seeker's last connection closes.
    let bid = waiting(&mut b).await["seek"]["id"].clone();
    b.ws.close().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        c.refused(json!({"t": "seek_accept", "seek": bid})).await,
        "seek_not_found"
    );
}

#[tokio::test]
async fn two_accepts_of_one_seek_pair_exactly_once() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut ps = players(srv.addr, &["sa", "sb", "sc"]).await;
    let mut c = ps.pop().unwrap();
    let mut b = ps.pop().unwrap();
    let mut a = ps.pop().unwrap();
    a.ok(json!({"t": "seek", "room": "std", "control": minutes(10), "rated": true, "kind": "open", "color": "black"}))
        .await;
    let id = waiting(&mut a).await["seek"]["id"].clone();
    let accept = |n: u64| json!({"t": "seek_accept", "seek": id, "id": n});
    b.ws.send(&accept(901)).await.unwrap();
    c.ws.send(&accept(902)).await.unwrap();
    let answer = |n: u64| move |m: &Value| m["id"] == n && (m["t"] == "ack" || m["t"] == "error");
    let rb = b.ws.next_where(answer(901), "answer").await.unwrap();
    let rc = c.ws.next_where(answer(902), "answer").await.unwrap();
    let acks = [&rb, &rc].iter().filter(|r| r["t"] == "ack").count();
    assert_eq!(acks, 1, "{rb} {rc}");
    let loser = if rb["t"] == "error" { &rb } else { &rc };
    assert_eq!(loser["code"], "seek_not_found");
    let pa = paired(&mut a).await;
    assert_eq!(pa["color"], "black");
    let winner = if rb["t"] == "ack" { &mut b } else { &mut c };
    assert_eq!(paired(winner).await["color"], "red");
}

#[tokio::test]
async fn the_rooms_coin_gate_and_a_challenge_for_one_player() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.rooms.push(RoomConfig {
        id: "rich".into(),
        name: "rich".into(),
        tables: 2,
        min_coins: 1_000_000,
        time_control: "untimed".into(),
        ..RoomConfig::new("rich", "rich", 1)
    });
    let srv = TestServer::start_with(config).await;
    let mut ps = players(srv.addr, &["ga", "gb", "gc", "ge"]).await;
    let mut e = ps.pop().unwrap();
    let mut c = ps.pop().unwrap();
    let mut b = ps.pop().unwrap();
    let mut a = ps.pop().unwrap();
    let mut rich = quick(minutes(5));
    rich["room"] = json!("rich");
    assert_eq!(a.refused(rich).await, "not_enough_coins");
    let mut nowhere = quick(minutes(5));
    nowhere["room"] = json!("nowhere");
    assert_eq!(a.refused(nowhere).await, "not_found");

    let challenge = json!({"t": "seek", "room": "std", "control": minutes(5), "rated": true,
        "kind": "challenge", "to": "GB"});
    a.ok(challenge).await;
    let got =
        b.ws.next_where(|m| m["t"] == "challenge", "challenge")
            .await
            .unwrap();
    assert_eq!(got["seek"]["user"]["name"], "ga");
    assert_eq!(got["seek"]["to"], "gb");
    let id = got["seek"]["id"].clone();
    assert_eq!(
        c.refused(json!({"t": "seek_accept", "seek": id})).await,
        "not_for_you"
    );
    assert_eq!(
        a.refused(json!({"t": "seek", "room": "std", "control": minutes(5), "kind": "challenge", "to": "ga"}))
            .await,
        "self_challenge"
    );
    b.ok(json!({"t": "seek_accept", "seek": id})).await;
    paired(&mut a).await;
    paired(&mut b).await;

    // By link: whoever has the link (id and key) accepts; a guest may not take a rated one.
    c.ok(json!({"t": "seek", "room": "std", "control": minutes(3), "rated": true, "kind": "link"}))
        .await;
    let made = waiting(&mut c).await;
    let (link, key) = (made["seek"]["id"].clone(), made["seek"]["key"].clone());
    assert_eq!(key.as_str().map(str::len), Some(32));
    let mut guest = Player::register(srv.addr, "gd").await;
    guest.http = client::HttpClient::new(srv.addr);
    guest.http.guest().await.unwrap();
    let (ws, _) = client::WsClient::connect(srv.addr, guest.http.cookie.as_deref())
        .await
        .unwrap();
    guest.ws = ws;
    // Without its key a link seek is not found; with it, a guest may not take a rated game.
    assert_eq!(
        guest
            .refused(json!({"t": "seek_accept", "seek": link}))
            .await,
        "seek_not_found"
    );
    assert_eq!(
        guest
            .refused(json!({"t": "seek_accept", "seek": link, "key": key}))
            .await,
        "guest_rated"
    );
    // a plays b now: another player takes the link.
    e.ok(json!({"t": "seek_accept", "seek": link, "key": key}))
        .await;
    paired(&mut c).await;
}

#[tokio::test]
async fn with_no_free_table_both_hear_no_free_table() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.rooms.push(RoomConfig {
        id: "one".into(),
        name: "one".into(),
        tables: 1,
        min_coins: 0,
        time_control: "untimed".into(),
        ..RoomConfig::new("rich", "rich", 1)
    });
    let srv = TestServer::start_with(config).await;
    let mut ps = players(srv.addr, &["na", "nb", "nc", "nd"]).await;
    let mut d = ps.pop().unwrap();
    let mut c = ps.pop().unwrap();
    let mut b = ps.pop().unwrap();
    let mut a = ps.pop().unwrap();
    // The room's only table: one player sits, so it is not free.
    c.ok(json!({"t": "lobby", "on": true})).await;
    let snapshot =
        c.ws.next_where(|m| m["t"] == "lobby", "lobby")
            .await
            .unwrap();
    let room = snapshot["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "one")
        .unwrap()
        .clone();
    let table = room["tables"][0]["id"].as_u64().unwrap();
    c.ok(json!({"t": "join", "table": table})).await;
    c.ok(json!({"t": "sit", "table": table, "color": "red"}))
        .await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut one = quick(minutes(5));
    one["room"] = json!("one");
    a.ok(one.clone()).await;
    b.ok(one).await;
    for p in [&mut a, &mut b] {
        let gone =
            p.ws.next_where(|m| m["t"] == "seek_gone", "seek_gone")
                .await
                .unwrap();
        assert_eq!(gone["reason"], "no_free_table");
    }
    // The seeks were dropped: nothing pairs with a new one.
    let mut again = quick(minutes(5));
    again["room"] = json!("one");
    d.ok(again).await;
    assert!(!pairs_within(&mut d, 800).await);
}
