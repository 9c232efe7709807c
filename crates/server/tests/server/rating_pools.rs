//! Rating pools over the real server: a ladder with its own Glicko-2 pool rates its game there
//! (the pool rating, its history and the ladder's places change; the players' site ratings do
//! not, and a restart rates nothing twice), an event with its own pool likewise, and unknown
//! profiles, bad pool names and a pool's second profile are refused (configuration and event
//! creation).

use crate::common::{Player, TestDb, TestServer};
use crate::tournaments::{self, t_ev};
use platform::UserId;
use serde_json::{json, Value};

/// A config with ladder 1 rated in pool `ladder-1` (Glicko-2), reach one place.
fn config(db: &TestDb) -> server::Config {
    let mut c = tournaments::config(db);
    let spec: events::ladder::LadderSpec = serde_json::from_value(json!({
        "id": 1, "name": "Pool Ladder", "time_control": "rapid",
        "reach_places": 1, "reach_percent": 0, "reach_rating_places": 0,
        "rating": {"pool": "ladder-1", "profile": "glicko2"},
    }))
    .unwrap();
    c.ladders = vec![spec];
    c
}

fn id(p: &Player) -> u64 {
    p.user["id"].as_u64().unwrap()
}

async fn get(p: &Player, path: &str) -> Value {
    let (status, v) = p.http.get(path).await.unwrap();
    assert_eq!(status, 200, "{path}: {v}");
    v
}

/// Both players join `table` (seated by a director; the game is on), play two plies and
/// `loser` resigns; returns the `rated` event the loser sees.
async fn play_two_plies(
    red: &mut Player,
    black: &mut Player,
    table: u64,
    red_loses: bool,
) -> Value {
    for p in [&mut *red, &mut *black] {
        p.ws.clear();
        p.ok(json!({"t": "join", "table": table})).await;
    }
    red.mv(table, "h2e2").await;
    black.mv(table, "h9g7").await;
    let loser = if red_loses { red } else { black };
    loser.ok(json!({"t": "resign", "table": table})).await;
    loser.event("rated").await
}

/// The site rating and rated games of `user` as stored.
async fn site_rating(srv: &TestServer, user: u64) -> (f64, u32) {
    let row = srv.db.user(UserId(user)).await.unwrap().unwrap();
    (row.rating.rating, row.rating.games)
}

