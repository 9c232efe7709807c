//! Ladders over the real server: refusals that change nothing (reach, a pair already open,
//! joining twice, strangers, unknown ladders, bad bodies), a defender who does not make their
//! first move forfeits (the challenger climbs, the defender is charged a time-out), and a player
//! who leaves mid-game has the game resigned for them and the players below move up; the
//! notices of a challenge are stored for the players concerned (`/api/me/notices`).

use crate::common::{test_config, Player, TestDb, TestServer};
use serde_json::{json, Value};

/// A config with ladder 1: reach exactly one place, `play_within_secs` as given.
fn config(db: &TestDb, play_within_secs: u64) -> server::Config {
    let mut c = test_config(db);
    let spec: events::ladder::LadderSpec = serde_json::from_value(json!({
        "id": 1, "name": "Test Ladder", "time_control": "rapid",
        "reach_places": 1, "reach_percent": 0, "reach_rating_places": 0,
        "play_within_secs": play_within_secs,
    }))
    .unwrap();
    c.ladders = vec![spec];
    c
}

async fn post(p: &mut Player, path: &str, body: Value) -> (u16, Value) {
    p.http.post(path, &body).await.unwrap()
}

async fn view(p: &Player) -> Value {
    let (status, v) = p.http.get("/api/ladders/1").await.unwrap();
    assert_eq!(status, 200, "{v}");
    v
}

fn id(p: &Player) -> u64 {
    p.user["id"].as_u64().unwrap()
}

