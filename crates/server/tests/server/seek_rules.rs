//! The seek desk's rules beyond pairing: the challenged player declines a challenge (the
//! challenger is told who, the seek is gone); a player in a game cannot seek or accept, and
//! their waiting seeks go when a game of theirs starts elsewhere; a casual pair plays an
//! unrated game and a rated pair a rated one.

use crate::common::{minutes, Player, TestDb, TestServer};
use serde_json::{json, Value};

fn challenge(to: &str) -> Value {
    json!({"t": "seek", "room": "std", "control": minutes(5), "rated": true,
        "kind": "challenge", "to": to})
}

#[tokio::test]
async fn the_challenged_player_declines_and_the_challenger_hears_who() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a = Player::register(srv.addr, "da").await;
    let mut b = Player::register(srv.addr, "db").await;
    let mut c = Player::register(srv.addr, "dc").await;
    a.ok(challenge("db")).await;
    let got =
        b.ws.next_where(|m| m["t"] == "challenge", "challenge")
            .await
            .unwrap();
    let id = got["seek"]["id"].clone();
    // Only the challenged player declines; the challenger cancels instead.
    assert_eq!(
        c.refused(json!({"t": "seek_decline", "seek": id})).await,
        "not_for_you"
    );
    assert_eq!(
        a.refused(json!({"t": "seek_decline", "seek": id})).await,
        "not_for_you"
    );
    b.ok(json!({"t": "seek_decline", "seek": id})).await;
    let gone =
        a.ws.next_where(|m| m["t"] == "seek_gone", "seek_gone")
            .await
            .unwrap();
    assert_eq!(gone["seek"], id);
    assert_eq!(gone["reason"], "declined");
    assert_eq!(gone["by"], "db");
    // Gone: it can be neither accepted nor declined again.
    assert_eq!(
        b.refused(json!({"t": "seek_accept", "seek": id})).await,
        "seek_not_found"
    );
    assert_eq!(
        b.refused(json!({"t": "seek_decline", "seek": id})).await,
        "seek_not_found"
    );
    // An open seek is not declined.
    a.ok(json!({"t": "seek", "room": "std", "control": minutes(5), "rated": true, "kind": "open"}))
        .await;
    let open =
        a.ws.next_where(
            |m| m["t"] == "seek_waiting" && m["seek"]["kind"] == "open",
            "seek_waiting",
        )
        .await
        .unwrap()["seek"]["id"]
            .clone();
    assert_eq!(
        b.refused(json!({"t": "seek_decline", "seek": open})).await,
        "not_for_you"
    );
}

/// The id of the `n`th table of room `std` (from the lobby).
async fn std_table(p: &mut Player, n: usize) -> u64 {
    p.ok(json!({"t": "lobby", "on": true})).await;
    let snapshot =
        p.ws.next_where(|m| m["t"] == "lobby", "lobby")
            .await
            .unwrap();
    let room = snapshot["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "std")
        .unwrap()
        .clone();
    room["tables"][n]["id"].as_u64().unwrap()
}

fn open(control: Value) -> Value {
    json!({"t": "seek", "room": "std", "control": control, "rated": true, "kind": "open"})
}

#[tokio::test]
async fn a_player_in_a_game_neither_seeks_nor_accepts_and_their_seeks_go_when_they_sit_down() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut c = Player::register(srv.addr, "pc").await;
    let mut d = Player::register(srv.addr, "pd").await;
    let mut e = Player::register(srv.addr, "pe").await;
    let table = std_table(&mut e, 0).await;
    // c waits with an open seek, then sits down to a game at a table with d.
    c.ok(open(minutes(5))).await;
    let id =
        c.ws.next_where(|m| m["t"] == "seek_waiting", "seek_waiting")
            .await
            .unwrap()["seek"]["id"]
            .clone();
    crate::common::seat_players(&mut c, &mut d, table, minutes(5)).await;
    // Seated but no game yet: still seeking.
    e.ok(open(minutes(3))).await;
    let eid =
        e.ws.next_where(|m| m["t"] == "seek_waiting", "seek_waiting")
            .await
            .unwrap()["seek"]["id"]
            .clone();
    c.ok(json!({"t": "ready", "table": table, "ready": true}))
        .await;
    d.ok(json!({"t": "ready", "table": table, "ready": true}))
        .await;
    let gone =
        c.ws.next_where(|m| m["t"] == "seek_gone", "seek_gone")
            .await
            .unwrap();
    assert_eq!(gone["seek"], id);
    assert_eq!(gone["reason"], "playing");
    assert_eq!(
        e.refused(json!({"t": "seek_accept", "seek": id})).await,
        "seek_not_found"
    );
    // While the game is in progress neither player seeks or accepts.
    assert_eq!(c.refused(open(minutes(10))).await, "already_playing");
    assert_eq!(
        d.refused(json!({"t": "seek", "room": "std", "control": minutes(3), "rated": true, "kind": "quick"}))
            .await,
        "already_playing"
    );
    assert_eq!(
        d.refused(json!({"t": "seek_accept", "seek": eid})).await,
        "already_playing"
    );
    assert_eq!(c.refused(challenge("pe")).await, "already_playing");
    // Once it ended, they seek again.
    c.ok(json!({"t": "resign", "table": table})).await;
    d.event("game_ended").await;
    d.ok(json!({"t": "seek_accept", "seek": eid})).await;
    let paired =
        e.ws.next_where(|m| m["t"] == "seek_paired", "seek_paired")
            .await
            .unwrap();
    assert_ne!(paired["table"], table);
}

