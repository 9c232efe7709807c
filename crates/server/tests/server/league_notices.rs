//! League reminders and team notices (SQLite, or PostgreSQL with `CHUHE_TEST_DATABASE_URL`):
//! `remind_before` a match every captain and lineup player gets one stored `reminder`, and a
//! restart (the journal replayed) sends none again; a lineup reaches the team's players as
//! `lineup_set`; joining, the captaincy changing hands and leaving reach the team's players as
//! stored `team_notice`s.

use crate::common::{Player, TestServer};
use crate::leagues::{config, enter, id, notice, post, wait_for_league};
use serde_json::{json, Value};

/// `p`'s stored notices of `t` (`league_notice`, `team_notice`) of kind `kind`.
async fn stored(p: &Player, t: &str, kind: &str) -> Vec<Value> {
    let (s, v) = p.http.get("/api/me/notices").await.unwrap();
    assert_eq!(s, 200, "{v}");
    v["notices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["msg"]["t"] == t && n["msg"]["notice"]["kind"] == kind)
        .map(|n| n["msg"]["notice"].clone())
        .collect()
}

async fn team_notice(p: &mut Player, kind: &str) -> Value {
    p.ws.next_where(
        |m| m["t"] == "team_notice" && m["notice"]["kind"] == kind,
        kind,
    )
    .await
    .unwrap_or_else(|e| panic!("{} waiting for team {kind}: {e}", p.name))["notice"]
        .clone()
}

#[tokio::test]
async fn reminders_once_and_team_notices() {
    let db = crate::common::TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a1 = Player::register(srv.addr, "rn_a1").await;
    let mut a2 = Player::register(srv.addr, "rn_a2").await;
    let mut b1 = Player::register(srv.addr, "rn_b1").await;
    let mut b2 = Player::register(srv.addr, "rn_b2").await;

    // Team notices: a join, then the captaincy handed over and back.
    let (s, v) = post(&mut a1, "/api/teams", json!({ "name": "rn home" })).await;
    assert_eq!(s, 200, "{v}");
    let ta = v["id"].as_u64().unwrap();
    let (s, v) = post(&mut a2, &format!("/api/teams/{ta}/join"), json!({})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        team_notice(&mut a1, "joined").await["user"].as_u64(),
        Some(id(&a2))
    );
    let path = format!("/api/teams/{ta}/captain");
    let (s, v) = post(&mut a1, &path, json!({ "user": id(&a2) })).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        team_notice(&mut a1, "captain").await["user"].as_u64(),
        Some(id(&a2))
    );
    let (s, v) = post(&mut a2, &path, json!({ "user": id(&a1) })).await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = post(&mut b1, "/api/teams", json!({ "name": "rn away" })).await;
    assert_eq!(s, 200, "{v}");
    let tb = v["id"].as_u64().unwrap();
    let (s, v) = post(&mut b2, &format!("/api/teams/{tb}/join"), json!({})).await;
    assert_eq!(s, 200, "{v}");
    // One who leaves hears of it too; the team's players do.
    let (s, v) = post(&mut b2, &format!("/api/teams/{tb}/leave"), json!({})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        team_notice(&mut b1, "left").await["user"].as_u64(),
        Some(id(&b2))
    );
    assert_eq!(stored(&b2, "team_notice", "left").await.len(), 1);
    let (s, v) = post(&mut b2, &format!("/api/teams/{tb}/join"), json!({})).await;
    assert_eq!(s, 200, "{v}");

    // The match is 4 s after the start, reminded 3 s before it.
    let mut c = config();
    c["default_at"] = json!(4_000);
    c["remind_before"] = json!(3_000);
    let league = srv
        .db
        .create_league("Reminder League", &c.to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&a1, league).await;
    enter(&mut a1, league, ta).await;
    enter(&mut b1, league, tb).await;
    srv.db.request_league(league, "start").await.unwrap();
    for _ in 0..50 {
        if wait_for_league(&a1, league).await["phase"] == "running" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // The away captain puts their second player first: the team's players hear of it.
    let order = json!({ "order": [id(&b2), id(&b1)] });
    let path = format!("/api/leagues/{league}/matches/1/lineup");
    let (s, v) = post(&mut b1, &path, order).await;
    assert_eq!(s, 200, "{v}");
    let n = notice(&mut b2, "lineup_set").await;
    assert_eq!(n["order"], json!([id(&b2), id(&b1)]), "{n}");
    for p in [&mut a1, &mut a2, &mut b1, &mut b2] {
        let n = notice(p, "reminder").await;
        assert_eq!(n["m"], 1, "{n}");
    }
    // A restart replays the journal: no second reminder.
    srv.stop().await;
    let srv = TestServer::start(&db).await;
    let cookie = a1.http.cookie.take();
    a1.http = client::HttpClient::new(srv.addr);
    a1.http.cookie = cookie;
    wait_for_league(&a1, league).await;
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    assert_eq!(stored(&a1, "league_notice", "reminder").await.len(), 1);
    srv.stop().await;
}
