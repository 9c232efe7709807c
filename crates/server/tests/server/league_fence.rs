//! A league director whose lease another node took over (SQLite, or PostgreSQL with
//! `CHUHE_TEST_DATABASE_URL`): its next journal write is refused by the fence in the write's
//! own transaction, the captain's command fails and changes nothing, and the director stops
//! itself (this node no longer answers for the league).

use crate::common::{Player, TestServer};
use crate::leagues::{config, wait_for_league};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn a_fenced_league_director_refuses_and_stops() {
    let db = crate::common::TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut cap = Player::register(srv.addr, "lfcap").await;
    let (s, v) = cap
        .http
        .post("/api/teams", &json!({ "name": "fenced team" }))
        .await
        .unwrap();
    assert_eq!(s, 200, "{v}");
    let team = v["id"].as_u64().unwrap();
    let league = srv
        .db
        .create_league("Fenced League", &config().to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&cap, league).await;

    // Another node takes the league's lease over (this node's leases released, as by a
    // pause past its lease).
    let now = kit::clock::now().0;
    srv.db.beat("n9", "run", now).await.unwrap();
    srv.db.release_tables("n1").await.unwrap();
    let grant = srv
        .db
        .claim_table(events::league::lease_id(league), "n9", now - 5_000)
        .await
        .unwrap();
    assert!(grant.is_some(), "n9 holds the league now");

    let (s, v) = cap
        .http
        .post(
            &format!("/api/leagues/{league}/enter"),
            &json!({ "team": team }),
        )
        .await
        .unwrap();
    assert_eq!(s, 500, "a fenced write is not stored: {v}");
    assert!(
        srv.db.league_log(league).await.unwrap().is_empty(),
        "nothing journaled"
    );
    // The director stopped: this node answers for the league no more.
    let mut gone = false;
    for _ in 0..50 {
        let (s, _) = cap
            .http
            .get(&format!("/api/leagues/{league}"))
            .await
            .unwrap();
        if s == 404 {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(gone, "the fenced director stopped");
    let (_, h) = cap.http.get("/healthz").await.unwrap();
    assert_eq!(h["leagues"], 0, "{h}");
}
