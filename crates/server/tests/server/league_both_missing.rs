//! Both players missing on an opened league board (SQLite, or PostgreSQL with
//! `CHUHE_TEST_DATABASE_URL`): neither comes to the table, Red's no-show deadline passes, and
//! the board is lost by both — 0 game points to each team (docs/leagues.md) — not a Red forfeit.

use crate::common::{Player, TestServer};
use crate::leagues::{config, enter, id, notice, team, wait_for_league};
use serde_json::json;

#[tokio::test]
async fn a_board_both_players_missed_is_lost_by_both() {
    let db = crate::common::TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a1 = Player::register(srv.addr, "bm_a1").await;
    let mut a2 = Player::register(srv.addr, "bm_a2").await;
    let mut b1 = Player::register(srv.addr, "bm_b1").await;
    let mut b2 = Player::register(srv.addr, "bm_b2").await;
    let ta = team(&mut a1, &mut a2, "bm home").await;
    let tb = team(&mut b1, &mut b2, "bm away").await;
    let league = srv
        .db
        .create_league("Missing League", &config().to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&a1, league).await;
    enter(&mut a1, league, ta).await;
    enter(&mut b1, league, tb).await;
    srv.db.request_league(league, "start").await.unwrap();
    let began = notice(&mut a1, "began").await;
    let table = began["table"].as_u64().unwrap();
    // Board 1 is played to a result; board 2 (b2 Red, a2 Black): nobody comes.
    a1.ok(json!({"t": "join", "table": table})).await;
    b1.ok(json!({"t": "join", "table": table})).await;
    a1.mv(table, "h2e2").await;
    b1.mv(table, "h9g7").await;
    b1.ok(json!({"t": "resign", "table": table})).await;
    let ended = notice(&mut a1, "ended").await;
    // Board 1 to home (2–0), board 2 to nobody (0–0): home wins the match 2–0.
    assert_eq!(
        ended["score"],
        json!({"home_games": 2, "away_games": 0, "home_points": 2, "away_points": 0})
    );
    let (_, m) = a1
        .http
        .get(&format!("/api/leagues/{league}/matches/1"))
        .await
        .unwrap();
    assert_eq!(m["boards"][1]["red"]["id"].as_u64(), Some(id(&b2)), "{m}");
    assert_eq!(m["boards"][1]["result"], "both_forfeit", "{m}");
    // Both missing players hear of the forfeit.
    for p in [&mut a2, &mut b2] {
        let n = notice(p, "forfeited").await;
        assert_eq!(n["result"], "both_forfeit", "{n}");
    }
    let v = wait_for_league(&a1, league).await;
    let rows = &v["divisions"][0]["standings"];
    assert_eq!(rows[0]["game_points"].as_u64(), Some(2), "{v}");
    assert_eq!(rows[1]["game_points"].as_u64(), Some(0), "{v}");
    srv.stop().await;
}
