//! Leagues over the real server (SQLite, or PostgreSQL with `CHUHE_TEST_DATABASE_URL`): two
//! teams of two enter a one-division league; the season starts at once; board 1 is played
//! over real WebSocket clients to a result (Black resigns) while board 2's Red never comes and
//! forfeits at the no-show deadline (its Black was at the table); the match and the standings follow. A non-captain's
//! lineup is refused and changes nothing.

use crate::common::{Player, TestServer};
use serde_json::{json, Value};
use std::time::Duration;

/// The league's configuration: one division, 2 boards, single round robin, the match at the
/// window's opening, 3 s to make one's first move.
pub fn config() -> Value {
    json!({
        "divisions": ["甲级"], "boards": 2, "double_round": false,
        "round_every": 3_600_000, "window": 3_600_000, "default_at": 0,
        "no_show": 3_000, "board_deadline": 600_000,
    })
}

pub async fn post(p: &mut Player, path: &str, body: Value) -> (u16, Value) {
    p.http.post(path, &body).await.unwrap()
}

pub fn id(p: &Player) -> u64 {
    p.user["id"].as_u64().unwrap()
}

/// A team captained by `cap` with `member`; its id.
pub async fn team(cap: &mut Player, member: &mut Player, name: &str) -> u64 {
    let (s, v) = post(cap, "/api/teams", json!({ "name": name })).await;
    assert_eq!(s, 200, "{v}");
    let t = v["id"].as_u64().unwrap();
    let (s, v) = post(member, &format!("/api/teams/{t}/join"), json!({})).await;
    assert_eq!(s, 200, "{v}");
    t
}

pub async fn notice(p: &mut Player, kind: &str) -> Value {
    p.ws.next_where(
        |m| m["t"] == "league_notice" && m["notice"]["kind"] == kind,
        kind,
    )
    .await
    .unwrap_or_else(|e| panic!("{} waiting for league {kind}: {e}", p.name))["notice"]
        .clone()
}

/// `cap` enters their team `t` into `league`.
pub async fn enter(cap: &mut Player, league: u32, t: u64) {
    let path = format!("/api/leagues/{league}/enter");
    let (s, v) = post(cap, &path, json!({"team": t})).await;
    assert_eq!(s, 200, "{v}");
}

/// `GET path` until `done` holds (at most 15 s).
pub async fn until(p: &Player, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let mut v = Value::Null;
    for _ in 0..150 {
        let (s, got) = p.http.get(path).await.unwrap();
        v = got;
        if s == 200 && done(&v) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{path}: {v}");
}

/// Waits until the server's pickup runs league `id`'s director.
pub async fn wait_for_league(p: &Player, id: u32) -> Value {
    for _ in 0..100 {
        let (s, v) = p.http.get(&format!("/api/leagues/{id}")).await.unwrap();
        if s == 200 {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("league {id} never came up");
}

#[tokio::test]
async fn a_two_board_match_with_one_board_played_and_one_forfeited() {
    let db = crate::common::TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a1 = Player::register(srv.addr, "la1").await;
    let mut a2 = Player::register(srv.addr, "la2").await;
    let mut b1 = Player::register(srv.addr, "lb1").await;
    let mut b2 = Player::register(srv.addr, "lb2").await;
    let ta = team(&mut a1, &mut a2, "league home").await;
    let tb = team(&mut b1, &mut b2, "league away").await;
    let league = srv
        .db
        .create_league("Test League", &config().to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&a1, league).await;
    // Only the captain enters a team.
    let (s, v) = post(
        &mut a2,
        &format!("/api/leagues/{league}/enter"),
        json!({"team": ta}),
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (400, Some("league_refused")),
        "{v}"
    );
    enter(&mut a1, league, ta).await;
    enter(&mut b1, league, tb).await;
    srv.db.request_league(league, "start").await.unwrap();
    // Board 1: home captain Red against the away captain; board 2: away Red against home.
    let began = notice(&mut a1, "began").await;
    let table = began["table"].as_u64().unwrap();
    assert_eq!(began["board"], 1);
    let (s, m) = a1
        .http
        .get(&format!("/api/leagues/{league}/matches/1"))
        .await
        .unwrap();
    assert_eq!(s, 200, "{m}");
    assert_eq!(m["boards"][0]["red"]["id"].as_u64(), Some(id(&a1)));
    assert_eq!(m["boards"][1]["red"]["id"].as_u64(), Some(id(&b2)));
    assert_eq!(m["boards"][1]["black"]["id"].as_u64(), Some(id(&a2)));
    // Board 2's Black comes to the table; its Red never does.
    let table2 = m["boards"][1]["table"].as_u64().unwrap();
    a2.ok(json!({"t": "join", "table": table2})).await;
    // Lineups are fixed once the match began, and only captains set them.
    let path = format!("/api/leagues/{league}/matches/1/lineup");
    let order = json!({"order": [id(&a2)]});
    let (s, v) = post(&mut a2, &path, order).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (400, Some("league_refused")),
        "{v}"
    );
    a1.ok(json!({"t": "join", "table": table})).await;
    b1.ok(json!({"t": "join", "table": table})).await;
    a1.mv(table, "h2e2").await;
    b1.mv(table, "h9g7").await;
    b1.ok(json!({"t": "resign", "table": table})).await;
    // Board 2 is never played: its Red forfeits after 3 s (Black was there); the match ends
    // 4–0.
    let ended = notice(&mut a1, "ended").await;
    assert_eq!(
        ended["score"],
        json!({"home_games": 4, "away_games": 0, "home_points": 2, "away_points": 0})
    );
    let (_, m) = a1
        .http
        .get(&format!("/api/leagues/{league}/matches/1"))
        .await
        .unwrap();
    assert_eq!(m["boards"][0]["result"], "red_won", "{m}");
    assert_eq!(m["boards"][1]["result"], "red_forfeit", "{m}");
    let v = wait_for_league(&a1, league).await;
    let rows = &v["divisions"][0]["standings"];
    assert_eq!(rows[0]["team"].as_u64(), Some(ta), "{v}");
    assert_eq!(
        (
            rows[0]["match_points"].as_u64(),
            rows[0]["game_points"].as_u64()
        ),
        (Some(2), Some(4))
    );
    assert_eq!(
        (
            rows[1]["match_points"].as_u64(),
            rows[1]["game_points"].as_u64()
        ),
        (Some(0), Some(0))
    );
    assert_eq!(v["phase"], "ended");
    // The notices were stored for the players.
    let (s, n) = b2.http.get("/api/me/notices").await.unwrap();
    assert_eq!(s, 200, "{n}");
    assert!(n.to_string().contains("league_notice"), "{n}");
    srv.stop().await;
}