/// `a` and `b` pair by quick seeks of `rated`; both join; red resigns after one exchange.
/// Returns the `table_state` game seen at the start, and the `rated` event.
async fn pair_and_resign(a: &mut Player, b: &mut Player, rated: bool) -> (Value, Value) {
    let seek = json!({"t": "seek", "room": "std", "control": minutes(5), "rated": rated,
        "kind": "quick"});
    a.ok(seek.clone()).await;
    b.ok(seek).await;
    let pa =
        a.ws.next_where(|m| m["t"] == "seek_paired", "seek_paired")
            .await
            .unwrap();
    b.ws.next_where(|m| m["t"] == "seek_paired", "seek_paired")
        .await
        .unwrap();
    let table = pa["table"].as_u64().unwrap();
    let (red, black) = if pa["color"] == "red" { (a, b) } else { (b, a) };
    let state = red.join_state(table).await;
    black.join_state(table).await;
    red.mv(table, "h2e2").await;
    black.event("moved").await;
    black.mv(table, "h9g7").await;
    red.event("moved").await;
    red.ok(json!({"t": "resign", "table": table})).await;
    let rated = black.event("rated").await;
    for p in [red, black] {
        p.ok(json!({"t": "leave", "table": table})).await;
        p.ws.clear();
    }
    (state["state"]["game"].clone(), rated)
}

