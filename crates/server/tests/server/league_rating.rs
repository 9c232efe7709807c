//! A league rated in a pool of its own (SQLite, or PostgreSQL with `CHUHE_TEST_DATABASE_URL`):
//! its board's game changes the players' ratings in the league's pool, with the pool's
//! profile, and leaves their site ratings as they were.

use super::leagues::{config, enter, id, notice, team, wait_for_league};
use crate::common::{Player, TestServer};
use platform::UserId;
use serde_json::json;

#[tokio::test]
async fn a_league_game_is_rated_in_the_leagues_pool_only() {
    let db = crate::common::TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a1 = Player::register(srv.addr, "lr_a1").await;
    let mut a2 = Player::register(srv.addr, "lr_a2").await;
    let mut b1 = Player::register(srv.addr, "lr_b1").await;
    let mut b2 = Player::register(srv.addr, "lr_b2").await;
    let ta = team(&mut a1, &mut a2, "pool home").await;
    let tb = team(&mut b1, &mut b2, "pool away").await;
    let mut settings = config();
    settings["boards"] = json!(1);
    settings["rating"] = json!({"pool": "league-1", "profile": "glicko2"});
    let league = srv
        .db
        .create_league("Pool League", &settings.to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&a1, league).await;
    enter(&mut a1, league, ta).await;
    enter(&mut b1, league, tb).await;
    let site = |u: u64| {
        let db = srv.db.clone();
        async move {
            let row = db.user(UserId(u)).await.unwrap().unwrap();
            (row.rating.rating, row.rating.games)
        }
    };
    let before = (site(id(&a1)).await, site(id(&b1)).await);
    srv.db.request_league(league, "start").await.unwrap();

    let began = notice(&mut a1, "began").await;
    let table = began["table"].as_u64().unwrap();
    for p in [&mut a1, &mut b1] {
        p.ok(json!({"t": "join", "table": table})).await;
    }
    a1.mv(table, "h2e2").await;
    b1.mv(table, "h9g7").await;
    b1.ok(json!({"t": "resign", "table": table})).await;
    let rated = b1.event("rated").await;
    assert_eq!(
        (rated["rated"].as_bool(), rated["pool"].as_str()),
        (Some(true), Some("league-1")),
        "{rated}"
    );
    notice(&mut a1, "ended").await;

    let pools = srv.db.pool_ratings(UserId(id(&a1))).await.unwrap();
    assert_eq!(pools.len(), 1, "{pools:?}");
    assert_eq!(pools[0].rating.games, 1);
    assert!(pools[0].rating.rating > 1500.0, "the winner gained");
    let (s, h) = a1
        .http
        .get(&format!("/api/users/{}/ratings?pool=league-1", id(&b1)))
        .await
        .unwrap();
    assert_eq!(s, 200, "{h}");
    assert_eq!(h["points"].as_array().map(Vec::len), Some(1), "{h}");
    assert_eq!((site(id(&a1)).await, site(id(&b1)).await), before);
    srv.stop().await;
}