fn order(v: &Value) -> Vec<u64> {
    v["rungs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["user"].as_u64().unwrap())
        .collect()
}

/// Registers `n` players and puts them on ladder 1 in order.
async fn climbers(srv: &TestServer, prefix: &str, n: usize) -> Vec<Player> {
    let mut out = Vec::new();
    for i in 0..n {
        let mut p = Player::register(srv.addr, &format!("{prefix}{i}")).await;
        let (status, v) = post(&mut p, "/api/ladders/1/join", json!({})).await;
        assert_eq!(status, 200, "{v}");
        out.push(p);
    }
    out
}

async fn notice(p: &mut Player, kind: &str) -> Value {
    p.ws.next_where(
        |m| m["t"] == "ladder_notice" && m["notice"]["kind"] == kind,
        kind,
    )
    .await
    .unwrap_or_else(|e| panic!("waiting for {kind}: {e}"))["notice"]
        .clone()
}

#[tokio::test]
async fn refused_challenges_change_nothing() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db, 3_600)).await;
    let mut p = climbers(&srv, "lr", 3).await;
    let before = view(&p[0]).await;
    let refused = |r: (u16, Value), why: &str| {
        assert_eq!(r.0, 400, "{}", r.1);
        assert_eq!(r.1["error"], "ladder_refused", "{}", r.1);
        assert!(
            r.1["message"].as_str().unwrap().contains(why),
            "{} / {why}",
            r.1
        );
    };
    let first = id(&p[0]);
    refused(
        post(
            &mut p[2],
            "/api/ladders/1/challenge",
            json!({"defender": first}),
        )
        .await,
        "out of reach",
    );
    let third = id(&p[2]);
    refused(
        post(
            &mut p[0],
            "/api/ladders/1/challenge",
            json!({"defender": third}),
        )
        .await,
        "not above",
    );
    refused(
        post(&mut p[0], "/api/ladders/1/join", json!({})).await,
        "already",
    );
    let mut stranger = Player::register(srv.addr, "lrx").await;
    refused(
        post(
            &mut stranger,
            "/api/ladders/1/challenge",
            json!({"defender": first}),
        )
        .await,
        "not on the ladder",
    );
    let (status, v) = post(&mut p[1], "/api/ladders/1/challenge", json!({"who": 1})).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_message")),
        "{v}"
    );
    let (status, _) = post(
        &mut p[1],
        "/api/ladders/9/challenge",
        json!({"defender": first}),
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(view(&p[0]).await["rungs"], before["rungs"]);
    assert_eq!(view(&p[0]).await["open"], json!([]));

    // One challenge, then the same pair again: refused while it is open.
    let (status, v) = post(
        &mut p[1],
        "/api/ladders/1/challenge",
        json!({"defender": first}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    refused(
        post(
            &mut p[1],
            "/api/ladders/1/challenge",
            json!({"defender": first}),
        )
        .await,
        "open already",
    );
    assert_eq!(view(&p[0]).await["open"].as_array().unwrap().len(), 1);
    // Ladder tables are seated by the ladder: standing up is refused.
    let table = v["table"].as_u64().unwrap();
    p[1].ok(json!({"t": "join", "table": table})).await;
    assert_eq!(
        p[1].refused(json!({"t": "stand", "table": table})).await,
        "ladder_refused"
    );
    srv.stop().await;
}

#[tokio::test]
async fn a_defender_who_does_not_move_forfeits_and_the_challenger_climbs() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db, 2)).await;
    let mut p = climbers(&srv, "ln", 3).await;
    let ids: Vec<u64> = p.iter().map(id).collect();
    let (status, v) = post(
        &mut p[2],
        "/api/ladders/1/challenge",
        json!({"defender": ids[1]}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let table = v["table"].as_u64().unwrap();
    // The deadline is within the reminder's 12 hours at once: both are told.
    let near = notice(&mut p[1], "deadline_near").await;
    assert_eq!(near["table"].as_u64(), Some(table));
    p[2].ok(json!({"t": "join", "table": table})).await;
    p[2].mv(table, "h2e2").await;
    // The defender never answers: after two seconds they forfeit.
    let n = notice(&mut p[2], "ended").await;
    assert_eq!(
        n["outcome"],
        json!({"t": "no_show", "challenger": false, "defender": true})
    );
    let moved = notice(&mut p[1], "moved").await;
    assert_eq!(
        (moved["from"].as_u64(), moved["to"].as_u64()),
        (Some(2), Some(3))
    );
    let v = view(&p[0]).await;
    assert_eq!(order(&v), [ids[0], ids[2], ids[1]]);
    let loser = v["rungs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["user"] == ids[1])
        .unwrap();
    assert_eq!(loser["timeouts"], 1);
    notices_were_kept(&mut p).await;
    srv.stop().await;
}

/// The defender's notices of that challenge were stored, newest first; marking them seen is
/// one's own business only.
async fn notices_were_kept(p: &mut [Player]) {
    let (status, v) = p[1].http.get("/api/me/notices").await.unwrap();
    assert_eq!(status, 200, "{v}");
    let all = v["notices"].as_array().unwrap();
    let kinds: Vec<&str> = all
        .iter()
        .filter(|n| n["msg"]["t"] == "ladder_notice")
        .map(|n| n["msg"]["notice"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["moved", "ended", "deadline_near", "challenged"],
        "{v}"
    );
    // The missed first move also lowered the defender's behaviour score: told and kept too.
    let conduct: Vec<_> = all
        .iter()
        .filter(|n| n["msg"]["t"] == "conduct_notice")
        .collect();
    assert_eq!(conduct.len(), 1, "{v}");
    assert_eq!(conduct[0]["msg"]["conduct"], "no_show", "{v}");
    assert_eq!(v["unseen"], 5, "{v}");
    let newest = v["notices"][0]["id"].as_u64().unwrap();
    // Someone else marking them changes nothing; they have none of their own.
    let (status, w) = post(&mut p[0], "/api/me/notices/seen", json!({"up_to": newest})).await;
    assert_eq!((status, w["changed"].as_u64()), (200, Some(0)), "{w}");
    let (_, w) = p[0].http.get("/api/me/notices").await.unwrap();
    assert_eq!(w["notices"], json!([]), "{w}");
    let (status, w) = post(&mut p[1], "/api/me/notices/seen", json!({"up_to": newest})).await;
    assert_eq!(
        (status, w["changed"].as_u64(), w["unseen"].as_u64()),
        (200, Some(5), Some(0)),
        "{w}"
    );
    let (status, w) = post(&mut p[1], "/api/me/notices/seen", json!({"up_to": "x"})).await;
    assert_eq!(
        (status, w["error"].as_str()),
        (400, Some("bad_message")),
        "{w}"
    );
    let (_, w) = p[1].http.get("/api/me/notices?limit=2").await.unwrap();
    assert_eq!(w["notices"].as_array().map(Vec::len), Some(2), "{w}");
    assert!(
        w["notices"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["seen"] == true),
        "{w}"
    );
}

#[tokio::test]
async fn leaving_mid_game_resigns_it_and_moves_the_players_below_up() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db, 3_600)).await;
    let mut p = climbers(&srv, "ll", 3).await;
    let ids: Vec<u64> = p.iter().map(id).collect();
    let (status, v) = post(
        &mut p[1],
        "/api/ladders/1/challenge",
        json!({"defender": ids[0]}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let table = v["table"].as_u64().unwrap();
    p[0].ok(json!({"t": "join", "table": table})).await;
    let (status, v) = post(&mut p[1], "/api/ladders/1/leave", json!({})).await;
    assert_eq!(status, 200, "{v}");
    let n = notice(&mut p[0], "ended").await;
    assert_eq!(n["outcome"]["t"], "withdrawn");
    // The game at the table ended too: the leaver resigned it.
    let end = p[0].event("game_ended").await;
    assert!(end.to_string().contains("resign"), "{end}");
    let moved = notice(&mut p[2], "moved").await;
    assert_eq!(
        (moved["from"].as_u64(), moved["to"].as_u64()),
        (Some(3), Some(2))
    );
    let v = view(&p[0]).await;
    assert_eq!(order(&v), [ids[0], ids[2]]);
    assert_eq!(v["history"][0]["places_after"], json!([null, 1]));
    srv.stop().await;
}