async fn rating(srv: &TestServer, p: &Player) -> Value {
    let (status, body) = client::HttpClient::new(srv.addr)
        .get(&format!("/api/users/{}", p.user["id"]))
        .await
        .expect("GET");
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn a_casual_pair_plays_an_unrated_game_and_a_rated_pair_a_rated_one() {
    let db = TestDb::new().await;
    let mut config = crate::common::test_config(&db);
    // No provisional period: two new players' game is rated when it is meant to be.
    config.rating_profile = "qq".into();
    let srv = TestServer::start_with(config).await;
    let mut a = Player::register(srv.addr, "ua").await;
    let mut b = Player::register(srv.addr, "ub").await;
    let before = rating(&srv, &a).await["user"]["rating"].clone();

    let (game, rated) = pair_and_resign(&mut a, &mut b, false).await;
    assert_eq!(game["rated"], false, "{game}");
    assert_eq!(rated["rated"], false, "{rated}");
    assert_eq!(rated["why"]["unrated"], "casual", "{rated}");
    assert_eq!(rated["red"]["delta"], 0);
    let me = rating(&srv, &a).await;
    assert_eq!(me["user"]["rating"], before, "{me}");
    assert_eq!(me["user"]["games"], 0, "{me}");
    assert_eq!(me["played"], json!({"rated": 0, "unrated": 1}));

    let (game, rated) = pair_and_resign(&mut a, &mut b, true).await;
    assert_eq!(game["rated"], true, "{game}");
    assert_eq!(rated["rated"], true, "{rated}");
    assert_ne!(rated["red"]["delta"], 0, "{rated}");
    let me = rating(&srv, &a).await;
    assert_ne!(me["user"]["rating"], before, "{me}");
    assert_eq!(me["user"]["games"], 1, "{me}");
    assert_eq!(me["played"], json!({"rated": 1, "unrated": 1}));
}

#[tokio::test]
async fn a_seek_posted_again_after_a_reconnect_is_kept_or_made_anew() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a = Player::register(srv.addr, "ra").await;
    let mut c = Player::register(srv.addr, "rc").await;
    let mut seek = open(minutes(5));
    a.ok(seek.clone()).await;
    let id =
        a.ws.next_where(|m| m["t"] == "seek_waiting", "seek_waiting")
            .await
            .unwrap()["seek"]["id"]
            .clone();
    // A new socket opens before the old one closes: the seek survived; posted again, it is kept.
    a.reconnect(srv.addr).await;
    seek["again"] = id.clone();
    a.ok(seek.clone()).await;
    let told =
        a.ws.next_where(|m| m["t"] == "seek_waiting", "seek_waiting")
            .await
            .unwrap();
    assert_eq!(told["seek"]["id"], id, "{told}");
    // The only socket drops: the seek goes with it; posted again, it is a new seek.
    let Player {
        http,
        ws,
        user,
        name,
        epoch,
    } = a;
    ws.close().await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        c.refused(json!({"t": "seek_accept", "seek": id})).await,
        "seek_not_found"
    );
    let (ws, _) = client::WsClient::connect(srv.addr, http.cookie.as_deref())
        .await
        .expect("ws");
    let mut a = Player {
        http,
        ws,
        user,
        name,
        epoch,
    };
    a.ok(seek).await;
    let anew =
        a.ws.next_where(|m| m["t"] == "seek_waiting", "seek_waiting")
            .await
            .unwrap();
    assert_ne!(anew["seek"]["id"], id, "{anew}");
    c.ok(json!({"t": "seek_accept", "seek": anew["seek"]["id"]}))
        .await;
    a.ws.next_where(|m| m["t"] == "seek_paired", "seek_paired")
        .await
        .unwrap();
}

#[tokio::test]
async fn a_casual_game_stays_casual_after_a_crash() {
    let db = TestDb::new().await;
    let config = || {
        let mut c = crate::common::test_config(&db);
        c.rating_profile = "qq".into();
        c
    };
    let srv = TestServer::start_with(config()).await;
    let mut a = Player::register(srv.addr, "ka").await;
    let mut b = Player::register(srv.addr, "kb").await;
    let seek = json!({"t": "seek", "room": "std", "control": minutes(10), "rated": false,
        "kind": "quick"});
    a.ok(seek.clone()).await;
    b.ok(seek).await;
    let pa =
        a.ws.next_where(|m| m["t"] == "seek_paired", "seek_paired")
            .await
            .unwrap();
    let table = pa["table"].as_u64().unwrap();
    let (mut red, mut black) = if pa["color"] == "red" { (a, b) } else { (b, a) };
    red.join_state(table).await;
    black.join_state(table).await;
    red.mv(table, "h2e2").await;
    black.event("moved").await;
    srv.crash();
    let srv = TestServer::start_with(config()).await;
    red.reconnect(srv.addr).await;
    black.reconnect(srv.addr).await;
    let state = red.join_state(table).await;
    assert_eq!(state["state"]["game"]["ply"], 1);
    assert_eq!(state["state"]["game"]["rated"], false);
    black.join_state(table).await;
    black.mv(table, "h9g7").await;
    red.ok(json!({"t": "resign", "table": table})).await;
    let rated = black.event("rated").await;
    assert_eq!(rated["rated"], false, "{rated}");
    assert_eq!(rated["why"]["unrated"], "casual", "{rated}");
}