#[tokio::test]
async fn a_ladder_game_is_rated_in_the_ladder_pool_only() {
    let db = TestDb::new().await;
    let cfg = config(&db);
    let srv = TestServer::start_with(cfg.clone()).await;
    let mut a = Player::register(srv.addr, "pla").await;
    let mut b = Player::register(srv.addr, "plb").await;
    for p in [&mut a, &mut b] {
        let (status, v) = p
            .http
            .post("/api/ladders/1/join", &json!({}))
            .await
            .unwrap();
        assert_eq!(status, 200, "{v}");
    }
    let (ia, ib) = (id(&a), id(&b));
    let site_before = (site_rating(&srv, ia).await, site_rating(&srv, ib).await);
    // The ladder says which pool it rates in; newcomers stand at the pool's initial 1500.
    let v = get(&a, "/api/ladders/1").await;
    let pool = json!({"pool": "ladder-1", "profile": "glicko2"});
    assert_eq!(v["rules"]["rating"], pool, "{v}");
    assert_eq!(get(&a, "/api/ladders").await[0]["rating"], pool);
    assert!(
        v["rungs"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["rating"] == 1500),
        "{v}"
    );

    let (status, v) = b
        .http
        .post("/api/ladders/1/challenge", &json!({"defender": ia}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{v}");
    let table = v["table"].as_u64().unwrap();
    // b challenged: b is Red and resigns, a wins.
    let rated = play_two_plies(&mut b, &mut a, table, true).await;
    assert_eq!(rated["rated"], true, "{rated}");
    assert_eq!(rated["pool"], "ladder-1", "{rated}");
    assert_eq!(rated["red"]["before"], 1500, "{rated}");
    assert!(rated["red"]["delta"].as_i64().unwrap() < 0, "{rated}");
    assert!(rated["black"]["delta"].as_i64().unwrap() > 0, "{rated}");

    // The pool ratings and history moved; the site ratings and history did not.
    let pools = get(&a, &format!("/api/users/{ia}/pools")).await;
    let p = &pools["pools"][0];
    assert_eq!(
        (p["pool"].as_str(), p["profile"].as_str()),
        (Some("ladder-1"), Some("glicko2"))
    );
    assert_eq!(
        (p["games"].as_u64(), p["provisional"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(
        p["rating"].as_f64().map(f64::round),
        rated["black"]["after"].as_f64()
    );
    let h = get(&a, &format!("/api/users/{ib}/ratings?pool=ladder-1")).await;
    assert_eq!(
        (
            h["profile"].as_str(),
            h["pool"].as_str(),
            h["start"].as_i64()
        ),
        (Some("glicko2"), Some("ladder-1"), Some(1500))
    );
    assert_eq!(h["points"].as_array().map(Vec::len), Some(1), "{h}");
    assert!(h["points"][0]["delta"].as_f64().unwrap() < 0.0, "{h}");
    let site = get(&a, &format!("/api/users/{ib}/ratings")).await;
    assert_eq!(
        (site["points"].clone(), site["pool"].clone()),
        (json!([]), Value::Null),
        "{site}"
    );
    assert_eq!(
        (site_rating(&srv, ia).await, site_rating(&srv, ib).await),
        site_before
    );
    // A pool nobody knows, or a bad name.
    let (status, _) = a
        .http
        .get(&format!("/api/users/{ia}/ratings?pool=nope"))
        .await
        .unwrap();
    assert_eq!(status, 404);
    let (status, v) = a
        .http
        .get(&format!("/api/users/{ia}/ratings?pool=Bad%20Name"))
        .await
        .unwrap();
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_message")),
        "{v}"
    );

    // A third player joins at the pool rating; the winner's next challenge uses theirs.
    let mut c = Player::register(srv.addr, "plc").await;
    let (status, v) = c
        .http
        .post("/api/ladders/1/join", &json!({}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{v}");
    let v = get(&a, "/api/ladders/1").await;
    let rung = |u: u64| {
        v["rungs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["user"] == u)
            .unwrap()["rating"]
            .clone()
    };
    assert_eq!(rung(id(&c)), 1500, "{v}");

    // After a restart nothing is rated twice.
    srv.stop().await;
    let srv = TestServer::start_with(cfg).await;
    let pools = srv.db.pool_ratings(UserId(ia)).await.unwrap();
    assert_eq!(pools.len(), 1);
    assert_eq!(pools[0].rating.games, 1);
    let h = srv
        .db
        .rating_history(UserId(ib), "glicko2", "ladder-1")
        .await
        .unwrap();
    assert_eq!(h.len(), 1);
    assert_eq!(
        (site_rating(&srv, ia).await, site_rating(&srv, ib).await),
        site_before
    );
    srv.stop().await;
}

#[tokio::test]
async fn an_event_is_rated_in_its_own_pool() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let body = json!({
        "name": "Pool Cup", "starts_in_secs": 3600,
        "spec": {"rounds": 1, "round_gap_secs": 0, "no_show_secs": 60,
                 "rating": {"pool": "cup", "profile": "lotto"}},
    });
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    let event = v["id"].as_u64().unwrap();
    let mut players = tournaments::entrants(srv.addr, event, "pc", 2).await;
    let v = tournaments::view(&org, event).await;
    assert_eq!(
        v["spec"]["rating"],
        json!({"pool": "cup", "profile": "lotto"})
    );
    // Seeded by the pool rating: lotto starts everyone at 800 (the site's ourgame at 1400).
    let start = json!(800);
    assert!(
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["rating"] == start),
        "{v}"
    );
    org.ok(json!({"t": "t_watch", "tournament": event})).await;
    let (status, v) = tournaments::post(&mut org, event, "start").await;
    assert_eq!(status, 200, "{v}");
    t_ev(&mut org, "round_paired").await;
    let v = tournaments::view(&org, event).await;
    let board = &v["rounds"][0]["boards"][0];
    let (red, black) = (
        board["red"].as_u64().unwrap(),
        board["black"].as_u64().unwrap(),
    );
    let table = board["table"].as_u64().unwrap();
    let site_before = (site_rating(&srv, red).await, site_rating(&srv, black).await);
    let mut r = players.remove(&red).unwrap();
    let mut b = players.remove(&black).unwrap();
    let rated = play_two_plies(&mut r, &mut b, table, false).await;
    assert_eq!(
        (rated["rated"].as_bool(), rated["pool"].as_str()),
        (Some(true), Some("cup")),
        "{rated}"
    );
    assert_eq!(rated["red"]["before"], start, "{rated}");
    // The pool's profile rules apply: lotto scores a game within 5 plies as a draw.
    assert_eq!(rated["scored_as"], "1/2-1/2", "{rated}");
    let pools = get(&org, &format!("/api/users/{red}/pools")).await;
    assert_eq!(pools["pools"][0]["pool"], "cup", "{pools}");
    assert_eq!(pools["pools"][0]["games"], 1, "{pools}");
    let h = get(&org, &format!("/api/users/{black}/ratings?pool=cup")).await;
    assert_eq!(h["points"].as_array().map(Vec::len), Some(1), "{h}");
    assert_eq!(
        (site_rating(&srv, red).await, site_rating(&srv, black).await),
        site_before
    );
    srv.stop().await;
}

#[tokio::test]
async fn bad_pools_are_refused_and_change_nothing() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let (_, before) = org.http.get("/api/tournaments").await.unwrap();
    for (rating, why) in [
        (
            json!({"pool": "cup", "profile": "fide"}),
            "unknown rating profile",
        ),
        (
            json!({"pool": "Big Cup", "profile": "qq"}),
            "bad rating pool name",
        ),
        (json!("ladder-1"), "rating must be"),
        (
            json!({"pool": "ladder-1", "profile": "qq"}),
            "is rated with glicko2",
        ),
    ] {
        let body = json!({"name": "Bad", "spec": {"rating": rating}});
        let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
        assert_eq!(
            (status, v["error"].as_str()),
            (400, Some("bad_message")),
            "{v}"
        );
        assert!(v["message"].as_str().unwrap().contains(why), "{v} / {why}");
    }
    let (_, after) = org.http.get("/api/tournaments").await.unwrap();
    assert_eq!(before, after);
    srv.stop().await;

    // The configuration: an unknown profile, a bad name, one pool with two profiles.
    let ladder = |id: u32, rating: &str| {
        format!("[[rooms]]\nid = \"r\"\nname = \"R\"\ntables = 1\n\n[[ladders]]\nid = {id}\nname = \"L{id}\"\nrating = {rating}\n")
    };
    let err =
        server::Config::from_toml(&ladder(1, r#"{ pool = "l", profile = "fide" }"#)).unwrap_err();
    assert!(err.to_string().contains("unknown rating profile"), "{err}");
    let err =
        server::Config::from_toml(&ladder(1, r#"{ pool = "L 1", profile = "qq" }"#)).unwrap_err();
    assert!(err.to_string().contains("bad rating pool name"), "{err}");
    let two = ladder(1, r#"{ pool = "l", profile = "qq" }"#)
        + &ladder(2, r#"{ pool = "l", profile = "glicko2" }"#)
            .replace("[[rooms]]\nid = \"r\"\nname = \"R\"\ntables = 1\n\n", "");
    let err = server::Config::from_toml(&two).unwrap_err();
    assert!(err.to_string().contains("rated with qq"), "{err}");
    let fine = server::Config::from_toml(&ladder(1, r#""site""#)).unwrap();
    assert!(fine.ladders[0].rating.pool().is_none());
}
