//! Past seasons stay browsable (SQLite, or PostgreSQL with `CHUHE_TEST_DATABASE_URL`): a
//! one-board season ends (nobody comes: lost by both), `next_season` is applied, and season 1's
//! match, score and standings are still served (`?season=1`, the match page) while season 2
//! takes entries.

use crate::common::{Player, TestServer};
use crate::leagues::{config, enter, team, until, wait_for_league};
use serde_json::{json, Value};

async fn get(p: &Player, path: &str) -> (u16, Value) {
    p.http.get(path).await.unwrap()
}

#[tokio::test]
async fn an_ended_season_is_kept_after_next_season() {
    let db = crate::common::TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a1 = Player::register(srv.addr, "ls_a1").await;
    let mut a2 = Player::register(srv.addr, "ls_a2").await;
    let mut b1 = Player::register(srv.addr, "ls_b1").await;
    let mut b2 = Player::register(srv.addr, "ls_b2").await;
    let ta = team(&mut a1, &mut a2, "ls home").await;
    let tb = team(&mut b1, &mut b2, "ls away").await;
    let mut c = config();
    c["boards"] = json!(1);
    let league = srv
        .db
        .create_league("Seasons League", &c.to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&a1, league).await;
    enter(&mut a1, league, ta).await;
    enter(&mut b1, league, tb).await;
    srv.db.request_league(league, "start").await.unwrap();
    let path = format!("/api/leagues/{league}");
    let ended = until(&a1, &path, |v| v["phase"] == "ended").await;
    assert_eq!(ended["seasons"], json!([1]), "{ended}");
    srv.db.request_league(league, "next_season").await.unwrap();
    let now = until(&a1, &path, |v| v["season"] == 2).await;
    assert_eq!(now["phase"], "entry", "{now}");
    assert_eq!(now["seasons"], json!([1, 2]), "{now}");
    assert_eq!(now["matches"], json!([]), "{now}");

    // Season 1 as it ended.
    let (s, old) = get(&a1, &format!("{path}?season=1")).await;
    assert_eq!(s, 200, "{old}");
    assert_eq!(
        (old["season"].as_u64(), old["phase"].as_str()),
        (Some(1), Some("ended"))
    );
    assert_eq!(old["seasons"], json!([1, 2]), "{old}");
    assert_eq!(old["matches"], ended["matches"], "{old}");
    assert_eq!(
        old["divisions"][0]["standings"], ended["divisions"][0]["standings"],
        "{old}"
    );
    let m = old["matches"][0]["id"].as_u64().unwrap();
    let (s, x) = get(&a1, &format!("{path}/matches/{m}")).await;
    assert_eq!(s, 200, "{x}");
    assert_eq!(x["season"], 1, "{x}");
    assert_eq!(x["boards"][0]["result"], "both_forfeit", "{x}");
    let (s, _) = get(&a1, &format!("{path}?season=7")).await;
    assert_eq!(s, 404, "no such season");
    srv.stop().await;
}
